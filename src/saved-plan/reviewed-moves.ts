// Each subscriber move as the review showed it, in the fields a saved plan keeps (`review.moves`,
// which apply prints as reviewed and checks the moves against) and plan --json shows as a change of
// kind `subscribers`: built from the plan and its review here, so the saved plan's format depends on
// no view; the views only show it.
import { countsJson, totalOf } from '../planner/counts.js';
import type { SubscriberMove } from '../planner/subscribers.js';
import type { Plan } from '../planner/types.js';
import type { MoveVerdicts } from '../planner/verdicts.js';
import { MOVES_NOW, NOT_PREDICTED, WAITS, WILL_NOT_MOVE } from '../planner/verdicts.js';
import { type MoveReview, moveReviewOf, type NextBills, type Review } from '../review/types.js';

/** One change of kind `subscribers` per move, with the review's figures of it. */
export function reviewedMoves(plan: Plan, review?: Review) {
  return (plan.moves ?? []).map((move) => reviewedMove(move, moveReviewOf(review, move)));
}

function reviewedMove(move: SubscriberMove, reviewed: MoveReview) {
  return {
    kind: 'subscribers' as const,
    key: move.to,
    action: 'move' as const,
    from: move.from,
    to: move.to,
    ...(move.fromId ? { id: move.fromId } : {}),
    proration: move.proration,
    ...(move.duplicateOf ? { duplicateOf: move.duplicateOf } : {}),
    ...(move.blocked ? { blocked: move.blocked } : {}),
    ...countsJson('subscribers', move.subscribers),
    ...(move.billsFrom ? { bills_from: move.billsFrom } : {}),
    ...verdictsJson(move.verdicts),
    ...totalJson(move),
    ...move.breakdown,
    ...(reviewed.customers ? { customers: reviewed.customers } : {}),
    ...nextBillsJson(reviewed.nextBills),
  };
}

/** The subscriptions counted in all (a lower bound where subscribers_lower_bounds names any). */
function totalJson(move: SubscriberMove) {
  if (move.subscribers === undefined) return {};
  const total = totalOf(move.subscribers);
  return 'uncounted' in total ? {} : { subscribers_total: total.n };
}

/** What a run does with the move's subscriptions, a row per verdict (src/planner/verdicts.ts's words). */
function verdictsJson(rollout: MoveVerdicts | undefined) {
  if (rollout === undefined) return {};
  return {
    rollout: [
      { verdict: MOVES_NOW, count: rollout.now },
      ...rollout.waits.map((w) => ({ verdict: WAITS, ...w })),
      ...rollout.refused.map((g) => ({ verdict: WILL_NOT_MOVE, count: g.subscriptions.length, ...g })),
      ...rollout.unpredicted.map((g) => ({ verdict: NOT_PREDICTED, count: g.subscriptions.length, ...g })),
    ],
  };
}

/** The next-bill samples as Paddle previewed them, amounts in the lowest currency unit. */
function nextBillsJson(bills: NextBills | undefined) {
  if (!bills) return {};
  return {
    next_bills: bills.samples,
    ...(bills.sampledFrom !== undefined ? { next_bills_sampled_from: bills.sampledFrom } : {}),
    ...(bills.notPreviewed ? { next_bills_not_previewed: bills.notPreviewed } : {}),
  };
}
