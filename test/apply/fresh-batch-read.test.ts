// A batch of subscriber moves goes out on a fresh read: its read and its PATCHes take their places
// under the rate limit together (no PATCH waits a minute behind its read), and any back-off reads the
// batch again before it goes on. Against the emulator over real HTTP, on a clock that jumps over
// waits; one call in flight, so the clock's jumps are the pacer's own (see the rate-limit test in
// subscriber-moves-apply.test.ts).
import { describe, expect, it } from 'vitest';
import { applyCatalog, DEFAULT_APPLY_SETTINGS } from '../../src/apply/use-case.js';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { createCatalogGateway } from '../../src/paddle/catalog-gateway.js';
import { paddleSubscriptionsGateway } from '../../src/paddle/subscriptions-gateway.js';
import type { SubscriptionsGateway } from '../../src/planner/subscribers.js';
import { call } from '../support/emulator.js';
import { type JumpingClock, jumpingClock } from '../support/jumping-clock.js';
import { readToPatchGaps } from '../support/read-to-patch.mjs';
import { CATALOG, moreSubscriptions, SEED } from '../support/subscription-account.mjs';

const PADDLE_LIMIT = 240;

async function moveAll(
  emu: RunningEmulator,
  clock: JumpingClock,
  wrap: (gateway: SubscriptionsGateway) => SubscriptionsGateway = (g) => g,
  requestsPerMinute = PADDLE_LIMIT,
) {
  const target = { environment: 'sandbox' as const, baseUrl: emu.url, apiKey: emu.apiKey };
  return applyCatalog({
    environment: 'sandbox',
    catalog: CATALOG,
    gateway: createCatalogGateway(target),
    subscriptions: wrap(paddleSubscriptionsGateway(target)),
    options: {},
    settings: { ...DEFAULT_APPLY_SETTINGS, clock, requestsPerMinute, concurrency: 1 },
  });
}

/** `limited`: the emulator holds the run to Paddle's limit too (a test's own requests would count against it). */
async function withEmulator(
  count: number,
  clock: JumpingClock,
  test: (emu: RunningEmulator) => Promise<void>,
  limited = false,
) {
  const subscriptions = [...(SEED.subscriptions ?? []), ...moreSubscriptions(count)];
  const emu = await startEmulator({
    demo: false,
    seed: { sandbox: { ...SEED, subscriptions } },
    now: clock.date,
    faults: limited ? { rateLimit: PADDLE_LIMIT } : {},
  });
  try {
    await test(emu);
  } finally {
    await emu.close();
  }
}

/** The quantities of `id`'s items, each once (9 alone: someone's raise was kept). */
const quantities = async (emu: RunningEmulator, id: string) =>
  new Set((await itemsOf(emu, id)).map(([, quantity]) => quantity));

const itemsOf = async (emu: RunningEmulator, id: string): Promise<Array<[string, number]>> =>
  (await call(emu, 'GET', `/subscriptions/${id}`)).body.data.items.map(
    (item: { price: { id: string }; quantity: number }) => [item.price.id, item.quantity],
  );

/** Someone else raises the seats of `id` to 9 on whatever price it holds now. */
async function raiseSeats(emu: RunningEmulator, id: string) {
  const items = (await itemsOf(emu, id)).map(([price_id]) => ({ price_id, quantity: 9 }));
  await call(emu, 'PATCH', `/subscriptions/${id}`, {
    body: { items, proration_billing_mode: 'do_not_bill' },
  });
}

const patchesOf = (emu: RunningEmulator, id: string) =>
  emu.requests().filter((r) => r.method === 'PATCH' && r.path === `/subscriptions/${id}`);

describe('a batch of subscriber moves is sent on a fresh read', () => {
  it('at 240 a minute no PATCH leaves more than 15 s after its batch was read again (it did 60 s after, for the batch that met the minute)', async () => {
    const clock = jumpingClock();
    await withEmulator(
      250,
      clock,
      async (emu) => {
        const { outcome } = await moveAll(emu, clock);
        expect(outcome.verified).toBe(true);
        const gaps = readToPatchGaps(emu.requests());
        // 254 planned: 6 batches, each read once, and every read-to-PATCH gap within 15 s
        expect(gaps).toHaveLength(6);
        expect(Math.max(...gaps.map((g) => g.longest))).toBeLessThanOrEqual(15_000);
        expect(emu.requests().filter((r) => r.status === 429)).toEqual([]);
      },
      true,
    );
  });

  it('a seat count raised 2 s after its batch was read again is kept, not overwritten by the move', async () => {
    const clock = jumpingClock();
    await withEmulator(250, clock, async (emu) => {
      // the batch that met the minute's end before: the fifth, its last subscription
      let reads = 0;
      let raised = '';
      const meanwhile = (gateway: SubscriptionsGateway): SubscriptionsGateway => ({
        ...gateway,
        read: async (...args) => {
          reads += 1;
          const at = clock.now();
          const read = await gateway.read(...args);
          const last = args[1][args[1].length - 1];
          if (reads === 5 && last !== undefined) {
            raised = last;
            clock.at(at + 2_000, () => raiseSeats(emu, last));
          }
          return read;
        },
      });
      const { outcome } = await moveAll(emu, clock, meanwhile);
      // whatever the run left to wait, the change is made 2 s after the read
      await clock.sleep(5_000);
      expect(raised).not.toBe('');
      expect(await quantities(emu, raised)).toEqual(new Set([9]));
      expect(outcome.execution.moves.find((m) => m.subscription === raised)?.status).toBe('moved');
    });
  });

  it('a 429 on a PATCH: after Retry-After the batch is read again, and a seat count raised during the wait is kept', async () => {
    const clock = jumpingClock();
    await withEmulator(20, clock, async (emu) => {
      let later = '';
      const meanwhile = (gateway: SubscriptionsGateway): SubscriptionsGateway => ({
        ...gateway,
        read: async (...args) => {
          const first = later === '';
          const read = await gateway.read(...args);
          if (!first) return read;
          // someone else on the same IP: the batch's second PATCH gets Paddle's 429 and a minute's lockout
          emu.setFaults({ rateLimit: 1 });
          later = args[1][args[1].length - 1] ?? '';
          clock.at(clock.now() + 30_000, async () => {
            emu.setFaults({});
            await raiseSeats(emu, later);
          });
          return read;
        },
      });
      const { outcome, stats } = await moveAll(emu, clock, meanwhile);
      expect(stats.rateLimited).toBe(1);
      const byId = emu.requests().filter((r) => r.path === '/subscriptions' && r.query.id !== undefined);
      expect(byId).toHaveLength(2);
      // read again after the wait, it had changed: left, not PATCHed, its seats kept
      expect(patchesOf(emu, later)).toEqual([expect.objectContaining({ status: 200 })]);
      expect(await quantities(emu, later)).toEqual(new Set([9]));
      const move = outcome.execution.moves.find((m) => m.subscription === later);
      expect(move).toMatchObject({ status: 'left', code: 'changed_since_read' });
      // the run's own PATCHes (the raise is someone else's) each within 15 s of a read
      const runs = emu.requests().filter((r) => r.path !== `/subscriptions/${later}`);
      expect(Math.max(...readToPatchGaps(runs).map((g) => g.longest))).toBeLessThanOrEqual(15_000);
    });
  });

  it('a 500 on a PATCH: the batch is read again before the PATCH is sent again', async () => {
    const clock = jumpingClock();
    await withEmulator(20, clock, async (emu) => {
      let failed = '';
      const failOne = (gateway: SubscriptionsGateway): SubscriptionsGateway => ({
        ...gateway,
        updateItems: async (...args) => {
          if (failed !== '') return gateway.updateItems(...args);
          failed = args[1];
          emu.setFaults({ failRate: 1 });
          try {
            return await gateway.updateItems(...args);
          } finally {
            emu.setFaults({});
          }
        },
      });
      const { outcome, stats } = await moveAll(emu, clock, failOne);
      expect(stats.retries).toBe(1);
      expect(patchesOf(emu, failed).map((r) => r.status)).toEqual([500, 200]);
      // two reads by id: the second between the failed attempt and the one that went through
      const log = emu.requests();
      const places = (test: (r: (typeof log)[number]) => boolean) =>
        log.flatMap((r, i) => (test(r) ? [i] : []));
      const reads = places((r) => r.path === '/subscriptions' && r.query.id !== undefined);
      const attempts = places((r) => r.method === 'PATCH' && r.path === `/subscriptions/${failed}`);
      expect(reads).toHaveLength(2);
      expect(attempts).toHaveLength(2);
      expect(attempts[0]).toBeLessThan(reads[1] as number);
      expect(reads[1]).toBeLessThan(attempts[1] as number);
      expect(outcome.verified).toBe(true);
    });
  });

  it('a dropped connection on a PATCH Paddle took: the batch is read again and the move counts as moved, sent once', async () => {
    const clock = jumpingClock();
    await withEmulator(20, clock, async (emu) => {
      let dropped = '';
      const dropOne = (gateway: SubscriptionsGateway): SubscriptionsGateway => ({
        ...gateway,
        updateItems: async (...args) => {
          if (dropped !== '') return gateway.updateItems(...args);
          dropped = args[1];
          emu.setFaults({ dropRate: 1 });
          try {
            return await gateway.updateItems(...args);
          } finally {
            emu.setFaults({});
          }
        },
      });
      const { outcome } = await moveAll(emu, clock, dropOne);
      expect(patchesOf(emu, dropped).map((r) => r.status)).toEqual([0]);
      const byId = emu.requests().filter((r) => r.path === '/subscriptions' && r.query.id !== undefined);
      expect(byId).toHaveLength(2);
      expect(outcome.execution.moves.find((m) => m.subscription === dropped)?.status).toBe('moved');
      expect(outcome.verified).toBe(true);
    });
  });

  it('--rate-limit 1 is refused before anything is written: a batch read again and a PATCH cannot go out together', async () => {
    const clock = jumpingClock();
    await withEmulator(0, clock, async (emu) => {
      const run = moveAll(emu, clock, undefined, 1);
      await expect(run).rejects.toThrow('--rate-limit 1 cannot move subscribers');
      expect(emu.requests().filter((r) => r.method !== 'GET')).toEqual([]);
    });
  });
});
