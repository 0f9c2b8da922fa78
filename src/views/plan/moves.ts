// The plan's subscriber moves: a line each in the human plan (in `plan --json`, a change of kind
// `subscribers`: the saved plan's reviewedMoves, src/saved-plan/reviewed-moves.ts). The counts are of the subscriptions on the source price now, by status; one above
// what Paddle counts exactly is "more than 100,000" (counts.ts).

import { totalOf } from '../../planner/counts.js';
import type { SubscriberMove } from '../../planner/subscribers.js';
import { isTwin } from '../../planner/summary.js';
import type { Change, Plan } from '../../planner/types.js';
import { waitIsSent } from '../../planner/verdicts.js';
import { type MoveReview, moveReviewOf, type Review } from '../../review/types.js';
import type { Style } from '../../terminal/style.js';
import { shown } from '../../text/escape.js';
import { plural } from '../../text/plural.js';
import type { PlanBlock } from './budget.js';
import { statusCounts, tallyWords } from './counts.js';
import { nextBillLines } from './next-bills.js';
import { customerRows } from './review-lines.js';
import { verdictLines } from './verdict-lines.js';

/** What each proration_billing_mode does, in Paddle's words (concepts/subscriptions/proration). */
const BILLING: Record<SubscriberMove['proration'], string> = {
  prorated_immediately: 'the prorated difference is billed now',
  prorated_next_billing_period: 'the prorated difference is billed at the next renewal',
  full_immediately: 'the full new amount is billed now',
  full_next_billing_period: 'the full new amount is billed at the next renewal',
  do_not_bill: 'no charge now; the next renewal bills the new price',
};

/** `3 active (1 set to cancel), 1 paused`, or why there is no count. */
function counts(move: SubscriberMove): string {
  if (move.fromId === null) return 'no subscribers yet (the price is new)';
  if (move.subscribers === undefined) return 'subscribers not counted (the key cannot read subscriptions)';
  const words = statusCounts(move.subscribers, move.breakdown?.subscribers_scheduled);
  return words === 'none' ? 'no subscribers' : words;
}

/** `    4 subscriptions: 3 in USD, 1 in EUR` (the most first), under a move with any. */
function totalLines(move: SubscriberMove): string[] {
  if (move.subscribers === undefined) return [];
  const total = totalOf(move.subscribers);
  if (!('uncounted' in total) && total.n === 0) return [];
  const head = `    ${tallyWords(total)} ${'n' in total && total.n === 1 && !total.moreThan ? 'subscription' : 'subscriptions'}`;
  const currencies = Object.entries(move.breakdown?.subscribers_by_currency ?? {}).sort(
    ([a, m], [b, n]) => n - m || a.localeCompare(b),
  );
  if (currencies.length === 0) return [`${head} (by currency: not listed, too many to list)`];
  const by = currencies.map(([code, n]) => `${n.toLocaleString('en-US')} in ${shown(code)}`);
  return [`${head}: ${by.join(', ')}`];
}

/** Per country, one unit of the source now and of the target after, as Paddle previews them. */
function moveCustomerLines(move: SubscriberMove, reviewed: MoveReview, style: Style): string[] {
  if (!reviewed.customers?.length) return [];
  return customerRows(reviewed.customers, moveCustomersHeading(move), style);
}

const moveCustomersHeading = (move: SubscriberMove) =>
  `customers moved pay (one unit of ${shown(move.from)} now → ${shown(move.to)}, as Paddle previews it, with tax)`;

/** `subscribers pro/monthly → pro/monthly-2027`; a twin's: from it to the kept twin, under its key. */
function subjectOf(move: SubscriberMove): string {
  if (move.duplicateOf === undefined) return `subscribers ${shown(move.from)} → ${shown(move.to)}`;
  return `subscribers of twin ${shown(move.fromId ?? '')} → kept twin ${shown(move.duplicateOf)} (price ${shown(move.from)})`;
}

/**
 * `~ move subscribers pro/monthly → pro/monthly-2027: 3 active, 1 paused (no charge now; …)` and
 * the total by currency under it.
 */
function moveHeadLines(move: SubscriberMove, style: Style): string[] {
  return [
    move.blocked === undefined
      ? `${style.yellow('~ move')} ${subjectOf(move)}: ${counts(move)} ${style.dim(`(${move.proration}: ${BILLING[move.proration]}${move.billsFrom ? `; first billed from ${move.billsFrom}` : ''})`)}`
      : style.yellow(`! cannot move ${subjectOf(move)}: ${counts(move)}: ${shown(move.blocked)}`),
    ...totalLines(move),
    ...verdictLines(move, style),
  ];
}

/** A move as a block of the plan: always kept first when a review is cut; its customers as previews. */
export function moveBlock(move: SubscriberMove, review: Review | undefined, style: Style): PlanBlock {
  const reviewed = moveReviewOf(review, move);
  const previews = moveCustomerLines(move, reviewed, style);
  const table = reviewed.customers?.length
    ? { table: { price: move.to, from: move.from, customers: reviewed.customers } }
    : {};
  return {
    lines: moveHeadLines(move, style),
    previews,
    rest: nextBillLines(move, reviewed.nextBills, style),
    risk: true,
    ...table,
  };
}

/** A move's lines as plan shows them: the head, then the review's: what customers pay, the next bills. */
export function formatMove(move: SubscriberMove, review: Review | undefined, style: Style): string[] {
  const reviewed = moveReviewOf(review, move);
  return [
    ...moveHeadLines(move, style),
    ...moveCustomerLines(move, reviewed, style),
    ...nextBillLines(move, reviewed.nextBills, style),
  ];
}

/**
 * Under --dedupe's archive of a price twin: its subscribers, which move to the kept twin first, or
 * cannot (then apply refuses while it has any).
 */
export function twinArchiveLines(plan: Plan, change: Change, style: Style): string[] {
  const move = twinMoveOf(plan, change);
  if (move === undefined) return [];
  const stuck = notSentOffTwin(move);
  if (move.blocked === undefined && stuck.count === 0)
    return [`    subscribers: ${counts(move)}; they move to ${shown(move.duplicateOf ?? '')} first`];
  if (move.blocked === undefined) {
    const which = `${plural(stuck.count, 'subscription')} cannot move now (${stuck.reasons.join('; ')})`;
    return [
      style.yellow(`    subscribers: ${counts(move)}; ${which}, so apply --dedupe refuses while it has any`),
    ];
  }
  return [
    style.yellow(
      `    subscribers: ${counts(move)}; they cannot move, so apply --dedupe refuses while it has any`,
    ),
  ];
}

/**
 * The subscriptions on a twin that a run does not send (they wait for anything but a renewal lock, or
 * the mode will not move them): apply --dedupe refuses to archive a twin they would be left on
 * (src/moves/twin-refusal.ts), so the plan says so with the same verdicts.
 */
function notSentOffTwin(move: SubscriberMove): { count: number; reasons: string[] } {
  const waits = (move.verdicts?.waits ?? []).filter((group) => !waitIsSent(group.code));
  const refused = move.verdicts?.refused ?? [];
  const count =
    waits.reduce((n, group) => n + group.count, 0) +
    refused.reduce((n, group) => n + group.subscriptions.length, 0);
  const reasons = [...waits, ...refused].map((group) => shown(group.reason));
  return { count, reasons: [...new Set(reasons)] };
}

/** The move off a twin that --dedupe archives (a price change of plan.deduplication), if it is one. */
export function twinMoveOf(plan: Plan, change: Change): SubscriberMove | undefined {
  if (change.kind !== 'price' || !isTwin(plan, change)) return undefined;
  return plan.moves?.find((move) => move.duplicateOf !== undefined && move.fromId === change.id);
}
