// GitHub Actions integration: a step summary in GitHub-flavoured Markdown
// and step outputs (`has_changes`, …). Pure formatters, then one writer that appends to the files
// the runner names. Nothing secret goes in: the values are counts, keys, ids and paths, and the
// text is passed through the reporter's redaction all the same.
import { randomUUID } from 'node:crypto';
import { appendFile } from 'node:fs/promises';
import { hasWork } from '../../planner/summary.js';
import type { Reporter } from '../../terminal/reporter.js';
import { type PlanMarkdownInput, planMarkdown } from '../plan/markdown.js';
import { inGitHubActions } from './annotations.js';

/**
 * ChangeWrite outputs in the multiline-safe form `name<<DELIMITER\nvalue\nDELIMITER`, as @actions/core
 * writes them; a delimiter that occurs in a name or value would end it early, so that is refused.
 * @internal A table test of the step-output lines and their delimiter.
 */
export function outputLines(
  outputs: Record<string, string>,
  delimiter = `ghadelimiter_${randomUUID()}`,
): string {
  return Object.entries(outputs)
    .map(([name, value]) => {
      if (name.includes(delimiter) || value.includes(delimiter)) {
        throw new Error(`step output ${name}: the value contains the delimiter`);
      }
      return `${name}<<${delimiter}\n${value}\n${delimiter}\n`;
    })
    .join('');
}

export interface StepReport {
  summary?: string;
  outputs?: Record<string, string>;
}

/** Appends to $GITHUB_STEP_SUMMARY and $GITHUB_OUTPUT, in Actions only; a missing variable is skipped. */
export async function writeStepReport(reporter: Reporter, report: StepReport): Promise<void> {
  const env = reporter.io.env;
  if (!inGitHubActions(env)) return;
  if (report.summary && env.GITHUB_STEP_SUMMARY) {
    await appendFile(env.GITHUB_STEP_SUMMARY, reporter.redact(report.summary), 'utf8');
  }
  if (report.outputs && env.GITHUB_OUTPUT) {
    await appendFile(env.GITHUB_OUTPUT, reporter.redact(outputLines(report.outputs)), 'utf8');
  }
}

/**
 * `plan` in Actions: the review in the summary, and `has_changes` — true for duplicates too (apply
 * --dedupe has work) and for subscribers still on a move's source price (hasWork).
 */
export function publishPlan(reporter: Reporter, review: PlanMarkdownInput) {
  return writeStepReport(reporter, {
    summary: planMarkdown(review),
    outputs: { has_changes: String(hasWork(review.plan)) },
  });
}
