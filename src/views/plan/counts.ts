// Counts of subscriptions in words and in --json. A count above what Paddle counts exactly is "more
// than 100,000" in words, never a number added up as exact (src/plan/counts.ts); --json keeps the
// numbers Paddle gave and names, beside them, the statuses whose number is only a lower bound.
import { lowerBounds, type Tally, tallyOf, totalOf } from '../../plan/counts.js';
import { MOVED_STATUSES, type MovedStatus, type SubscriberCounts } from '../../plan/subscribers.js';

const STATUS_WORDS: Record<MovedStatus, string> = {
  active: 'active',
  trialing: 'trialing',
  past_due: 'past due',
  paused: 'paused',
};

/** `1,200`, `more than 100,000`, or `an uncounted number` where Paddle did not count. */
export function tallyWords(tally: Tally): string {
  if ('uncounted' in tally) return 'an uncounted number';
  const n = tally.n.toLocaleString('en-US');
  return tally.moreThan ? `more than ${n}` : n;
}

/** `1,200 active, 56 trialing`: every status, or (`nonZero`) only those with any. */
export function statusCounts(counts: SubscriberCounts, nonZero = false): string {
  return MOVED_STATUSES.filter((status) => !nonZero || counts[status] !== 0)
    .map((status) => {
      const tally = tallyOf(counts[status]);
      return `${tallyWords(tally)}${'uncounted' in tally ? ' of' : ''} ${STATUS_WORDS[status]}`;
    })
    .join(', ');
}

/** All the subscriptions counted, in words. */
export const totalWords = (counts: SubscriberCounts) => tallyWords(totalOf(counts));

/**
 * A `subscribers`-like member of --json: the counts as Paddle gave them, and `<name>_lower_bounds`
 * with the statuses whose number means "at least" (more than Paddle counts exactly), when any.
 */
export function countsJson(name: string, counts: SubscriberCounts | undefined): Record<string, unknown> {
  if (counts === undefined) return {};
  const bounds = lowerBounds(counts);
  return { [name]: counts, ...(bounds.length > 0 ? { [`${name}_lower_bounds`]: bounds } : {}) };
}
