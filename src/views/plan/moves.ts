// The plan's subscriber moves: a line each in the human plan, and a change of kind `subscribers` in
// `plan --json`. The counts are of the subscriptions on the source price now, by status; one above
// what Paddle counts exactly is "more than 100,000" (counts.ts).
import type { SubscriberMove } from '../../plan/subscribers.js';
import type { Change, Plan } from '../../plan/types.js';
import type { Style } from '../../terminal/style.js';
import { shown } from '../../text/escape.js';
import { countsJson, statusCounts } from './counts.js';
import { nextBillLines, nextBillsJson } from './next-bills.js';
import { rolloutJson, rolloutLines } from './rollout.js';

/** What each proration_billing_mode does, in Paddle's words (concepts/subscriptions/proration). */
const BILLING: Record<SubscriberMove['proration'], string> = {
  prorated_immediately: 'the prorated difference is billed now',
  prorated_next_billing_period: 'the prorated difference is billed at the next renewal',
  full_immediately: 'the full new amount is billed now',
  full_next_billing_period: 'the full new amount is billed at the next renewal',
  do_not_bill: 'no charge now; the next renewal bills the new price',
};

/** `3 active, 1 paused`, or why there is no count. */
export function counts(move: SubscriberMove): string {
  if (move.fromId === null) return 'no subscribers yet (the price is new)';
  if (move.subscribers === undefined) return 'subscribers not counted (the key cannot read subscriptions)';
  return statusCounts(move.subscribers, true) || 'no subscribers';
}

/** `subscribers pro/monthly → pro/monthly-2027`; a twin's: from it to the kept twin, under its key. */
function subjectOf(move: SubscriberMove): string {
  if (move.duplicateOf === undefined) return `subscribers ${shown(move.from)} → ${shown(move.to)}`;
  return `subscribers of twin ${shown(move.fromId ?? '')} → kept twin ${shown(move.duplicateOf)} (price ${shown(move.from)})`;
}

/** `~ move subscribers pro/monthly → pro/monthly-2027: 3 active, 1 paused (no charge now; …)` */
export function formatMove(move: SubscriberMove, style: Style): string[] {
  return [
    move.blocked === undefined
      ? `${style.yellow('~ move')} ${subjectOf(move)}: ${counts(move)} ${style.dim(`(${move.proration}: ${BILLING[move.proration]}${move.billsFrom ? `; first billed from ${move.billsFrom}` : ''})`)}`
      : style.yellow(`! cannot move ${subjectOf(move)}: ${counts(move)}: ${shown(move.blocked)}`),
    ...rolloutLines(move, style),
    ...nextBillLines(move, style),
  ];
}

/**
 * Under --dedupe's archive of a price twin: its subscribers, which move to the kept twin first, or
 * cannot (then apply refuses while it has any).
 */
export function twinArchiveLines(plan: Plan, change: Change, style: Style): string[] {
  const move = twinMoveOf(plan, change);
  if (move === undefined) return [];
  if (move.blocked === undefined)
    return [`    subscribers: ${counts(move)}; they move to ${shown(move.duplicateOf ?? '')} first`];
  return [
    style.yellow(
      `    subscribers: ${counts(move)}; they cannot move, so apply --dedupe refuses while it has any`,
    ),
  ];
}

/** --dedupe's archive of an extra object: it shares its key with the one kept. */
export const isTwin = (plan: Plan, change: Change) => (plan.deduplication ?? []).some((c) => c === change);

/** The move off a twin that --dedupe archives (a price change of plan.deduplication), if it is one. */
export function twinMoveOf(plan: Plan, change: Change): SubscriberMove | undefined {
  if (change.kind !== 'price' || !isTwin(plan, change)) return undefined;
  return plan.moves?.find((move) => move.duplicateOf !== undefined && move.fromId === change.id);
}

/** `plan --json`: one change of kind `subscribers` per move. */
export function moveChanges(plan: Plan) {
  return (plan.moves ?? []).map((move) => ({
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
    ...rolloutJson(move.rollout),
    ...nextBillsJson(move.nextBills),
  }));
}
