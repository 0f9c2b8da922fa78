// What a run does with each move's subscriptions, under the move's line in the plan (in --json, the
// rollout of src/saved-plan/reviewed-moves.ts): how many move now, how many wait and until when (a
// later run moves them), which will not move with the move's mode (a warning, naming the mode that
// would), and which Paddle's pages leave open.

import type { SubscriberMove } from '../../planner/subscribers.js';
import {
  MOVES_NOW,
  type MoveVerdicts,
  NOT_PREDICTED,
  type RefusedGroup,
  type UnpredictedGroup,
  WAITS,
  type WaitGroup,
  WILL_NOT_MOVE,
} from '../../planner/verdicts.js';
import type { Style } from '../../terminal/style.js';
import { shown } from '../../text/escape.js';
import { plural } from '../../text/plural.js';

/** Waits listed by day before the rest are summed: a rise over thousands spans every day of a month. */
const DAYS_SHOWN = 5;

/**
 * `3 until 2026-02-01, 7 more until 2026-02-02 to 2026-02-09, 1 until paid`: the first few days one
 * by one, the later days summed with the range they span, and those waiting until paid (no day)
 * always apart, so each count is true of its subscriptions and they add up to the line's total.
 */
function untilWords(waits: readonly WaitGroup[]): string {
  const byDay = new Map<string, number>();
  let unpaid = 0;
  for (const wait of waits) {
    if (wait.until === null) unpaid += wait.count;
    else byDay.set(wait.until, (byDay.get(wait.until) ?? 0) + wait.count);
  }
  const days = [...byDay].sort(([a], [b]) => a.localeCompare(b));
  // a sixth day alone is shown as the others: a sum of one day needs no range
  const shownDays = days.length === DAYS_SHOWN + 1 ? days.length : DAYS_SHOWN;
  const words = days.slice(0, shownDays).map(([when, n]) => `${n} until ${when}`);
  const rest = days.slice(shownDays);
  if (rest.length > 0) {
    const more = rest.reduce((n, [, k]) => n + k, 0);
    words.push(`${more} more until ${rest[0]?.[0]} to ${rest[rest.length - 1]?.[0]}`);
  }
  if (unpaid > 0) words.push(`${unpaid} until paid`);
  return words.join(', ');
}

/** The lines under a move's line. */
export function verdictLines(move: SubscriberMove, style: Style): string[] {
  const rollout = move.verdicts;
  const none = (r: MoveVerdicts) => r.now + r.waits.length + r.refused.length + r.unpredicted.length === 0;
  // no one on the source: the move's line says so
  if (rollout === undefined || none(rollout)) return [];
  const lines = [`    ${MOVES_NOW}: ${rollout.now}`];
  const waiting = rollout.waits.reduce((n, w) => n + w.count, 0);
  if (waiting > 0) {
    const why = [...new Set(rollout.waits.map((w) => shown(w.reason)))].join('; ');
    lines.push(`    ${WAITS}: ${waiting} (${untilWords(rollout.waits)}; ${why}): a later run moves them`);
  }
  for (const group of rollout.refused) lines.push(refusedLine(group, move.proration, style));
  for (const group of rollout.unpredicted) lines.push(unpredictedLine(group, 'apply', style));
  return lines;
}

/** `    ! will not move with this mode (…): 1 subscription (paused, Paddle's …); do_not_bill would move them` */
export function refusedLine(group: RefusedGroup, proration: string, style: Style): string {
  const works =
    group.modes.length > 0 ? `; ${group.modes.join(' or ')} would move them` : '; no mode moves them';
  return style.yellow(
    `    ! ${WILL_NOT_MOVE} (${proration}): ${plural(group.subscriptions.length, 'subscription')} (${shown(group.reason)}, Paddle's ${group.code})${works}`,
  );
}

/** `    not predicted: 1 subscription (trialing: …): apply asks Paddle` (`asker`: the command that sends it). */
export function unpredictedLine(group: UnpredictedGroup, asker: string, style: Style): string {
  return style.dim(
    `    ${NOT_PREDICTED}: ${plural(group.subscriptions.length, 'subscription')} (${shown(group.reason)}): ${asker} asks Paddle`,
  );
}
