// The subscriptions on each of a set of prices, by status, at the fewest requests: Paddle's list
// takes a comma-separated `price_id` and `status` list
// (https://developer.paddle.com/api-reference/subscriptions/list-subscriptions), so one count of
// the combined list says how many pages listing them all would take; listed, they are counted here
// by price and status, exactly, and by currency and scheduled change from the same pages. Only where the listing would take more requests than a total per
// price and status (4 a price: a few prices with very many subscriptions) are those asked instead.
import { ESTIMATED_TOTAL_EXACT_UP_TO } from '../paddle-facts/api.js';
import { breakdownByPrice } from '../planner/subscriber-breakdown.js';
import {
  countByPrice,
  MOVED_STATUSES,
  NO_SUBSCRIBERS,
  type SubscriberBreakdown,
  type SubscriberCounts,
  type SubscriptionRecord,
  type SubscriptionsGateway,
} from '../planner/subscribers.js';
import type { Calls } from './calls.js';
import { idChunks, SUBSCRIPTIONS_PAGE_SIZE } from './subscription-lists.js';

type CountingGateway = Pick<SubscriptionsGateway, 'count' | 'list'>;

/**
 * The pages a listing of `total` subscriptions takes; unknown (infinite) when Paddle's total is not
 * exact: 100001 ("more than 100,000") or -1 (not counted).
 * @internal A table test of the pages a count would take to list.
 */
export function listingPages(total: number): number {
  if (total < 0 || total > ESTIMATED_TOTAL_EXACT_UP_TO) return Number.POSITIVE_INFINITY;
  return Math.ceil(total / SUBSCRIPTIONS_PAGE_SIZE);
}

/** A price's subscriptions by status; by currency and scheduled change where they were listed. */
export interface Counted {
  counts: SubscriberCounts;
  breakdown?: SubscriberBreakdown;
}

/** The subscriptions with an item on each price (each price id once, in any order). */
export async function countSubscribers(
  gateway: CountingGateway,
  calls: Calls,
  priceIds: readonly string[],
): Promise<Map<string, Counted>> {
  const chunks = await Promise.all(idChunks(priceIds).map((ids) => countChunk(gateway, calls, ids)));
  return new Map(chunks.flatMap((chunk) => [...chunk]));
}

async function countChunk(
  gateway: CountingGateway,
  calls: Calls,
  ids: string[],
): Promise<Map<string, Counted>> {
  const what = ids.length === 1 ? `${ids[0]}` : `${ids.length} prices`;
  const total = await calls.run('read', () =>
    gateway.count(`count subscriptions on ${what}`, ids, MOVED_STATUSES),
  );
  if (total === 0) return listedCounts(ids, []);
  if (listingPages(total) <= ids.length * MOVED_STATUSES.length) {
    // one request per page: each is paced, or a long list overruns the rate limit
    const listed = await calls.runPaced((pace) =>
      gateway.list(`list subscriptions on ${what}`, ids, MOVED_STATUSES, pace),
    );
    return listedCounts(ids, listed);
  }
  return new Map(
    await Promise.all(ids.map(async (id) => [id, { counts: await totalsOf(gateway, calls, id) }] as const)),
  );
}

function listedCounts(ids: readonly string[], listed: readonly SubscriptionRecord[]): Map<string, Counted> {
  const [counts, breakdowns] = [countByPrice(ids, listed), breakdownByPrice(ids, listed)];
  return new Map(
    ids.map((id) => [id, { counts: counts.get(id) ?? { ...NO_SUBSCRIBERS }, breakdown: breakdowns.get(id) }]),
  );
}

/** One price's totals, a request per status: Paddle's `estimated_total` of each. */
async function totalsOf(gateway: CountingGateway, calls: Calls, id: string): Promise<SubscriberCounts> {
  const counts = await Promise.all(
    MOVED_STATUSES.map((status) =>
      calls.run('read', () => gateway.count(`count ${status} subscriptions on ${id}`, [id], [status])),
    ),
  );
  return Object.fromEntries(MOVED_STATUSES.map((status, i) => [status, counts[i] ?? 0])) as SubscriberCounts;
}
