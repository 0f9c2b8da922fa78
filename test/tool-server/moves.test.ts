// `plan --emit tool-server` moves subscribers as apply does: the subscriptions on a source price are
// read when the scripts are made (compileRun), and each gets one `client.subscriptions.update` with the
// body apply sends (its full items list, the source item's price replaced, the declared proration:
// developer.paddle.com/api-reference/subscriptions/update-subscription). Run against the emulator
// through a client like the tool server's, with apply's test account (subscription-account.mjs SEED).
// One in Paddle's 30-minute lock before its renewal (409 subscription_locked_renewal,
// https://developer.paddle.com/errors/subscriptions/subscription_locked_renewal) is in no script (a
// person running it later could reach it after its renewal): it says to run apply; nor is any
// subscription of a move with bills_from, whose day a script run later could miss.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { type AccountSeed, type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { DEFAULT_CALLER_SETTINGS } from '../../src/paddle/calls.js';
import { createCatalogGateway } from '../../src/paddle/catalog-gateway.js';
import { paddleSubscriptionsGateway } from '../../src/paddle/subscriptions-gateway.js';
import { planAccount } from '../../src/plan-use-case/account.js';
import { emitToolServerScripts } from '../../src/tool-server/emit.js';
import { TOOL_SERVER_CAPS } from '../../src/tool-server/scripts.js';
import { tempDir, writeCatalog } from '../support/catalog-files.js';
import { manualClock } from '../support/emulator.js';
import { jumpingClock } from '../support/jumping-clock.js';
import { startedMarker } from '../support/marker.mjs';
import { runCliInProcess } from '../support/run-cli-in-process.js';
import { ADDON, CATALOG, MONTHLY, NOW, PRORATION, pid, SEED, sub } from '../support/subscription-account.mjs';
import { runToolServerScript } from '../support/tool-server.js';

const [TARGET, OLD] = [pid('pri', 3), pid('pri', 4)];
/** the subscriptions of some moves, in id order (Paddle lists them newest first) */
const targets = (ops: Array<{ target: string }> | undefined) => (ops ?? []).map((op) => op.target).sort();

const [monthly] = SEED.prices ?? [];
const wanted = CATALOG.products.pro?.prices?.['monthly-2027'];
/**
 * pro/monthly-2027 as the apply that started its move would have made it (its marker records the
 * move), and a managed price the catalog no longer has
 */
const MORE_PRICES = [
  {
    ...monthly,
    id: TARGET,
    description: wanted?.description,
    unit_price: wanted?.unit_price,
    custom_data: startedMarker('pro/monthly-2027', [
      { from: 'pro/monthly', proration: PRORATION, bills_from: wanted?.bills_from ?? null },
    ]),
  },
  { ...monthly, id: OLD, description: 'Pro old', custom_data: { paddle_catalog: { key: 'pro/old' } } },
];

/** The shared account, with pro/monthly-2027 in it unless `withTarget` is false. */
const seed = (subscriptions = SEED.subscriptions, withTarget = true) => ({
  ...SEED,
  prices: [...(SEED.prices ?? []), ...MORE_PRICES.slice(withTarget ? 0 : 1)],
  subscriptions,
});

let emulator: RunningEmulator;
const account = () => ({ environment: 'sandbox' as const, baseUrl: emulator.url, apiKey: emulator.apiKey });

async function emit(options: { prune?: boolean } = {}, catalog = CATALOG) {
  const { plan } = await planAccount({
    environment: 'sandbox',
    catalog,
    gateway: createCatalogGateway(account()),
    subscriptions: paddleSubscriptionsGateway(account()),
    options,
  });
  const clock = jumpingClock(Date.parse(NOW));
  return emitToolServerScripts({
    plan,
    subscriptions: paddleSubscriptionsGateway(account()),
    settings: { ...DEFAULT_CALLER_SETTINGS, clock },
  });
}

async function runAll(scripts: Array<{ code: string }>) {
  const printed = [];
  for (const script of scripts) {
    printed.push((await runToolServerScript(script.code, emulator.url, emulator.apiKey)).printed);
  }
  return printed as Array<{
    moved?: string[];
    left?: Record<string, string>;
    prices: Record<string, string>;
  }>;
}

async function withSeed(subscriptions = SEED.subscriptions, targetExists = true) {
  await emulator?.close();
  emulator = await startEmulator({
    demo: false,
    seed: { sandbox: seed(subscriptions, targetExists) as AccountSeed },
    now: manualClock(NOW).now,
  });
}

afterAll(() => emulator?.close());

describe('plan --emit tool-server moves subscribers', () => {
  beforeAll(() => withSeed());
  beforeEach(() => emulator.reset());

  it('one update per subscription on the source price, with the body apply sends; a locked one is in no script and says to run apply', async () => {
    const emission = await emit();
    expect(targets(emission.moves?.emitted)).toEqual([sub(1), sub(2), sub(3)]);
    const [locked] = emission.moves?.left ?? [];
    expect(locked?.subscription.id).toBe(sub(4));
    expect(locked?.code).toBe('run_apply');
    expect(locked?.reason).toContain('waits: a lock near renewal until 2026-01-15');
    expect(locked?.reason).toContain('run apply');
    expect(emission.scripts).toHaveLength(1);
    const code = emission.scripts[0]?.code ?? '';
    expect(code).toContain(
      `await move("${sub(1)}", {"items":[{"price_id":"${TARGET}","quantity":3},{"price_id":"${ADDON}","quantity":2}],"proration_billing_mode":"${PRORATION}"}); // to "pro/monthly-2027"`,
    );
    expect(code).toContain('client.subscriptions.update(id, body)');

    const [printed] = await runAll(emission.scripts);
    const patch = emulator
      .requests()
      .find((r) => r.method === 'PATCH' && r.path === `/subscriptions/${sub(1)}`);
    expect(patch?.body).toEqual({
      items: [
        { price_id: TARGET, quantity: 3 },
        { price_id: ADDON, quantity: 2 },
      ],
      proration_billing_mode: PRORATION,
    });
    expect(printed?.moved?.sort()).toEqual([sub(1), sub(2), sub(3)]);
    expect(printed?.left).toEqual({});

    // the next scripts hold only what is still on the source price: the locked one, still locked
    const again = await emit();
    expect(targets(again.moves?.emitted)).toEqual([]);
    expect(again.moves?.left.map((l) => l.subscription.id)).toEqual([sub(4)]);
  });

  it('the script says when the subscriptions were read, and that one that joined or changed since is not as it says', async () => {
    const code = (await emit()).scripts[0]?.code ?? '';
    expect(code).toContain(
      `It moves 3 subscriptions, each with its items as read from the account at ${NOW}:`,
    );
    expect(code).toContain('a subscription that joined a source price since is not in it');
    expect(code).toContain('one whose items changed since would');
    expect(code).toContain('Make the scripts again (plan --emit tool-server) rather than run an old one.');
  });
});

describe('plan --emit tool-server: a move to a price these scripts create', () => {
  beforeAll(() => withSeed(SEED.subscriptions?.slice(0, 2), false));

  it('waits for the next round, and so does an archive that waits for the moves; the next round moves them', async () => {
    const first = await emit({ prune: true });
    expect(first.moves?.emitted).toEqual([]);
    expect(targets(first.moves?.deferred)).toEqual([sub(1), sub(2)]);
    // --prune's archive of pro/old waits for every move, as in apply
    expect(first.deferred).toEqual(['pro/old']);
    const code = first.scripts.map((s) => s.code).join('\n');
    expect(code).not.toContain('client.subscriptions');
    expect(code).not.toContain('"status":"archived"');
    const [printed] = await runAll(first.scripts);
    const made = printed?.prices['pro/monthly-2027'];

    const second = await emit({ prune: true });
    expect(second.deferred).toEqual([]);
    expect(second.moves?.emitted.map((op) => op.body.items[0]?.price_id)).toEqual([made, made]);
    const next = second.scripts.map((s) => s.code).join('\n');
    // the archive comes after the moves
    expect(next.indexOf('"status":"archived"')).toBeGreaterThan(next.lastIndexOf('await move('));
    await runAll(second.scripts);
    const third = await emit({ prune: true });
    expect(third.scripts).toEqual([]);
  });
});

describe('plan --emit tool-server: many subscriptions', () => {
  beforeAll(() =>
    withSeed(
      Array.from({ length: 120 }, (_, i) => ({
        ...SEED.subscriptions?.[0],
        id: sub(i + 1),
        items: [{ price_id: MONTHLY, quantity: 1 }],
      })),
    ),
  );

  it('120 subscriptions: scripts of at most 50 updates, each within the caps, together moving every one', async () => {
    const emission = await emit();
    expect(emission.scripts.map((s) => s.calls)).toEqual([50, 50, 20]);
    for (const script of emission.scripts)
      expect(script.code.length).toBeLessThanOrEqual(TOOL_SERVER_CAPS.codeChars);
    const printed = await runAll(emission.scripts);
    expect(printed.flatMap((p) => p.moved ?? [])).toHaveLength(120);
  });
});

describe('plan --emit tool-server: what it says of the moves', () => {
  beforeAll(() => withSeed());

  const run = async (...more: string[]) => {
    const dir = tempDir();
    writeCatalog(dir, stringify(CATALOG));
    const env = { PADDLE_API_URL: emulator.url, PADDLE_API_KEY: emulator.apiKey, NO_COLOR: '1' };
    const clock = jumpingClock(Date.parse(NOW));
    return runCliInProcess(['plan', 'catalog.yaml', '--emit', 'tool-server', ...more], {
      env,
      cwd: dir,
      clock,
    });
  };

  it('when the subscriptions were read, and each move as a dashboard step that says Paddle documents no steps for it', async () => {
    const { code, stdout, stderr } = await run();
    expect(code).toBe(0);
    expect(stdout).toContain(`await move("${sub(2)}"`);
    expect(stderr).toContain(
      `Subscriptions on the source prices read at ${NOW}: 3 subscriptions move in these scripts.`,
    );
    expect(stderr).toMatch(/^ {2}[1-3]\. Paddle > Customers/m);
    expect(stderr).toContain(`${sub(4)} is in no script: waits: a lock near renewal until 2026-01-15`);
    expect(stderr).toContain(
      `. Paddle > Customers → the customer of ${sub(1)} → Subscriptions → ${sub(1)}: its items become ${TARGET} × 3, ${ADDON} × 2 and nothing else (to pro/monthly-2027), proration ${PRORATION}. Paddle's dashboard changes a subscription's items on one screen, but Paddle documents no steps for it; use the API call above.`,
    );
  });

  it('--json: read_at, how many move, and the dashboard steps', async () => {
    const { stdout } = await run('--json');
    const document = JSON.parse(stdout);
    expect(document.subscriptions).toMatchObject({ read_at: NOW, moving: 3, deferred: 0 });
    expect(document.subscriptions.left).toMatchObject([{ subscription: sub(4), code: 'run_apply' }]);
    expect(document.subscriptions.dashboard).toHaveLength(3);
  });
});

describe('plan --emit tool-server: a move with bills_from', () => {
  beforeAll(() => withSeed());

  const pro = CATALOG.products.pro;
  const withBillsFrom = {
    ...CATALOG,
    products: {
      pro: {
        ...pro,
        prices: {
          ...pro?.prices,
          // retired by the move: archived once no one is left on it
          monthly: { ...pro?.prices?.monthly, status: 'archived' },
          'monthly-2027': { ...wanted, proration: 'do_not_bill', bills_from: '2026-01-01' },
        },
      },
    },
  } as typeof CATALOG;

  it('moves no one in the scripts and archives nothing anyone is on: each says to run apply', async () => {
    const emission = await emit({}, withBillsFrom);
    expect(emission.moves?.emitted).toEqual([]);
    const left = emission.moves?.left ?? [];
    expect(left.map((l) => l.subscription.id).sort()).toEqual([sub(1), sub(2), sub(3), sub(4)]);
    for (const l of left) {
      expect(l.code).toBe('run_apply');
      expect(l.reason).toContain('bills_from 2026-01-01');
      expect(l.reason).toContain('run apply');
    }
    expect(emission.held).toEqual(['pro/monthly']);
    const code = emission.scripts.map((s) => s.code).join('\n');
    expect(code).not.toContain('client.subscriptions');
    expect(code).not.toContain('"status":"archived"');
  });
});
