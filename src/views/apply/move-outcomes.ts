// What apply says each subscriber move came to: how many subscriptions it moved and how many are
// left on the source, beside how many the saved plan was reviewed with (a plan is reviewed hours
// before it is applied, and subscribers come and go meanwhile: the run moves who is there now).
// One line per move for people (stdout, and the job summary's block), one entry per move in --json.
import type { MoveOutcome } from '../../moves/outcomes.js';
import { countsJson } from '../../planner/counts.js';
import type { SavedMove } from '../../saved-plan/document.js';
import type { Style } from '../../terminal/style.js';
import { shown } from '../../text/escape.js';
import { plural } from '../../text/plural.js';
import { totalWords } from '../plan/counts.js';

const reviewedFor = (outcome: MoveOutcome, reviewed: readonly SavedMove[] | undefined) =>
  reviewed?.find(
    (move) =>
      move.from === outcome.from && move.to === outcome.to && (!outcome.twin || move.id === outcome.twin.id),
  );

/** `(reviewed with 4)`, or nothing for a catalog applied without a saved plan. */
function reviewedWords(move: SavedMove | undefined): string {
  if (move === undefined) return '';
  if (move.subscribers) return ` (reviewed with ${totalWords(move.subscribers)})`;
  return move.id === undefined ? ' (reviewed with none: the price was new)' : ' (reviewed uncounted)';
}

/** `, 2 changed since read and not moved`: left by this run so that no change made meanwhile is undone. */
const changedWords = (changed: number) =>
  changed > 0 ? `, ${changed.toLocaleString('en-US')} changed since read and not moved` : '';

/**
 * `subscribers pro/monthly → pro/monthly-2027: 5 subscriptions moved, 1 changed since read and not
 * moved, 1 left (reviewed with 4)`
 */
export function moveOutcomeLines(
  outcomes: readonly MoveOutcome[],
  reviewed: readonly SavedMove[] | undefined,
  style: Style,
): string[] {
  return outcomes.map((outcome) => {
    const left = outcome.left ? `, ${totalWords(outcome.left)} left` : '';
    const words = reviewedWords(reviewedFor(outcome, reviewed));
    const what = outcome.twin
      ? `subscribers of twin ${shown(outcome.twin.id)} → ${shown(outcome.twin.kept)} (price ${shown(outcome.from)})`
      : `subscribers ${shown(outcome.from)} → ${shown(outcome.to)}`;
    return `${what}: ${plural(outcome.moved, 'subscription')} moved${changedWords(outcome.changed)}${left}${style.dim(words)}`;
  });
}

/** `subscribers.moves` of apply --json: each move with the counts it was reviewed with, found, moved, changed since read and left. */
export function moveOutcomesJson(
  outcomes: readonly MoveOutcome[],
  reviewed: readonly SavedMove[] | undefined,
) {
  return outcomes.map((outcome) => ({
    from: outcome.from,
    to: outcome.to,
    ...countsJson('reviewed', reviewedFor(outcome, reviewed)?.subscribers),
    ...countsJson('found', outcome.found),
    moved: outcome.moved,
    changed: outcome.changed,
    ...countsJson('left', outcome.left),
  }));
}
