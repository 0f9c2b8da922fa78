// Counts of subscriptions in words and in --json. A count above what Paddle counts exactly is "more
// than 100,000" in words, never a number added up as exact (src/planner/counts.ts); --json keeps the
// numbers Paddle gave and names, beside them, the statuses whose number is only a lower bound.

import { SCHEDULED_CHANGE_ACTIONS } from '../../paddle-facts/subscriptions.js';
import { type Tally, tallyOf, totalOf } from '../../planner/counts.js';
import type { ScheduledAction, ScheduledCounts } from '../../planner/subscribers.js';
import { MOVED_STATUSES, type MovedStatus, type SubscriberCounts } from '../../planner/subscribers.js';

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

const SCHEDULED_WORDS: Record<ScheduledAction, string> = {
  cancel: 'set to cancel',
  pause: 'set to pause',
  resume: 'set to resume',
};

/** ` (1 set to cancel)`: of a status's subscriptions, those with a scheduled change (listed only). */
function scheduledWords(of: Partial<Record<ScheduledAction, number>> | undefined): string {
  const words = SCHEDULED_CHANGE_ACTIONS.flatMap((action) => {
    const n = of?.[action] ?? 0;
    return n > 0 ? [`${n.toLocaleString('en-US')} ${SCHEDULED_WORDS[action]}`] : [];
  });
  return words.length > 0 ? ` (${words.join(', ')})` : '';
}

/**
 * `1,200 active (3 set to cancel), 56 trialing`: the statuses with any subscription, one wording
 * for each, a scheduled change named under its status where the subscriptions were listed;
 * `none` when there is none.
 */
export function statusCounts(counts: SubscriberCounts, scheduled?: ScheduledCounts): string {
  const words = MOVED_STATUSES.filter((status) => counts[status] !== 0).map((status) => {
    const tally = tallyOf(counts[status]);
    const of = 'uncounted' in tally ? ' of' : '';
    return `${tallyWords(tally)}${of} ${STATUS_WORDS[status]}${scheduledWords(scheduled?.[status])}`;
  });
  return words.length > 0 ? words.join(', ') : 'none';
}

/** All the subscriptions counted, in words. */
export const totalWords = (counts: SubscriberCounts) => tallyWords(totalOf(counts));
