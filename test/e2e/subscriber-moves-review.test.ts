// Subscriber moves wherever a plan or an apply is reported, through the CLI in-process against the
// emulator: the Markdown review and the job summary print the move line as the human plan does; a
// move with subscribers on its source is work to do (exit 2, has_changes) and one already made is
// not; a saved plan records the moves as reviewed (review.moves), and `apply plan.json` moves who is
// on the source when it runs (a plan is applied hours after it is reviewed) and says how many it
// was reviewed with beside how many it moved; one Paddle will not change yet moves when the same
// plan file is applied again later; a file whose catalog was edited to move otherwise than
// reviewed (its digest recomputed) is refused with nothing written.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { digestOf } from '../../src/saved-plan/document.js';
import { tempDir, writeCatalog } from '../support/catalog-files.js';
import { call, manualClock } from '../support/emulator.js';
import { marker } from '../support/marker.mjs';
import { runCliInProcess } from '../support/run-cli-in-process.js';
import {
  ADDON,
  ADDON_PRICE,
  CUSTOMER,
  LEGACY,
  MONTHLY,
  month,
  NOW,
  PRO,
  PRO_PRODUCT,
  pid,
  sub,
  subscription,
} from '../support/subscription-account.mjs';

const NEXT = pid('pri', 2);
/** Subscription `n` in `status`, of one `price`, renewing at `next`. */
const on = (n: number, status: string, price = MONTHLY, next?: string) =>
  subscription(n, {
    status,
    items: [{ price_id: price, quantity: 1 }],
    ...(next ? { next_billed_at: next } : {}),
  });

const priceOf = (id: string, description: string, amount: string, key?: string) => ({
  id,
  product_id: PRO,
  description,
  billing_cycle: month,
  unit_price: { amount, currency_code: 'USD' },
  ...(key ? { custom_data: marker(key) } : {}),
});

/** pro/monthly with 2 active and 1 paused subscriptions (and a canceled one); pro/monthly-2027 made already. */
const SEED = {
  customers: [CUSTOMER],
  products: [PRO_PRODUCT],
  prices: [
    priceOf(MONTHLY, 'Pro monthly', '2400', 'pro/monthly'),
    priceOf(NEXT, 'Pro monthly 2027', '2900', 'pro/monthly-2027'),
    // not managed: a subscription on it is put on pro/monthly after the plan
    ADDON_PRICE,
    priceOf(LEGACY, 'Pro legacy', '1900', 'pro/legacy'),
  ],
  subscriptions: [
    on(1, 'active'),
    on(2, 'active'),
    on(3, 'paused'),
    on(4, 'canceled'),
    on(5, 'active', ADDON),
    on(6, 'active', LEGACY),
    // renews in 10 minutes: Paddle refuses to change it until then (subscription_locked_renewal)
    on(7, 'active', LEGACY, '2026-01-15T12:10:00.000Z'),
  ],
};

const price = (description: string, amount: string, extra = '') => `
        description: ${description}
        unit_price: { amount: "${amount}", currency_code: USD }
        billing_cycle: { interval: month, frequency: 1 }${extra}`;

/** The catalog that moves pro/monthly's subscribers to `target` (made already, or created by the plan). */
const MOVE = (target = 'monthly-2027', description = 'Pro monthly 2027') => `version: 1
products:
  pro:
    name: Pro
    tax_category: saas
    prices:
      monthly:${price('Pro monthly', '2400')}
      ${target}:${price(description, '2900', '\n        subscribers_from: [monthly]')}
`;

const LINE =
  '~ move subscribers pro/monthly → pro/monthly-2027: 2 active, 1 paused (do_not_bill: no charge now; the next renewal bills the new price)';

let emulator: RunningEmulator;
let dir: string;
let clock = manualClock(NOW);
const env = (extra: Record<string, string> = {}) => ({
  PADDLE_API_URL: emulator.url,
  PADDLE_API_KEY: emulator.apiKey,
  ...extra,
});
const cli = (args: string[], extra: Record<string, string> = {}) =>
  runCliInProcess(args, { env: env(extra), cwd: dir });

/** The job summary and step outputs of one command run as in GitHub Actions. */
function actions() {
  const summary = join(dir, 'summary.md');
  const output = join(dir, 'output.txt');
  writeFileSync(summary, '');
  writeFileSync(output, '');
  return {
    env: { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary, GITHUB_OUTPUT: output },
    summary: () => readFileSync(summary, 'utf8'),
    hasChanges: () => /^has_changes<<(\S+)\n(\w+)\n\1$/m.exec(readFileSync(output, 'utf8'))?.[2],
  };
}

/** A subscription of the add-on put on pro/monthly with Paddle's update: one who subscribed after the plan. */
async function subscribeAfterThePlan() {
  const moved = await call(emulator, 'PATCH', `/subscriptions/${sub(5)}`, {
    body: { items: [{ price_id: MONTHLY, quantity: 1 }], proration_billing_mode: 'do_not_bill' },
  });
  expect(moved.status).toBe(200);
}

const itemsOf = async (n: number) =>
  (await call(emulator, 'GET', `/subscriptions/${sub(n)}`)).body.data.items.map(
    (item: { price: { id: string } }) => item.price.id,
  );

/** A made-up key whose secret part is words: a run of it (`subscription`) names a field of the plan. */
const WORDY_KEY = 'pdl_sdbx_apikey_01h00000000000000000000000_SubscriptionMovesForTheWholeTeam';

beforeAll(async () => {
  emulator = await startEmulator({
    demo: false,
    seed: { sandbox: SEED as never, api_keys: [{ key: WORDY_KEY, permissions: [...ALL_PERMISSIONS] }] },
    now: () => clock.now(),
  });
  dir = tempDir();
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await emulator.close();
});
beforeEach(() => {
  emulator.reset();
  clock = manualClock(NOW);
});

describe('subscriber moves in the review', { timeout: 60_000 }, () => {
  it('the Markdown review and the job summary print the move line as the human plan does, and the summary line counts it', async () => {
    writeCatalog(dir, MOVE());
    const human = await cli(['plan', 'catalog.yaml']);
    expect(human.stdout).toContain(LINE);
    // a new move on a price made already is written into its marker first: an update to review
    expect(human.stdout).toContain('moves_started none → from pro/monthly (do_not_bill)');
    expect(human.stdout).toContain('Plan: 0 to create, 1 to update, 0 to archive, 1 subscriber move.');

    const markdown = await cli(['plan', 'catalog.yaml', '--format', 'markdown']);
    const block = markdown.stdout.split('```diff\n')[1]?.split('\n```')[0] ?? '';
    expect(block.split('\n')).toContain(LINE);
    expect(markdown.stdout).toContain('· Plan: 0 to create, 1 to update, 0 to archive, 1 subscriber move.');

    const run = actions();
    expect((await cli(['plan', 'catalog.yaml'], run.env)).code).toBe(0);
    expect(run.summary()).toContain(`${LINE}\n`);
    expect(run.hasChanges()).toBe('true');
  });

  it('--detailed-exitcode exits 2 while subscribers wait on the source price, and 0 once apply moved them', async () => {
    writeCatalog(dir, MOVE());
    const pending = await cli(['plan', 'catalog.yaml', '--detailed-exitcode']);
    expect(pending.code, pending.stderr).toBe(2);

    // a catalog, not a reviewed plan: --yes needs --allow-subscriber-moves to move anyone
    const refused = await cli(['apply', 'catalog.yaml', '--yes']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('moves 3 subscriptions to new prices');
    const run = actions();
    const applied = await cli(['apply', 'catalog.yaml', '--yes', '--allow-subscriber-moves'], run.env);
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.stdout).toContain(
      'subscribers pro/monthly → pro/monthly-2027: 3 subscriptions moved, 0 left',
    );
    expect(run.hasChanges()).toBe('true');
    for (const n of [1, 2, 3]) expect(await itemsOf(n)).toEqual([NEXT]);

    const done = await cli(['plan', 'catalog.yaml', '--detailed-exitcode']);
    expect(done.code, done.stderr).toBe(0);
    expect(done.stdout).toContain('~ move subscribers pro/monthly → pro/monthly-2027: no subscribers');
    expect(done.stdout).toContain('No changes.');
    const again = actions();
    expect((await cli(['apply', 'catalog.yaml', '--yes'], again.env)).code).toBe(0);
    expect(again.hasChanges()).toBe('false');
  });
});

describe('a saved plan with a subscriber move', { timeout: 60_000 }, () => {
  const save = async (catalog = MOVE('monthly-2028', 'Pro monthly 2028')) => {
    writeCatalog(dir, catalog);
    const saved = await cli(['plan', 'catalog.yaml', '--out', 'plan.json']);
    expect(saved.code, saved.stderr).toBe(0);
    return JSON.parse(readFileSync(join(dir, 'plan.json'), 'utf8'));
  };

  it('records the move as reviewed; apply plan.json with --yes alone moves who is on the source then, one subscribed after the plan too', async () => {
    const document = await save();
    // the very changes plan --json shows (next bills and all), with the counts the review saw
    const json = JSON.parse((await cli(['--json', 'plan', 'catalog.yaml'])).stdout);
    expect(document.review.moves).toEqual(
      json.changes.filter((change: { kind: string }) => change.kind === 'subscribers'),
    );
    expect(document.review.moves).toMatchObject([
      {
        kind: 'subscribers',
        key: 'pro/monthly-2028',
        action: 'move',
        from: 'pro/monthly',
        to: 'pro/monthly-2028',
        id: MONTHLY,
        proration: 'do_not_bill',
        subscribers: { active: 2, trialing: 0, past_due: 0, paused: 1 },
      },
    ]);
    await subscribeAfterThePlan();

    const applied = await cli(['apply', 'plan.json', '--yes']);
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.stderr).toContain('The plan was reviewed with these subscribers');
    expect(applied.stderr).toContain('move pro/monthly → pro/monthly-2028: 2 active, 1 paused');
    // the plan apply shows counts who is on the source now
    expect(applied.stdout).toContain('~ move subscribers pro/monthly → pro/monthly-2028: 3 active, 1 paused');
    expect(applied.stdout).toContain(
      'subscribers pro/monthly → pro/monthly-2028: 4 subscriptions moved, 0 left (reviewed with 3)',
    );
    const made = /pro\/monthly-2028\s+(pri_\w+)\s+created/.exec(applied.stdout)?.[1];
    for (const n of [1, 2, 3, 5]) expect(await itemsOf(n)).toEqual([made]);
    expect(await itemsOf(4)).toEqual([MONTHLY]);
  });

  it('apply plan.json --json and the job summary: each move with the counts it was reviewed with, moved and left', async () => {
    await save();
    await subscribeAfterThePlan();
    const run = actions();
    const applied = await cli(['--json', 'apply', 'plan.json', '--yes'], run.env);
    expect(applied.code, applied.stderr).toBe(0);
    const none = { active: 0, trialing: 0, past_due: 0, paused: 0 };
    expect(JSON.parse(applied.stdout).subscribers.moves).toEqual([
      {
        from: 'pro/monthly',
        to: 'pro/monthly-2028',
        reviewed: { ...none, active: 2, paused: 1 },
        found: { ...none, active: 3, paused: 1 },
        moved: 4,
        changed: 0,
        left: none,
      },
    ]);
    const summary = run.summary();
    expect(summary).toContain('Subscriber moves:');
    expect(summary).toContain('~ move subscribers pro/monthly → pro/monthly-2028: 3 active, 1 paused');
    expect(summary).toContain(
      'subscribers pro/monthly → pro/monthly-2028: 4 subscriptions moved, 0 left (reviewed with 3)',
    );
  });

  /**
   * plan.json with its target price pro/monthly-2028 edited by hand and the digest recomputed, as
   * anyone who can write the file can.
   */
  const editTarget = (edit: (price: Record<string, unknown>) => void) => {
    const document = JSON.parse(readFileSync(join(dir, 'plan.json'), 'utf8'));
    edit(document.catalog.products.pro.prices['monthly-2028']);
    document.digest = digestOf(document);
    writeFileSync(join(dir, 'plan.json'), JSON.stringify(document));
  };
  /** apply plan.json --yes, refused: exit 1, and nothing written at all (no PATCH of a subscription). */
  const refusedWithNoWrite = async () => {
    const mark = emulator.requests().length;
    const applied = await cli(['apply', 'plan.json', '--yes']);
    expect(applied.code, applied.stderr).toBe(1);
    const sent = emulator.requests().slice(mark);
    expect(sent.filter((r) => r.method === 'PATCH' && r.path.startsWith('/subscriptions'))).toEqual([]);
    expect(sent.filter((r) => r.method !== 'GET')).toEqual([]);
    expect(await itemsOf(1)).toEqual([MONTHLY]);
    return applied.stderr;
  };
  const reviewedWithNoMove = async () => {
    writeCatalog(
      dir,
      MOVE('monthly-2028', 'Pro monthly 2028').replace('\n        subscribers_from: [monthly]', ''),
    );
    const saved = await cli(['plan', 'catalog.yaml', '--out', 'plan.json']);
    expect(saved.code, saved.stderr).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, 'plan.json'), 'utf8')).review.moves).toBeUndefined();
  };
  const addMove = (price: Record<string, unknown>) =>
    Object.assign(price, { subscribers_from: ['monthly'], proration: 'full_immediately' });

  it('a plan reviewed with no move, given one by hand (digest recomputed), is refused with nothing written', async () => {
    await reviewedWithNoMove();
    editTarget(addMove);
    expect(await refusedWithNoWrite()).toContain(
      'moves subscribers pro/monthly → pro/monthly-2028 (full_immediately), a move the review did not show',
    );
  });

  it('a plan already applied, given a move by hand, is refused too, not taken as applied already', async () => {
    await reviewedWithNoMove();
    const first = await cli(['apply', 'plan.json', '--yes']);
    expect(first.code, first.stderr).toBe(0);
    editTarget(addMove);
    const stderr = await refusedWithNoWrite();
    expect(stderr).not.toContain('applied already');
    expect(stderr).toContain('a move the review did not show');
  });

  it.each([
    [
      'its reviewed move removed from the catalog',
      (price: Record<string, unknown>) => delete price.subscribers_from,
      'no longer moves subscribers pro/monthly → pro/monthly-2028 (do_not_bill), which the review showed',
    ],
    [
      "its reviewed move's proration changed",
      (price: Record<string, unknown>) => Object.assign(price, { proration: 'full_immediately' }),
      'moves subscribers pro/monthly → pro/monthly-2028 (full_immediately), a move the review did not show',
    ],
    [
      // bills_from decides which subscriptions move now and when the new price first bills
      'its reviewed move given a bills_from',
      (price: Record<string, unknown>) => Object.assign(price, { bills_from: '2026-03-01' }),
      'moves subscribers pro/monthly → pro/monthly-2028 (do_not_bill, first billed from 2026-03-01), a move the review did not show',
    ],
  ])(
    'a plan reviewed with a move, %s by hand, is refused with nothing written',
    async (_what, edit, words) => {
      await save();
      editTarget(edit);
      expect(await refusedWithNoWrite()).toContain(words);
    },
  );

  it("a plan reviewed with a move's bills_from, that date changed by hand, is refused with nothing written", async () => {
    const document = await save(
      MOVE('monthly-2028', 'Pro monthly 2028').replace(
        'subscribers_from: [monthly]',
        'subscribers_from: [monthly]\n        bills_from: 2026-03-01',
      ),
    );
    expect(document.review.moves[0].bills_from).toBe('2026-03-01');
    editTarget((price) => Object.assign(price, { bills_from: '2026-01-20' }));
    expect(await refusedWithNoWrite()).toContain(
      'moves subscribers pro/monthly → pro/monthly-2028 (do_not_bill, first billed from 2026-01-20), a move the review did not show',
    );
  });

  it('a plan whose catalog and review were both edited to bill now beside bills_from (digest recomputed) is named as edited, and nothing is written', async () => {
    await save(
      MOVE('monthly-2028', 'Pro monthly 2028').replace(
        'subscribers_from: [monthly]',
        'subscribers_from: [monthly]\n        bills_from: 2026-03-01',
      ),
    );
    // a consistent edit: the move's mode in the catalog and in the review alike
    const document = JSON.parse(readFileSync(join(dir, 'plan.json'), 'utf8'));
    document.catalog.products.pro.prices['monthly-2028'].proration = 'full_immediately';
    document.review.moves[0].proration = 'full_immediately';
    document.digest = digestOf(document);
    writeFileSync(join(dir, 'plan.json'), JSON.stringify(document));
    const stderr = await refusedWithNoWrite();
    expect(stderr).toContain(
      'plan.json was edited after plan wrote it: its catalog breaks a rule validate checks',
    );
    expect(stderr).toContain('catalog.products.pro.prices.monthly-2028.proration');
    expect(stderr).toContain('[bills-from-proration]');
    expect(stderr).not.toContain('the account moved');
  });

  it('a key whose secret part holds a word masks only the text of values: the plan file keeps its fields and apply reads it', async () => {
    writeCatalog(dir, MOVE('monthly-2028', 'Pro monthly 2028'));
    const wordy = { PADDLE_API_KEY: WORDY_KEY };
    const planned = await cli(['--json', 'plan', 'catalog.yaml', '--out', 'plan.json'], wordy);
    expect(planned.code, planned.stderr).toBe(0);
    const [shown] = JSON.parse(planned.stdout).changes.filter(
      (c: { kind: string }) => c.kind === 'subscribers',
    );
    expect(shown.next_bills[0].subscription).toMatch(/^sub_01h/);
    const text = readFileSync(join(dir, 'plan.json'), 'utf8');
    expect(text).not.toContain('"[redacted]":');
    expect(JSON.parse(text).review.moves[0].next_bills[0].subscription).toMatch(/^sub_01h/);
    const applied = await cli(['apply', 'plan.json', '--yes'], wordy);
    expect(applied.code, applied.stderr).toBe(0);
    expect(await itemsOf(1)).not.toEqual([MONTHLY]);
  });

  it('a subscription Paddle would not move yet is left; the same plan file, applied again later, moves it', async () => {
    writeCatalog(
      dir,
      `version: 1
products:
  pro:
    name: Pro
    tax_category: saas
    prices:
      legacy:${price('Pro legacy', '1900')}
      legacy-2028:${price('Pro legacy 2028', '2900', '\n        subscribers_from: [legacy]')}
`,
    );
    expect((await cli(['plan', 'catalog.yaml', '--out', 'plan.json'])).code).toBe(0);
    const first = await cli(['apply', 'plan.json', '--yes']);
    expect(first.code).toBe(1);
    expect(first.stdout).toContain(
      'subscribers pro/legacy → pro/legacy-2028: 1 subscription moved, 1 left (reviewed with 2)',
    );
    expect(first.stderr).toContain('subscription_locked_renewal');

    clock.advance(40 * 60_000);
    const later = await cli(['apply', 'plan.json', '--yes']);
    expect(later.code, later.stderr).toBe(0);
    expect(later.stderr).toContain('plan.json is applied already but for its subscriber moves');
    expect(later.stdout).toContain(
      'subscribers pro/legacy → pro/legacy-2028: 1 subscription moved, 0 left (reviewed with 2)',
    );
    expect(await itemsOf(7)).toEqual(await itemsOf(6));
  });
});
