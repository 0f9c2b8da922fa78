// `apply` in GitHub Actions: the ids in the step summary, and the step's outputs.

import type { MoveOutcome } from '../../moves/outcomes.js';
import type { KeyResult } from '../../operations/results.js';
import { hasWork } from '../../planner/summary.js';
import type { Plan } from '../../planner/types.js';
import type { SavedMove } from '../../saved-plan/document.js';
import type { Reporter } from '../../terminal/reporter.js';
import { makeStyle } from '../../terminal/style.js';
import { plural } from '../../text/plural.js';
import { writeStepReport } from '../github/step-summary.js';
import { codeBlock, inlineCode, markdownTable } from '../plan/markdown.js';
import { formatMove } from '../plan/moves.js';
import { moveOutcomeLines } from './move-outcomes.js';

const code = (text: string | undefined) => (text ? inlineCode(text) : '');

export interface ApplySummaryInput {
  environment: string;
  results: KeyResult[];
  verified: boolean;
  failed: boolean;
  idsFile?: string;
  /** what each subscriber move came to, and the saved plan's moves as reviewed */
  moves?: MoveOutcome[];
  reviewedMoves?: SavedMove[];
}

/**
 * The moves as apply's plan showed them (counted when it listed them), then what each came to, in
 * a block as the plan's review has them: no key of the catalog renders as Markdown.
 */
function moveSection(input: ApplySummaryInput, plan: Plan | undefined): string[] {
  if (!input.moves || input.moves.length === 0) return [];
  const plain = makeStyle(false);
  const lines = [
    ...(plan?.moves ?? []).flatMap((move) => formatMove(move, undefined, plain)),
    ...moveOutcomeLines(input.moves, input.reviewedMoves, plain),
  ];
  return ['', 'Subscriber moves:', '', ...codeBlock(lines, 'diff')];
}

/** The ids after apply, per key, with what happened to each; then the subscriber moves. */
export function applySummaryMarkdown(input: ApplySummaryInput, plan?: Plan): string {
  const { environment, results, verified, failed } = input;
  const outcome = failed ? '❌ failed' : verified ? '✅ verified' : '⚠️ not verified';
  const applied = results.filter((r) => r.status === 'applied').length;
  const lines = [
    '### paddle-catalog apply',
    '',
    `Environment: **${environment}** · ${plural(applied, 'change')} applied · ${outcome}${
      input.idsFile ? ` · ids written to ${code(input.idsFile)}` : ''
    }`,
    '',
    ...markdownTable(
      ['Key', 'Kind', 'Id', 'Action', 'Status'],
      results.map((r) => [r.key, r.kind, r.id ?? '', r.action, r.status]),
    ),
    ...moveSection(input, plan),
  ];
  return `${lines.join('\n')}\n`;
}

/**
 * `apply` in Actions: the ids and moves in the summary; `has_changes` (hasWork of the plan it read,
 * as plan says it), `applied`, `verified`, `ids_file`.
 */
export function publishApply(reporter: Reporter, plan: Plan, input: ApplySummaryInput) {
  return writeStepReport(reporter, {
    summary: applySummaryMarkdown(input, plan),
    outputs: applyOutputs(plan, input),
  });
}

/** apply's step outputs (rollout's too, beside its own). */
export const applyOutputs = (plan: Plan, input: ApplySummaryInput): Record<string, string> => ({
  has_changes: String(hasWork(plan)),
  applied: String(input.results.some((r) => r.status === 'applied')),
  verified: String(input.verified && !input.failed),
  ...(input.idsFile ? { ids_file: input.idsFile } : {}),
});
