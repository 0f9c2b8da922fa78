// `apply` in GitHub Actions: the ids in the step summary, and the step's outputs.
import type { KeyResult } from '../../apply/report.js';
import { hasChanges } from '../../plan/summary.js';
import type { Plan } from '../../plan/types.js';
import type { Reporter } from '../../terminal/reporter.js';
import { plural } from '../../text/plural.js';
import { markdownTable, writeStepReport } from '../github/step-summary.js';
import { inlineCode } from '../plan/markdown.js';

const code = (text: string | undefined) => (text ? inlineCode(text) : '');

export interface ApplySummaryInput {
  environment: string;
  results: KeyResult[];
  verified: boolean;
  failed: boolean;
  idsFile?: string;
}

/** The ids after apply, per key, with what happened to each. */
export function applySummaryMarkdown(input: ApplySummaryInput): string {
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
  ];
  return `${lines.join('\n')}\n`;
}

/** `apply` in Actions: the ids in the summary; `has_changes`, `applied`, `verified`, `ids_file`. */
export function publishApply(reporter: Reporter, plan: Plan, input: ApplySummaryInput) {
  return writeStepReport(reporter, {
    summary: applySummaryMarkdown(input),
    outputs: {
      has_changes: String(hasChanges(plan)),
      applied: String(input.results.some((r) => r.status === 'applied')),
      verified: String(input.verified && !input.failed),
      ...(input.idsFile ? { ids_file: input.idsFile } : {}),
    },
  });
}
