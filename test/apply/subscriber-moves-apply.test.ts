// Apply moves subscribers, against the emulator over real HTTP with the real SDK: each subscription
// on the source price gets a PATCH with its full items list (other items unchanged, quantities kept)
// and the declared proration_billing_mode; one within 30 minutes of its renewal is left with
// Paddle's subscription_locked_renewal (409, developer.paddle.com/errors/subscriptions/
// subscription_locked_renewal); one with a scheduled cancel moves (Paddle's changelog 2025,
// update-subscriptions-scheduled-change); canceled ones are not touched; the next run moves nothing new.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { applyCatalog, DEFAULT_APPLY_SETTINGS } from '../../src/apply/use-case.js';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { createCatalogGateway } from '../../src/paddle/catalog-gateway.js';
import { paddleSubscriptionsGateway } from '../../src/paddle/subscriptions-gateway.js';
import { planAccount } from '../../src/plan-use-case/account.js';
import type { SubscriptionsGateway } from '../../src/planner/subscribers.js';
import { makeStyle } from '../../src/terminal/style.js';
import { planDocument } from '../../src/views/plan/document.js';
import { formatPlan } from '../../src/views/plan/format.js';
import { tempDir } from '../support/catalog-files.js';
import { call, manualClock } from '../support/emulator.js';
import { jumpingClock } from '../support/jumping-clock.js';
import { runCliInProcess } from '../support/run-cli-in-process.js';
import {
  ADDON,
  CATALOG,
  MONTHLY,
  moreSubscriptions,
  NOW,
  PRORATION,
  SEED,
  sub,
  subscription,
} from '../support/subscription-account.mjs';

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startEmulator({
    demo: false,
    seed: { sandbox: SEED },
    now: manualClock(NOW).now,
  });
});
afterAll(() => emulator.close());

function apply(
  emu = emulator,
  settings = DEFAULT_APPLY_SETTINGS,
  wrap = (gateway: SubscriptionsGateway) => gateway,
  confirming = async () => {},
  catalog = CATALOG,
) {
  const target = { environment: 'sandbox' as const, baseUrl: emu.url, apiKey: emu.apiKey };
  const confirmed: number[] = [];
  const result = applyCatalog(
    {
      environment: 'sandbox',
      catalog,
      gateway: createCatalogGateway(target),
      subscriptions: wrap(paddleSubscriptionsGateway(target)),
      options: {},
      settings,
    },
    {
      confirm: async (_plan, moving) => {
        confirmed.push(moving);
        await confirming();
      },
    },
  );
  return { result, confirmed };
}

describe('apply moves subscribers', () => {
  it('--yes alone does not apply a catalog that moves subscribers; the refusal says in one plain sentence how many and sends nothing', async () => {
    const dir = tempDir();
    try {
      writeFileSync(join(dir, 'catalog.yaml'), stringify(CATALOG));
      const env = { PADDLE_API_URL: emulator.url, PADDLE_API_KEY: emulator.apiKey, NO_COLOR: '1' };
      const before = emulator.requests().filter((r) => r.method !== 'GET').length;
      const refused = await runCliInProcess(['apply', 'catalog.yaml', '--yes'], { env, cwd: dir });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(
        'Refusing to apply with --yes alone: this run moves 4 subscriptions to new prices, and no saved plan was reviewed for it.',
      );
      expect(refused.stderr).toContain('--allow-subscriber-moves');
      expect(emulator.requests().filter((r) => r.method !== 'GET').length).toBe(before);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the plan shows the move with its counts by status (canceled not counted), in text and as a subscribers change in --json', async () => {
    const target = { environment: 'sandbox' as const, baseUrl: emulator.url, apiKey: emulator.apiKey };
    const { plan } = await planAccount({
      environment: 'sandbox',
      catalog: CATALOG,
      gateway: createCatalogGateway(target),
      subscriptions: paddleSubscriptionsGateway(target),
      options: {},
    });
    const counts = { active: 4, trialing: 0, past_due: 0, paused: 0 };
    expect(planDocument(plan, 'sandbox').changes).toContainEqual({
      kind: 'subscribers',
      key: 'pro/monthly-2027',
      action: 'move',
      from: 'pro/monthly',
      to: 'pro/monthly-2027',
      id: MONTHLY,
      proration: PRORATION,
      subscribers: counts,
      subscribers_total: 4,
      subscribers_by_currency: { USD: 3, EUR: 1 },
      subscribers_scheduled: { active: { cancel: 1 } },
      rollout: [{ verdict: 'moves now', count: 4 }],
    });
    expect(formatPlan(plan, makeStyle(false))).toContain(
      '~ move subscribers pro/monthly → pro/monthly-2027: 4 active (1 set to cancel) (prorated_immediately: the prorated difference is billed now)',
    );
  });

  it('moves each movable subscription once, leaves the locked one with Paddle reason, and a second run moves nothing new', async () => {
    const first = apply();
    const { outcome } = await first.result;
    expect(first.confirmed).toEqual([4]);
    const patches = emulator.requests().filter((r) => r.method === 'PATCH');
    const target = outcome.execution.changeResults.find((s) => s.change.key === 'pro/monthly-2027')?.id;
    const bodyOf = (n: number) => patches.find((r) => r.path === `/subscriptions/${sub(n)}`)?.body;
    const moved = (quantity: number) => ({ price_id: target, quantity });
    // each body the whole items list: the add-on unchanged, every quantity kept, the declared proration
    expect(bodyOf(1)).toEqual({
      items: [moved(3), { price_id: ADDON, quantity: 2 }],
      proration_billing_mode: PRORATION,
    });
    for (const n of [2, 3, 4])
      expect(bodyOf(n)).toEqual({ items: [moved(1)], proration_billing_mode: PRORATION });
    expect(patches.map((r) => r.path).sort()).toEqual([1, 2, 3, 4].map((n) => `/subscriptions/${sub(n)}`));
    const byStatus = Object.fromEntries(outcome.execution.moves.map((m) => [m.subscription, m.status]));
    expect(byStatus).toEqual({ [sub(1)]: 'moved', [sub(2)]: 'moved', [sub(3)]: 'moved', [sub(4)]: 'left' });
    expect(outcome.execution.moves.find((m) => m.status === 'left')).toMatchObject({
      code: 'subscription_locked_renewal',
      later: true,
    });
    const items = async (n: number) =>
      (await call(emulator, 'GET', `/subscriptions/${sub(n)}`)).body.data.items.map(
        (item: { price: { id: string }; quantity: number }) => ({
          price_id: item.price.id,
          quantity: item.quantity,
        }),
      );
    expect(await items(1)).toEqual([moved(3), { price_id: ADDON, quantity: 2 }]);
    expect(await items(2)).toEqual([moved(1)]);
    expect(await items(3)).toEqual([moved(1)]);
    expect(await items(4)).toEqual([{ price_id: MONTHLY, quantity: 1 }]);
    expect(outcome.verified).toBe(false);
    expect(outcome.stillOnSources).toEqual([
      {
        from: 'pro/monthly',
        to: 'pro/monthly-2027',
        id: MONTHLY,
        subscribers: { active: 1, trialing: 0, past_due: 0, paused: 0 },
      },
    ]);

    const before = emulator.requests().length;
    const second = apply();
    const again = await second.result;
    const patchedAgain = emulator
      .requests()
      .slice(before)
      .filter((r) => r.method === 'PATCH')
      .map((r) => r.path);
    expect(patchedAgain).toEqual([`/subscriptions/${sub(4)}`]);
    expect(again.outcome.execution.moves.map((m) => m.status)).toEqual(['left']);
  });
});

/**
 * Two list pages need more than 200 subscriptions, and the run makes some 240 requests over real
 * HTTP: about 2 s of CPU, which a loaded 2-core machine stretches past the default 20 s.
 */
const PAGED_RUN_TIMEOUT_MS = 60_000;

describe('apply moves subscribers under a rate limit', { timeout: PAGED_RUN_TIMEOUT_MS }, () => {
  it('each page of the subscriptions list is paced like any request: 204 moved, no 429', async () => {
    const clock = jumpingClock();
    const subscriptions = [...(SEED.subscriptions ?? []), ...moreSubscriptions(200)];
    const emu = await startEmulator({
      demo: false,
      seed: { sandbox: { ...SEED, subscriptions } },
      now: clock.date,
      faults: { rateLimit: 10 },
    });
    try {
      // one call in flight: with several, the test clock (it jumps to the end of any wait) can pass a
      // minute between a request's turn and its arrival, which the pacer's second of slack covers in real time
      const settings = { ...DEFAULT_APPLY_SETTINGS, clock, requestsPerMinute: 10, concurrency: 1 };
      const { outcome, stats } = await apply(emu, settings).result;
      const listed = emu.requests().filter((r) => r.path === '/subscriptions' && r.query.per_page !== '1');
      const pages = listed.filter((r) => r.query.id === undefined);
      expect(pages.length).toBe(2);
      // and each batch of 50 read again before it moves (208 planned); at 10 a minute a read and
      // its PATCHes fit in the window 1 + 9 at a time, so each batch is read again in parts of 9:
      // 6 reads for each of 4 batches of 50, 1 for the last 8
      expect(listed.length - pages.length).toBe(25);
      expect(emu.requests().filter((r) => r.status === 429)).toEqual([]);
      expect(stats.rateLimited).toBe(0);
      // the clock starts on 2026-01-01: no renewal is within 30 minutes, so all but the canceled one move
      expect(outcome.execution.moves.filter((m) => m.status === 'moved')).toHaveLength(
        subscriptions.length - 1,
      );
      expect(outcome.verified).toBe(true);
    } finally {
      await emu.close();
    }
  });
});

describe('apply reads each batch of subscriptions again just before moving it', () => {
  const items = async (emu: RunningEmulator, n: number) =>
    (await call(emu, 'GET', `/subscriptions/${sub(n)}`)).body.data.items.map(
      (item: { price: { id: string }; quantity: number }) => [item.price.id, item.quantity],
    );

  it('a seat count raised, an add-on added and a subscription taken off the source while 120 move: all three kept, none PATCHed by the move', async () => {
    const emu = await startEmulator({
      demo: false,
      seed: {
        sandbox: { ...SEED, subscriptions: [...(SEED.subscriptions ?? []), ...moreSubscriptions(120)] },
      },
      now: manualClock(NOW).now,
    });
    try {
      const change = (n: number, to: Array<{ price_id: string; quantity: number }>) =>
        call(emu, 'PATCH', `/subscriptions/${sub(n)}`, {
          body: { items: to, proration_billing_mode: 'do_not_bill' },
        });
      // someone else's changes after the run's read: a seat count as the run is confirmed, then, once
      // the first batch has been read again, an add-on and a move off the source in a later batch
      // (moreSubscriptions: sub(100 + i) has quantity 1 + i % 3)
      let reads = 0;
      const firstBatch: string[] = [];
      const meanwhile = (gateway: SubscriptionsGateway): SubscriptionsGateway => ({
        ...gateway,
        read: async (...args) => {
          const read = await gateway.read(...args);
          reads += 1;
          if (reads > 1) return read;
          firstBatch.push(...args[1]);
          await change(140, [
            { price_id: MONTHLY, quantity: 2 },
            { price_id: ADDON, quantity: 1 },
          ]);
          await change(130, [{ price_id: ADDON, quantity: 1 }]);
          return read;
        },
      });
      const settings = { ...DEFAULT_APPLY_SETTINGS, requestsPerMinute: 0 };
      const seats = async () => void (await change(150, [{ price_id: MONTHLY, quantity: 9 }]));
      const { outcome } = await apply(emu, settings, meanwhile, seats).result;

      const patched = (n: number) =>
        emu.requests().filter((r) => r.method === 'PATCH' && r.path === `/subscriptions/${sub(n)}`).length;
      // the test's own PATCH only, and each as it was left
      expect(patched(150)).toBe(1);
      expect(await items(emu, 150)).toEqual([[MONTHLY, 9]]);
      // changed after the first batch was read again: both in a later batch
      expect(firstBatch.length).toBe(50);
      expect(firstBatch.filter((id) => [130, 140].map(sub).includes(id))).toEqual([]);
      expect([140, 130].map(patched)).toEqual([1, 1]);
      expect(await items(emu, 140)).toEqual([
        [MONTHLY, 2],
        [ADDON, 1],
      ]);
      expect(await items(emu, 130)).toEqual([[ADDON, 1]]);
      const left = outcome.execution.moves.filter((m) => m.code === 'changed_since_read');
      expect(left.map((m) => [m.subscription, m.later])).toEqual([
        [sub(150), true],
        [sub(140), true],
        [sub(130), false],
      ]);
      // 124 planned: one list request by id per batch of 50
      const byId = emu.requests().filter((r) => r.path === '/subscriptions' && r.query.id !== undefined);
      expect(byId.length).toBe(3);
      expect(outcome.execution.moves.filter((m) => m.status === 'moved')).toHaveLength(124 - 1 - 3);
      expect(outcome.moves?.[0]).toMatchObject({ moved: 120, changed: 3 });
    } finally {
      await emu.close();
    }
  });
});

describe('a refusal Paddle documents as final is not retried', () => {
  it('a paused subscription under full_immediately is predicted, not sent: no PATCH, left as will not move with this mode, naming do_not_bill', async () => {
    // https://developer.paddle.com/errors/subscriptions/subscription_update_error_when_paused (status 501)
    const paused = subscription(6, { status: 'paused', next_billed_at: null });
    const emu = await startEmulator({
      demo: false,
      seed: { sandbox: { ...SEED, subscriptions: [...(SEED.subscriptions ?? []), paused] } },
      now: manualClock(NOW).now,
    });
    try {
      const catalog = structuredClone(CATALOG);
      const target = catalog.products.pro?.prices?.['monthly-2027'];
      if (target === undefined) throw new Error('the move catalog has pro/monthly-2027');
      target.proration = 'full_immediately';
      // a clock that jumps over every wait: a retried refusal would cost the test no time, only PATCHes
      const settings = { ...DEFAULT_APPLY_SETTINGS, clock: jumpingClock(), requestsPerMinute: 0 };
      const { outcome } = await apply(emu, settings, undefined, undefined, catalog).result;
      const patches = emu
        .requests()
        .filter((r) => r.method === 'PATCH' && r.path === `/subscriptions/${sub(6)}`);
      expect(patches).toEqual([]);
      const left = outcome.left.find((l) => l.subscription.id === sub(6));
      expect(left).toMatchObject({ code: 'subscription_update_error_when_paused', later: false });
      expect(left?.reason).toBe(
        "will not move with this mode (full_immediately): paused, Paddle's subscription_update_error_when_paused; do_not_bill would move it",
      );
    } finally {
      await emu.close();
    }
  });
});
