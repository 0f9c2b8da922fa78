// rollout's views: apply's (the keys, the moves, Paddle's error and the steps left), with how the
// rollout stands in place of apply's "not verified": done, in progress (nothing needs anyone), or
// what needs a person; the same in --json (`rollout`) and in the Actions step report.

import type { Plan } from '../planner/types.js';
import type { RolloutStanding } from '../rollout/standing.js';
import type { RolloutResult } from '../rollout/use-case.js';
import type { RolloutVerdict } from '../rollout/verdict.js';
import type { Reporter } from '../terminal/reporter.js';
import { shown } from '../text/escape.js';
import { plural } from '../text/plural.js';
import * as applyView from './apply/apply.js';
import { type ApplySummaryInput, applyOutputs, applySummaryMarkdown } from './apply/step-summary.js';
import { failure } from './failure.js';
import { writeStepReport } from './github/step-summary.js';
import { inlineCode } from './plan/markdown.js';
import { standingJson, standingLines, standingMarkdown } from './rollout-standing.js';

export type RolloutReport = applyView.ApplyReport &
  Pick<RolloutResult, 'rollout' | 'standing'> & { format?: RolloutFormat };

export const ROLLOUT_FORMATS = ['text', 'markdown'] as const;
export type RolloutFormat = (typeof ROLLOUT_FORMATS)[number];

/** apply's lines (or, as Markdown, none of them), then where the rise stands. */
export function renderHuman(result: RolloutReport, out: Reporter): void {
  if (result.format === 'markdown') {
    out.result(rolloutMarkdown(result.rollout, result.standing, false).trimEnd());
    return;
  }
  applyView.renderHuman(result, out);
  for (const line of standingLines(result.standing, false, out.style)) out.result(line);
}

/** The report in Markdown: how it stands, what needs a person, and the breakdown (rollout-standing.ts). */
export function rolloutMarkdown(verdict: RolloutVerdict, standing: RolloutStanding, dryRun: boolean): string {
  const heading = dryRun ? '### paddle-catalog rollout --dry-run' : '### paddle-catalog rollout';
  const lines = [...verdict.needs.map((n) => `- ${inlineCode(n)}`)];
  const body = standingMarkdown(standing, dryRun);
  return `${heading}\n\n**${standingLine(verdict)}**\n${lines.length > 0 ? `\n${lines.join('\n')}\n` : ''}${body.length > 0 ? `\n${body.join('\n')}\n` : ''}`;
}

/** One line for how it stands: `in progress: 3 subscriptions wait for a date or a payment; …`. */
export function standingLine(verdict: RolloutVerdict): string {
  if (verdict.state === 'done') return 'rolled out: everyone moved and the old prices are archived';
  const waits = `${plural(verdict.waiting, 'subscription')} ${verdict.waiting === 1 ? 'waits' : 'wait'} for a date or a payment`;
  if (verdict.state === 'in-progress')
    return `in progress: ${waits}; a later run moves them, nothing needs a person`;
  return `needs a person: ${plural(verdict.needs.length, 'thing')} a later run cannot do`;
}

/** `sub_… past due since 2026-11-02` for each one waiting for payment. */
const pastDueLines = (verdict: RolloutVerdict) =>
  verdict.pastDue.map(
    (p) => `${shown(p.id)} waits for payment${p.since ? ` since ${shown(p.since.slice(0, 10))}` : ''}`,
  );

/** stderr: Paddle's error and the steps left as apply says them, then how the rollout stands. */
export function renderVerdict(result: RolloutReport, out: Reporter): void {
  const { execution } = result.outcome;
  if (execution.error || execution.interrupted) applyView.renderVerdict(result, out);
  const { rollout } = result;
  for (const line of pastDueLines(rollout)) out.info(line);
  if (rollout.state === 'needs-attention') {
    for (const need of rollout.needs) out.error(need);
    out.error(standingLine(rollout));
  } else out.info(out.errStyle.green(standingLine(rollout)));
}

/** apply's document, `ok` and `error` as the rollout stands (waiting is no failure), and `rollout`. */
export function renderJson(result: RolloutReport) {
  const { error: applyError, ok: _ok, ...document } = applyView.renderJson(result);
  const { rollout } = result;
  const stopped = result.outcome.execution.error || result.outcome.execution.interrupted;
  const needs = rollout.state === 'needs-attention';
  const error = stopped
    ? applyError
    : needs
      ? failure('not-verified', { message: rollout.needs.join('; ') })
      : undefined;
  return {
    ok: !needs,
    ...document,
    ...(error ? { error } : {}),
    rollout: rolloutJson(rollout),
    standing: standingJson(result.standing, false),
  };
}

/** `rollout` in --json: how it stands, what needs a person, how many wait, who waits for payment. */
export const rolloutJson = (rollout: RolloutVerdict) => ({
  state: rollout.state,
  needs: rollout.needs,
  waiting: rollout.waiting,
  past_due: rollout.pastDue,
});

/** In Actions: apply's summary and outputs, the rollout's line, and `rollout` (done, in-progress, needs-attention). */
export function publishRollout(
  reporter: Reporter,
  plan: Plan,
  input: ApplySummaryInput,
  result: Pick<RolloutResult, 'rollout' | 'standing'>,
) {
  const summary = applySummaryMarkdown(input, plan).replace(
    '### paddle-catalog apply',
    '### paddle-catalog rollout',
  );
  const { rollout, standing } = result;
  // the step report's own heading, then how it stands and the breakdown (waits for payment among it)
  const report = rolloutMarkdown(rollout, standing, false).replace('### paddle-catalog rollout\n', '');
  return writeStepReport(reporter, {
    summary: `${summary}${report}`,
    outputs: { ...applyOutputs(plan, input), rollout: rollout.state },
  });
}
