// apply's views: the key → id table or the --json document, then the verdict on stderr (verified,
// not verified, or what failed and the dashboard steps left to do).
import { applyDocument, keyResults } from '../../apply/report.js';
import type { ApplyResult } from '../../apply/use-case.js';
import { dashboardSteps, formatResultTable } from '../../output/apply-format.js';
import { formatChange, formatDuplicates } from '../../output/plan-format.js';
import { plural } from '../../output/plural.js';
import type { Reporter } from '../../output/reporter.js';
import { hintForRemoteError } from '../../paddle/error-hints.js';
import { changesInOrder } from '../../plan/summary.js';
import { printRemoteError } from '../handle-error.js';
import type { UnwrittenFile } from '../output-file.js';

/** What apply shows: the use-case's result and the id files (--ids-out, --env-out) it could not write. */
export interface ApplyReport extends ApplyResult {
  unwritten: UnwrittenFile[];
}

/** The steps a person would take in the dashboard to finish what the run did not. */
function remainingSteps({ plan, outcome }: ApplyResult): string[] {
  const steps = outcome.execution.steps;
  return dashboardSteps(plan.catalog, steps, keyResults(plan, steps));
}

export function renderJson(result: ApplyReport) {
  const { environment, plan, outcome, unwritten } = result;
  const error = outcome.execution.error?.details;
  const remaining = remainingSteps(result);
  const document = applyDocument(
    environment,
    plan,
    outcome,
    error && { ...error, hint: hintForRemoteError(error) },
  );
  return {
    ...document,
    ...(unwritten.length > 0 ? { ok: false, unwritten } : {}),
    ...(remaining.length > 0 ? { remaining: remaining.map((s) => s.trim()) } : {}),
  };
}

export function renderHuman({ plan, outcome }: ApplyResult, out: Reporter): void {
  out.result('');
  for (const line of formatResultTable(keyResults(plan, outcome.execution.steps), out.style)) {
    out.result(line);
  }
}

/** stderr, in both modes, after the files are written: the files that failed, then how the run ended. */
export function renderVerdict(result: ApplyReport, out: Reporter): void {
  const { execution } = result.outcome;
  for (const { message } of result.unwritten) out.error(message);
  if (execution.error || execution.interrupted) {
    if (execution.error) printRemoteError(execution.error, out);
    else out.error('interrupted: the calls in flight finished; nothing else was started');
    renderRemaining(remainingSteps(result), out);
  } else if (!result.outcome.verified) {
    renderNotVerified(result, out);
  } else {
    out.info(out.errStyle.green(`Verified: the ${result.environment} account matches the catalog.`));
  }
}

function renderRemaining(remaining: string[], out: Reporter): void {
  if (remaining.length === 0) return;
  out.info('\nWhat is left to do (or fix the cause and run apply again: it picks up where this stopped).');
  out.info('As steps in the Paddle dashboard:');
  for (const line of remaining) out.info(line);
}

/** What the fresh read found: keys with more than one active object, and changes still pending. */
function renderNotVerified({ outcome }: ApplyResult, out: Reporter): void {
  const remaining = outcome.remaining;
  const duplicates = remaining?.duplicates ?? [];
  out.error(
    duplicates.length > 0
      ? `not verified: ${plural(duplicates.length, 'key')} ${duplicates.length === 1 ? 'has' : 'have'} more than one active object (another apply or a person made them meanwhile?)`
      : 'not verified: after apply, the account still differs from the catalog',
  );
  for (const line of formatDuplicates(duplicates, out.errStyle)) out.info(`  ${line}`);
  for (const change of remaining ? changesInOrder(remaining) : []) {
    for (const line of formatChange(change, out.errStyle)) out.info(`  ${line}`);
  }
  if (duplicates.length > 0) {
    out.info(
      'Run apply --dedupe to keep the oldest of each and archive the others; plan --dedupe shows it first.',
    );
  }
}
