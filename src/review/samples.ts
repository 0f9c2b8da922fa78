// Which subscriptions a move's next bill is previewed on, and when that sample first pays the new
// price (pure: the subscriptions read and the run's clock are given). A sample that moves now is
// tried first: Paddle's preview of the change is then its real next bill. One that waits for
// bills_from comes next: with do_not_bill (the only mode bills_from allows, docs/rules.md), the
// change bills nothing when made and its next renewal bills the new items in full
// (https://developer.paddle.com/concepts/subscriptions/proration), so the previewed amount is what
// its first renewal on or after bills_from bills, on that day, not the previewed day (a renewal
// before bills_from still bills the old price). Each is judged under the terms of every move that
// takes it (one date per subscription: src/moves/one-date.ts), as apply sends it.

import { predictPlanned } from '../moves/by-verdict.js';
import { type MovingSubscription, subscriptionMoves } from '../moves/compile.js';
import { firstBillOf } from '../moves/first-bill.js';
import { predictTaken, termsOf } from '../moves/one-date.js';
import { BILLS_FROM_NOT_REACHED } from '../moves/predict.js';
import { MOVED_STATUSES, type SubscriberMove, type SubscriptionRecord } from '../planner/subscribers.js';
import { MOVES_NOW, NOT_PREDICTED, WAITS } from '../planner/verdicts.js';
import type { NextBill } from './types.js';

/**
 * Subscriptions a currency's next bill is tried on, best first: when Paddle will not preview one (a
 * renewal within 30 minutes locks it), the next is tried.
 * @internal The samples tests count the subscriptions tried against it.
 */
export const SAMPLE_TRIES = 3;

/** When a sample first pays the new price, as the review line says it. */
export type SampleTiming = Required<Pick<NextBill, 'verdict'>> & Pick<NextBill, 'reason' | 'first_bill'>;

/**
 * What a run does with the sample now, and for one that waits, when it first pays the new price;
 * seen from `move`, so a wait for another move's later date names that move.
 */
export function timingOf(move: SubscriberMove, planned: MovingSubscription, now: number): SampleTiming {
  const prediction = predictTaken(move, planned.subscription, planned.moves, now);
  const reason = prediction.reason ? { reason: prediction.reason } : {};
  if (prediction.verdict !== WAITS) return { verdict: prediction.verdict, ...reason };
  return {
    verdict: WAITS,
    ...reason,
    first_bill: firstBillOf(termsOf(planned.moves), planned.subscription),
  };
}

/** Moves now, then waits for bills_from (its date is known), then what Paddle's pages leave open, then the rest. */
function verdictRank(planned: MovingSubscription, now: number): number {
  const prediction = predictPlanned(planned, now);
  if (prediction.verdict === MOVES_NOW) return 0;
  if (prediction.code === BILLS_FROM_NOT_REACHED) return 1;
  return prediction.verdict === NOT_PREDICTED ? 2 : 3;
}

/** Of one verdict, those billed next first: no scheduled change, then by status (active, trialing, …). */
const statusRank = (s: SubscriptionRecord) =>
  (s.scheduled_change === null ? 0 : 10) +
  MOVED_STATUSES.indexOf(s.status as (typeof MOVED_STATUSES)[number]);

/** For each currency the move changes (by currency code), its best subscriptions to preview, best first. */
export function samplesOf(
  move: SubscriberMove,
  moves: readonly SubscriberMove[],
  read: readonly SubscriptionRecord[],
  previewable: (m: SubscriberMove) => boolean,
  now: number,
): MovingSubscription[][] {
  const byCurrency = new Map<string, MovingSubscription[]>();
  for (const planned of subscriptionMoves(moves, read).planned) {
    if (!planned.moves.includes(move) || !planned.moves.every(previewable)) continue;
    const currency = planned.subscription.currency_code;
    const same = byCurrency.get(currency) ?? [];
    same.push(planned);
    byCurrency.set(currency, same);
  }
  const ranks = new Map(
    [...byCurrency.values()].flat().map((p) => [p, verdictRank(p, now) * 100 + statusRank(p.subscription)]),
  );
  const rank = (planned: MovingSubscription) => ranks.get(planned) ?? 0;
  // sort is stable: of equal rank, the one listed first
  return [...byCurrency]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([, same]) => same.sort((a, b) => rank(a) - rank(b)).slice(0, SAMPLE_TRIES));
}
