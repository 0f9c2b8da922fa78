// apply --dedupe and the subscribers of a twin, against the emulator over real HTTP with the real
// SDK: two applies at once made pro/monthly twice and moved subscriptions onto the newer twin. The
// plan shows the twin's subscribers on its archive; apply moves them to the kept twin (do_not_bill:
// the twins bill alike, https://developer.paddle.com/concepts/subscriptions/proration) with every
// other item as it was (Paddle replaces the items list, https://developer.paddle.com/api-reference/
// subscriptions/update-subscription), and archives the twin only after; a twin that bills
// differently is refused before any write.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { applyCatalog, DEFAULT_APPLY_SETTINGS } from '../../src/apply/use-case.js';
import type { Catalog } from '../../src/catalog/schema.js';
import { type AccountSeed, type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { UserError } from '../../src/errors.js';
import { createCatalogGateway } from '../../src/paddle/catalog-gateway.js';
import { paddleSubscriptionsGateway } from '../../src/paddle/subscriptions-gateway.js';
import { planAccount } from '../../src/plan-use-case/account.js';
import { makeStyle } from '../../src/terminal/style.js';
import { planDocument } from '../../src/views/plan/document.js';
import { formatPlan } from '../../src/views/plan/format.js';
import { planMarkdown } from '../../src/views/plan/markdown.js';
import { tempDir } from '../support/catalog-files.js';
import { call, manualClock } from '../support/emulator.js';
import { runCliInProcess } from '../support/run-cli-in-process.js';
import {
  ADDON,
  CATALOG,
  MONTHLY,
  NOW,
  pid,
  SEED,
  sub,
  subscription,
} from '../support/subscription-account.mjs';

const TWIN = pid('pri', 9);
const monthly = SEED.prices?.find((p) => p.id === MONTHLY) ?? {};
const twinOf = (fields: object = {}) => ({
  ...monthly,
  id: TWIN,
  created_at: '2026-01-02T00:00:00Z',
  ...fields,
});
/** the kept twin is the older one */
const kept = { ...monthly, created_at: '2026-01-01T00:00:00Z' };
const seed = (twin: object): AccountSeed => ({
  ...SEED,
  prices: [kept, twin, ...(SEED.prices ?? []).filter((p) => p.id !== MONTHLY)],
  subscriptions: [
    subscription(1, {
      items: [
        { price_id: TWIN, quantity: 3 },
        { price_id: ADDON, quantity: 2 },
      ],
    }),
    subscription(2, { currency_code: 'EUR', items: [{ price_id: TWIN, quantity: 1 }] }),
    subscription(3),
  ],
});
const { 'monthly-2027': _moving, ...prices } = CATALOG.products.pro?.prices ?? {};
const catalog: Catalog = { ...CATALOG, products: { pro: { ...CATALOG.products.pro, prices } } } as Catalog;

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startEmulator({
    demo: false,
    seed: { sandbox: seed(twinOf()) },
    now: manualClock(NOW).now,
  });
});
afterAll(() => emulator.close());

const request = (emu: RunningEmulator) => {
  const target = { environment: 'sandbox' as const, baseUrl: emu.url, apiKey: emu.apiKey };
  return {
    environment: 'sandbox' as const,
    catalog,
    gateway: createCatalogGateway(target),
    subscriptions: paddleSubscriptionsGateway(target),
    options: { dedupe: true },
  };
};
const items = async (emu: RunningEmulator, n: number) =>
  (await call(emu, 'GET', `/subscriptions/${sub(n)}`)).body.data.items.map(
    (item: { price: { id: string }; quantity: number }) => ({
      price_id: item.price.id,
      quantity: item.quantity,
    }),
  );

describe('apply --dedupe moves the subscribers of a twin it archives', () => {
  it('plan --dedupe shows the count on the twin archive (human, --json, Markdown) and the move to the kept twin', async () => {
    const { plan } = await planAccount(request(emulator));
    const onTwin = { active: 2, trialing: 0, past_due: 0, paused: 0 };
    const changes = planDocument(plan, 'sandbox').changes;
    expect(changes).toContainEqual(
      expect.objectContaining({ kind: 'price', action: 'archive', id: TWIN, subscribers: onTwin }),
    );
    expect(changes).toContainEqual(
      expect.objectContaining({
        kind: 'subscribers',
        id: TWIN,
        duplicateOf: MONTHLY,
        proration: 'do_not_bill',
      }),
    );
    const line = `    subscribers: 2 active; they move to ${MONTHLY} first`;
    expect(formatPlan(plan, makeStyle(false))).toContain(line);
    expect(planMarkdown({ plan, environment: 'sandbox', file: 'catalog.yaml' })).toContain(line);
  });

  it('--yes alone refuses the move (as any move): nothing is written', async () => {
    const env = { PADDLE_API_URL: emulator.url, PADDLE_API_KEY: emulator.apiKey, NO_COLOR: '1' };
    const dir = tempDir();
    writeFileSync(join(dir, 'catalog.yaml'), stringify(catalog));
    const before = emulator.requests().filter((r) => r.method !== 'GET').length;
    const refused = await runCliInProcess(['apply', 'catalog.yaml', '--dedupe', '--yes'], { env, cwd: dir });
    rmSync(dir, { recursive: true, force: true });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('--allow-subscriber-moves');
    expect(emulator.requests().filter((r) => r.method !== 'GET').length).toBe(before);
  });

  it('every subscription ends on the kept twin, other items and quantities unchanged, the twin archived after', async () => {
    const confirmed: number[] = [];
    const run = { ...request(emulator), settings: DEFAULT_APPLY_SETTINGS };
    const { outcome } = await applyCatalog(run, {
      confirm: async (_p, moving) => void confirmed.push(moving),
    });
    expect(confirmed).toEqual([2]);
    expect(await items(emulator, 1)).toEqual([
      { price_id: MONTHLY, quantity: 3 },
      { price_id: ADDON, quantity: 2 },
    ]);
    expect(await items(emulator, 2)).toEqual([{ price_id: MONTHLY, quantity: 1 }]);
    expect(await items(emulator, 3)).toEqual([{ price_id: MONTHLY, quantity: 1 }]);
    const writes = emulator.requests().filter((r) => r.method === 'PATCH');
    const archive = writes.findIndex((r) => r.path === `/prices/${TWIN}`);
    const moves = writes.flatMap((r, i) => (r.path.startsWith('/subscriptions/') ? [i] : []));
    expect(moves).toHaveLength(2);
    expect(archive).toBeGreaterThan(Math.max(...moves));
    expect(writes[archive]?.body).toEqual({ status: 'archived' });
    for (const i of moves) expect(writes[i]?.body).toMatchObject({ proration_billing_mode: 'do_not_bill' });
    expect(outcome.verified).toBe(true);
    expect(outcome.moves).toContainEqual(
      expect.objectContaining({ moved: 2, twin: { id: TWIN, kept: MONTHLY } }),
    );
    const { plan } = await planAccount({ ...request(emulator), options: {} });
    expect(plan.duplicates).toEqual([]);
  });

  it('a twin a locked subscription still bills is not archived: a later apply --dedupe moves it, then archives', async () => {
    const clock = manualClock(NOW);
    const locked = subscription(5, {
      next_billed_at: '2026-01-15T12:10:00.000Z',
      items: [{ price_id: TWIN, quantity: 1 }],
    });
    const base = seed(twinOf());
    const emu = await startEmulator({
      demo: false,
      seed: { sandbox: { ...base, subscriptions: [...(base.subscriptions ?? []), locked] } },
      now: clock.now,
    });
    try {
      const run = { ...request(emu), settings: DEFAULT_APPLY_SETTINGS };
      const first = await applyCatalog(run, { confirm: async () => undefined });
      expect(first.outcome.verified).toBe(false);
      expect(await items(emu, 5)).toEqual([{ price_id: TWIN, quantity: 1 }]);
      expect(await items(emu, 2)).toEqual([{ price_id: MONTHLY, quantity: 1 }]);
      expect(emu.requests().some((r) => r.method === 'PATCH' && r.path === `/prices/${TWIN}`)).toBe(false);
      expect((await call(emu, 'GET', `/prices/${TWIN}`)).body.data.status).toBe('active');
      // the renewal passes: the lock is over, and the next run moves it and archives the twin
      clock.advance(60 * 60 * 1000);
      const second = await applyCatalog(run, { confirm: async () => undefined });
      expect(second.outcome.verified).toBe(true);
      expect(await items(emu, 5)).toEqual([{ price_id: MONTHLY, quantity: 1 }]);
      expect((await call(emu, 'GET', `/prices/${TWIN}`)).body.data.status).toBe('archived');
    } finally {
      await emu.close();
    }
  });

  it('a twin a past-due subscription bills: plan --dedupe says apply --dedupe refuses, and apply --dedupe refuses before any write', async () => {
    const pastDue = subscription(6, { status: 'past_due', items: [{ price_id: TWIN, quantity: 1 }] });
    const base = seed(twinOf());
    const emu = await startEmulator({
      demo: false,
      seed: { sandbox: { ...base, subscriptions: [...(base.subscriptions ?? []), pastDue] } },
      now: manualClock(NOW).now,
    });
    try {
      const { plan } = await planAccount(request(emu));
      expect(formatPlan(plan, makeStyle(false))).toContain(
        '    subscribers: 2 active, 1 past due; 1 subscription cannot move now (past due until paid), so apply --dedupe refuses while it has any',
      );
      const run = { ...request(emu), settings: DEFAULT_APPLY_SETTINGS };
      const refused = applyCatalog(run, { confirm: async () => undefined });
      await expect(refused).rejects.toThrow(UserError);
      await expect(refused).rejects.toThrow(new RegExp(`subscription ${sub(6)}: waits: past due until paid`));
      expect(emu.requests().filter((r) => r.method !== 'GET')).toEqual([]);
    } finally {
      await emu.close();
    }
  });

  it('a twin that bills differently is not archived while it has subscribers: refused before any write', async () => {
    const emu = await startEmulator({
      demo: false,
      seed: { sandbox: seed(twinOf({ unit_price: { amount: '2500', currency_code: 'USD' } })) },
      now: manualClock(NOW).now,
    });
    try {
      const run = { ...request(emu), settings: DEFAULT_APPLY_SETTINGS };
      const refused = applyCatalog(run, { confirm: async () => undefined });
      await expect(refused).rejects.toThrow(UserError);
      await expect(refused).rejects.toThrow(
        /twin .* \(2 subscriptions\): it bills differently .*unit_price\.amount/,
      );
      expect(emu.requests().filter((r) => r.method !== 'GET')).toEqual([]);
    } finally {
      await emu.close();
    }
  });
});
