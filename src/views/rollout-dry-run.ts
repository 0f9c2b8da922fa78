// `rollout --dry-run`'s views: where the rise stands and what a run now would do (nothing written):
// the breakdown on stdout (lines, or Markdown with --format markdown), how a run now would stand on
// stderr; in --json the same `rollout` and `standing` as a run's, with `dry_run: true`; in Actions
// the Markdown in the step summary and `rollout` as a step output.
import type { DryRunResult } from '../rollout/dry-run.js';
import type { Reporter } from '../terminal/reporter.js';
import { writeStepReport } from './github/step-summary.js';
import { type RolloutFormat, rolloutJson, rolloutMarkdown, standingLine } from './rollout.js';
import { standingJson, standingLines } from './rollout-standing.js';

export type DryRunReport = DryRunResult & { environment: string; format?: RolloutFormat };

export function renderHuman(result: DryRunReport, out: Reporter): void {
  const { rollout, standing } = result;
  if (result.format === 'markdown') out.result(rolloutMarkdown(rollout, standing, true).trimEnd());
  else {
    const lines = standingLines(standing, true, out.style);
    for (const line of lines.length > 0 ? lines : ['No subscriber moves to continue.']) out.result(line);
  }
  const line = `dry run, nothing written: a run now would be ${standingLine(rollout)}`;
  if (rollout.state === 'needs-attention') {
    for (const need of rollout.needs) out.error(need);
    out.error(line);
  } else out.info(out.errStyle.green(line));
}

export function renderJson(result: DryRunReport) {
  return {
    ok: result.rollout.state !== 'needs-attention',
    dry_run: true,
    environment: result.environment,
    rollout: rolloutJson(result.rollout),
    standing: standingJson(result.standing, true),
  };
}

/** In Actions: the report in the step summary, and `rollout` (done, in-progress, needs-attention). */
export function publishDryRun(reporter: Reporter, result: DryRunResult) {
  return writeStepReport(reporter, {
    summary: rolloutMarkdown(result.rollout, result.standing, true),
    outputs: { rollout: result.rollout.state },
  });
}
