// What a count of subscriptions says. Paddle's `estimated_total` is exact up to 100,000, 100001 for
// any number above, and -1 where Paddle did not count
// (https://developer.paddle.com/api-reference/about/pagination). So a count above 100,000 is a lower
// bound: it is "more than 100,000", and a sum with one such count in it is "more than" the sum.
import { ESTIMATED_TOTAL_EXACT_UP_TO } from '../paddle-facts/api.js';
import { MOVED_STATUSES, type MovedStatus, type SubscriberCounts } from './subscribers.js';

/** A count or a sum of counts: exactly `n`, more than `n`, or not counted at all. */
export type Tally = { n: number; moreThan: boolean } | { uncounted: true };

/** What one count as Paddle gives it says. */
export function tallyOf(count: number): Tally {
  if (count < 0) return { uncounted: true };
  if (count > ESTIMATED_TOTAL_EXACT_UP_TO) return { n: ESTIMATED_TOTAL_EXACT_UP_TO, moreThan: true };
  return { n: count, moreThan: false };
}

/** The sum of counts: more than the sum when one is a lower bound, uncounted when one is. */
function sumOf(counts: readonly number[]): Tally {
  let [n, moreThan] = [0, false];
  for (const tally of counts.map(tallyOf)) {
    if ('uncounted' in tally) return tally;
    n += tally.n;
    moreThan ||= tally.moreThan;
  }
  return { n, moreThan };
}

/** All the subscriptions of every status. */
export const totalOf = (counts: SubscriberCounts): Tally => sumOf(MOVED_STATUSES.map((s) => counts[s]));

/** The statuses whose number is a lower bound (Paddle counted more than it counts exactly). */
const lowerBounds = (counts: SubscriberCounts): MovedStatus[] =>
  MOVED_STATUSES.filter((status) => counts[status] > ESTIMATED_TOTAL_EXACT_UP_TO);

/**
 * A `subscribers`-like member of --json: the counts as Paddle gave them, and `<name>_lower_bounds`
 * with the statuses whose number means "at least" (more than Paddle counts exactly), when any.
 */
export function countsJson(name: string, counts: SubscriberCounts | undefined): Record<string, unknown> {
  if (counts === undefined) return {};
  const bounds = lowerBounds(counts);
  return { [name]: counts, ...(bounds.length > 0 ? { [`${name}_lower_bounds`]: bounds } : {}) };
}
