// Which requests the subscriber counts send, on a gateway of our own that records them: one count of
// the combined list, then its pages, or a total per price and status where those are fewer (a few
// prices with very many subscriptions, or a total Paddle did not make exact). Over real HTTP:
// test/e2e/plan-subscriber-counts.test.ts.
import { describe, expect, it } from 'vitest';
import { createPacedCalls, DEFAULT_RETRY } from '../../src/paddle/calls.js';
import { countSubscribers, listingPages } from '../../src/paddle/subscriber-counts.js';
import { IDS_PER_REQUEST } from '../../src/paddle/subscription-lists.js';
import type { SubscriptionRecord, SubscriptionsGateway } from '../../src/planner/subscribers.js';
import { jumpingClock } from '../support/jumping-clock.js';

const price = (n: number) => `pri_${String(n).padStart(26, '0')}`;
const calls = () => createPacedCalls({ requestsPerMinute: 0, retry: DEFAULT_RETRY, clock: jumpingClock() });

/** A gateway whose combined count answers `total` and whose list holds `listed`; every call recorded. */
function fakeGateway(total: number, listed: SubscriptionRecord[] = []) {
  const sent: string[] = [];
  const gateway: Pick<SubscriptionsGateway, 'count' | 'list'> = {
    async count(_op, ids, statuses) {
      sent.push(`count ${ids.length} ${statuses.join(',')}`);
      return ids.length > 1 || statuses.length > 1 ? total : 7;
    },
    async list(_op, ids) {
      sent.push(`list ${ids.length}`);
      return listed;
    },
  };
  return { gateway, sent };
}

const subscription = (n: number, status: string, prices: number[]): SubscriptionRecord => ({
  id: `sub_${String(n).padStart(26, '0')}`,
  status,
  currency_code: 'USD',
  items: prices.map((p) => ({ price_id: price(p), quantity: 1 })),
  scheduled_change: null,
  next_billed_at: null,
});

const ALL = 'active,trialing,past_due,paused';

describe('subscriber counts', () => {
  it('no subscriptions on 60 prices: one count, nothing listed', async () => {
    const { gateway, sent } = fakeGateway(0);
    const ids = Array.from({ length: 60 }, (_, i) => price(i + 1));
    const counts = await countSubscribers(gateway, calls(), ids);
    expect(sent).toEqual([`count 60 ${ALL}`]);
    expect(counts.size).toBe(60);
    expect(counts.get(price(60))?.counts).toEqual({ active: 0, trialing: 0, past_due: 0, paused: 0 });
  });

  it('a few subscriptions: listed and counted by price and status, a subscription once however often listed', async () => {
    const listed = [
      subscription(1, 'active', [1, 2]),
      subscription(1, 'active', [1, 2]),
      subscription(2, 'paused', [1]),
    ];
    const { gateway, sent } = fakeGateway(2, listed);
    const counts = await countSubscribers(gateway, calls(), [price(1), price(2), price(3)]);
    expect(sent).toEqual([`count 3 ${ALL}`, 'list 3']);
    expect(Object.fromEntries([...counts].map(([id, c]) => [id, c.counts]))).toEqual({
      [price(1)]: { active: 1, trialing: 0, past_due: 0, paused: 1 },
      [price(2)]: { active: 1, trialing: 0, past_due: 0, paused: 0 },
      [price(3)]: { active: 0, trialing: 0, past_due: 0, paused: 0 },
    });
  });

  it('listed: counted by currency and by scheduled change per status too, from the same pages', async () => {
    const listed = [
      { ...subscription(1, 'active', [1]), scheduled_change: 'cancel' },
      { ...subscription(2, 'active', [1]), currency_code: 'EUR' },
      { ...subscription(3, 'paused', [1]), currency_code: 'EUR', scheduled_change: 'resume' },
      { ...subscription(4, 'trialing', [1]), scheduled_change: 'pause' },
    ];
    const { gateway, sent } = fakeGateway(4, listed);
    const counted = (await countSubscribers(gateway, calls(), [price(1), price(2)])).get(price(1));
    expect(sent).toEqual([`count 2 ${ALL}`, 'list 2']);
    expect(counted?.breakdown).toEqual({
      subscribers_by_currency: { USD: 2, EUR: 2 },
      subscribers_scheduled: { active: { cancel: 1 }, paused: { resume: 1 }, trialing: { pause: 1 } },
    });
  });

  it('one price with 1,000 subscriptions: its 4 totals (4 requests) instead of 5 pages', async () => {
    const { gateway, sent } = fakeGateway(1_000);
    const counts = await countSubscribers(gateway, calls(), [price(1)]);
    expect(sent).toEqual([
      `count 1 ${ALL}`,
      'count 1 active',
      'count 1 trialing',
      'count 1 past_due',
      'count 1 paused',
    ]);
    expect(counts.get(price(1))).toEqual({ counts: { active: 7, trialing: 7, past_due: 7, paused: 7 } });
  });

  it('one price with 800 subscriptions: 4 pages, no more requests than its 4 totals, listed', async () => {
    const { gateway, sent } = fakeGateway(800);
    await countSubscribers(gateway, calls(), [price(1)]);
    expect(sent).toEqual([`count 1 ${ALL}`, 'list 1']);
  });

  it('a total Paddle did not make exact (100001: more than 100,000; -1: not counted) is never listed', async () => {
    expect(listingPages(100_001)).toBe(Number.POSITIVE_INFINITY);
    expect(listingPages(-1)).toBe(Number.POSITIVE_INFINITY);
    expect(listingPages(100_000)).toBe(500);
    const { gateway, sent } = fakeGateway(100_001);
    await countSubscribers(gateway, calls(), [price(1), price(2)]);
    expect(sent).toHaveLength(1 + 2 * 4);
    expect(sent.filter((s) => s.startsWith('list'))).toEqual([]);
  });

  it(`more than ${IDS_PER_REQUEST} prices: a count per ${IDS_PER_REQUEST} ids, each id once`, async () => {
    const { gateway, sent } = fakeGateway(0);
    const ids = Array.from({ length: 250 }, (_, i) => price(i + 1));
    const counts = await countSubscribers(gateway, calls(), [...ids, price(1)]);
    expect(sent).toEqual([`count 100 ${ALL}`, `count 100 ${ALL}`, `count 50 ${ALL}`]);
    expect(counts.size).toBe(250);
  });
});
