// One date per subscription. Apply sends a subscription one PATCH for every move that takes it (an
// item on each source price: compile.ts), under the latest bills_from among them, so no item is
// billed its new price before its own date; the review's rollout, the next-bill samples and the
// notices judge it by those same terms, whichever of its moves they look at, and say so when the
// date is another move's. Pure.
import type { SubscriberMove, SubscriptionRecord } from '../planner/subscribers.js';
import { BILLS_FROM_NOT_REACHED, type MoveTerms, type Prediction, predictMove } from './predict.js';

/** The moves a run can send: a source in the account, not a blocked twin's (twin-refusal.ts). */
export const movableMoves = (moves: readonly SubscriberMove[]) =>
  moves.filter((m) => m.fromId !== null && m.blocked === undefined);

/** The moves that take `subscription`: one per item on a movable move's source, in its items' order. */
export function movesTaking(
  subscription: SubscriptionRecord,
  moves: readonly SubscriberMove[],
): SubscriberMove[] {
  const bySource = new Map(movableMoves(moves).map((m) => [m.fromId, m] as const));
  return subscription.items.flatMap((item) => bySource.get(item.price_id) ?? []);
}

/** The terms of a subscription's moves (they share one mode: compile.ts leaves it otherwise); the latest bills_from. */
export function termsOf(moves: readonly SubscriberMove[]): MoveTerms {
  const [first] = moves;
  const dates = moves.flatMap((m) => (m.billsFrom ? [m.billsFrom] : [])).sort();
  const billsFrom = dates[dates.length - 1];
  return { proration: first?.proration ?? 'do_not_bill', ...(billsFrom ? { billsFrom } : {}) };
}

/** A subscription's terms as `move` sees it, and the other move whose later date it takes, if any. */
export interface TakenTerms {
  terms: MoveTerms;
  /** another move that takes it, whose bills_from is later than `move`'s (or `move` has none) */
  laterOf?: SubscriberMove;
}

/** The terms `subscription` moves under, seen from one of the moves that take it. */
export function takenTerms(
  move: SubscriberMove,
  subscription: SubscriptionRecord,
  moves: readonly SubscriberMove[],
): TakenTerms {
  const taking = movesTaking(subscription, moves);
  const terms = termsOf(taking.includes(move) ? taking : [move, ...taking]);
  if (terms.billsFrom === undefined || terms.billsFrom === move.billsFrom) return { terms };
  const laterOf = taking.find((m) => m !== move && m.billsFrom === terms.billsFrom);
  return laterOf ? { terms, laterOf } : { terms };
}

/** `the later bills_from of its moves (it also moves to team/seats-2027)` */
const laterDateWords = (laterOf: SubscriberMove) =>
  `the later bills_from of its moves (it also moves to ${laterOf.to})`;

/**
 * What a run does with `subscription`, seen from `move`: predicted under the terms of every move
 * that takes it; a wait for another move's later date names that move.
 */
export function predictTaken(
  move: SubscriberMove,
  subscription: SubscriptionRecord,
  moves: readonly SubscriberMove[],
  now: number,
): Prediction {
  const { terms, laterOf } = takenTerms(move, subscription, moves);
  const prediction = predictMove(subscription, terms, now);
  if (laterOf === undefined || prediction.code !== BILLS_FROM_NOT_REACHED) return prediction;
  return { ...prediction, reason: `${prediction.reason ?? ''}: ${laterDateWords(laterOf)}` };
}
