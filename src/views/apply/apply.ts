// apply's views: the key → id table or the --json document, then the verdict on stderr (verified,
// not verified, or what failed and the dashboard steps left to do).

import type { ApplyResult } from '../../apply/use-case.js';
import type { UnwrittenFile } from '../../files/output-file.js';
import type { KeyResult } from '../../operations/results.js';
import { requestsSent } from '../../paddle/calls.js';
import { changesInOrder } from '../../planner/summary.js';
import type { SavedMove } from '../../saved-plan/document.js';
import type { Reporter } from '../../terminal/reporter.js';
import { shown } from '../../text/escape.js';
import { printRemoteError } from '../errors.js';
import { formatChange, formatDuplicates } from '../plan/format.js';
import { applyDocument, INTERRUPTED_MESSAGE, notVerifiedMessage, timedOutMessage } from './document.js';
import { moveOutcomeLines, moveOutcomesJson } from './move-outcomes.js';
import { dashboardSteps } from './steps.js';
import { movesStoppedLines, renderSubscribersLeft, subscribersDocument } from './subscribers.js';

/**
 * What apply shows: the use-case's result, each key's outcome (computed once, also for the id
 * files) and the id files (--ids-out, --env-out) it could not write.
 */
export interface ApplyReport extends ApplyResult {
  results: KeyResult[];
  unwritten: UnwrittenFile[];
  /** the saved plan applied (`apply <plan-file>`), as the user named it */
  planFile?: string;
  /** the catalog file that saved plan was made from */
  planCatalog?: string;
  /** the saved plan's moves as they were reviewed (`review.moves`) */
  reviewedMoves?: SavedMove[];
  /** --timeout's seconds, when its deadline stopped the writes */
  timedOut?: number;
}

/** The steps a person would take in the dashboard to finish what the run did not. */
function remainingSteps({ plan, outcome, results }: ApplyReport): string[] {
  const { operations, operationResults } = outcome.execution;
  return dashboardSteps(plan.catalog, changesInOrder(plan), operations, operationResults, results);
}

export function renderJson(result: ApplyReport) {
  const { environment, plan, outcome, unwritten, results, planFile } = result;
  const remaining = remainingSteps(result);
  return {
    ...applyDocument(environment, plan, outcome, results, unwritten, planFile, result.timedOut),
    ...subscribersDocument(outcome, moveOutcomesJson(outcome.moves ?? [], result.reviewedMoves)),
    ...(remaining.length > 0 ? { remaining: remaining.map((s) => s.trim()) } : {}),
    requests: requestsSent(result.stats),
  };
}

const STATUS_WORD: Record<KeyResult['status'], string> = {
  applied: 'done',
  unchanged: 'unchanged',
  failed: 'FAILED',
  skipped: 'not done',
};

/** `create` → `created`, `adopt` → `adopted`; a discount key renamed with its code kept → `moved` (plan's `~ move`). */
const pastTense = ({ action, renamedFrom: movedFrom }: KeyResult) =>
  movedFrom !== undefined ? 'moved' : action.endsWith('e') ? `${action}d` : `${action}ed`;

/** `pro           pro_01…  created` — one row per key, in apply order; then a line per subscriber move. */
export function renderHuman({ results, outcome, reviewedMoves }: ApplyReport, out: Reporter): void {
  const { style } = out;
  const width = Math.max(...results.map((r) => shown(r.key).length), 3);
  out.result('');
  for (const r of results) {
    const what =
      r.status === 'applied'
        ? style.green(pastTense(r))
        : r.status === 'unchanged'
          ? style.dim('unchanged')
          : style.red(`${r.action}: ${STATUS_WORD[r.status]}`);
    const note = r.duplicateOf ? `duplicate of ${shown(r.duplicateOf)}` : r.held;
    const extra = note ? style.dim(` (${note})`) : '';
    out.result(`${shown(r.key).padEnd(width)}  ${shown(r.id ?? '—').padEnd(30)}  ${what}${extra}`);
  }
  for (const line of moveOutcomeLines(outcome.moves ?? [], reviewedMoves, style)) out.result(line);
}

/** stderr, in both modes, after the files are written: the files that failed, then how the run ended. */
export function renderVerdict(result: ApplyReport, out: Reporter): void {
  const { execution } = result.outcome;
  for (const { message } of result.unwritten) out.error(message);
  if (execution.error || execution.interrupted) {
    if (execution.error) printRemoteError(execution.error, out);
    else out.error(result.timedOut === undefined ? INTERRUPTED_MESSAGE : timedOutMessage(result.timedOut));
    if (execution.error) for (const line of movesStoppedLines(result, rerun(result))) out.info(line);
    renderRemaining(remainingSteps(result), out, again(result));
  } else if (!result.outcome.verified) {
    renderNotVerified(result, out);
  } else {
    out.info(out.errStyle.green(`Verified: the ${result.environment} account matches the catalog.`));
  }
}

/** How to pick up where a run stopped: a saved plan is made again (it no longer holds), a catalog applied again. */
const again = ({ planFile, planCatalog }: ApplyReport) =>
  planFile
    ? `fix the cause, then make the plan again (plan ${shown(planCatalog ?? '<catalog>')} --out ${shown(planFile)}), review it and apply the new plan file: this one no longer holds, the new one picks up where this stopped`
    : 'fix the cause and run apply again: it picks up where this stopped';

/**
 * How a run whose moves stopped is finished: a saved plan whose catalog changes are all made applies
 * again as it is (only its moves are left: "applied already but for its subscriber moves").
 */
function rerun(result: ApplyReport): string {
  const made = result.outcome.execution.operationResults.every((r) => r.status === 'applied');
  if (!result.planFile) return 'run apply again';
  return made ? `apply ${shown(result.planFile)} again` : again(result);
}

function renderRemaining(remaining: string[], out: Reporter, how: string): void {
  if (remaining.length === 0) return;
  out.info(`\nWhat is left to do (or ${how}).`);
  out.info('As steps in the Paddle dashboard:');
  for (const line of remaining) out.info(line);
}

/** What the fresh read found: keys with more than one active object, and changes still pending. */
function renderNotVerified({ outcome }: ApplyReport, out: Reporter): void {
  const remaining = outcome.remaining;
  const duplicates = remaining?.duplicates ?? [];
  out.error(notVerifiedMessage(remaining));
  for (const line of formatDuplicates(duplicates, out.errStyle)) out.info(`  ${line}`);
  for (const change of remaining ? changesInOrder(remaining) : []) {
    for (const line of formatChange(change, out.errStyle)) out.info(`  ${line}`);
  }
  renderSubscribersLeft(outcome, out);
  if (duplicates.length > 0) {
    out.info(
      'Run apply --dedupe to keep the oldest of each and archive the others; plan --dedupe shows it first.',
    );
  }
}
