// refs' views: each problem as file:line:col, a summary of what was scanned and asked, the --json
// document, and the problems as annotations on the pull request's diff in GitHub Actions.

import { askOtherHint, isProblem, type Reference } from '../refs/check.js';
import { MAX_FILE_BYTES } from '../refs/files.js';
import type { RefsResult } from '../refs/use-case.js';
import type { Reporter } from '../terminal/reporter.js';
import { shown } from '../text/escape.js';
import { plural } from '../text/plural.js';
import { failure } from './failure.js';
import { annotationLines, annotationPath, inGitHubActions } from './github/annotations.js';

// a file's name is the tree's: a newline in it must not start a line of ours (a fake `✓`)
const place = (r: Reference) => `${shown(r.file)}:${r.line}:${r.column}`;
const located = (r: Reference) => ({ file: r.file, line: r.line, column: r.column, id: r.id });

/** `2 problems in 5 checked ids (sandbox)`: the verdict line, and the --json document's error. */
function problemCount(result: RefsResult): string {
  const problems = result.references.filter(isProblem).length;
  const checked = result.references.filter((r) => r.verdict !== 'not-checked').length;
  return `${plural(problems, 'problem')} in ${plural(checked, 'checked id')} (${result.environment})`;
}

export function renderJson(result: RefsResult) {
  const problems = result.references.filter(isProblem);
  return {
    ok: problems.length === 0,
    ...(problems.length > 0
      ? { error: failure('invalid-references', { message: problemCount(result) }) }
      : {}),
    environment: result.environment,
    files: {
      scanned: result.totals.scanned,
      skipped: {
        binary: result.totals.binary,
        large: result.totals.large,
        other: result.totals.other,
        plans: result.totals.plans,
      },
    },
    ...(result.other ? { other: result.other } : {}),
    calls: result.stats.reads,
    problems: problems.map((r) => ({
      ...located(r),
      problem: r.verdict,
      ...(r.kind ? { kind: r.kind } : {}),
      ...(r.owner ? { owner: r.owner } : {}),
      ...(r.replacedBy ? { replacedBy: r.replacedBy } : {}),
      message: r.message,
    })),
    references: result.references.map((r) => ({
      ...located(r),
      verdict: r.verdict,
      ...(r.kind ? { kind: r.kind } : {}),
      ...(r.owner ? { owner: r.owner } : {}),
    })),
  };
}

export function renderHuman(result: RefsResult, out: Reporter): void {
  const problems = result.references.filter(isProblem);
  for (const r of problems) {
    out.result(
      `${place(r)}  ${out.style.red('error')} ${shown(r.message ?? '')}  ${out.style.dim(`(${r.verdict})`)}`,
    );
  }
  const { totals } = result;
  const skipped = [
    totals.binary > 0 ? `${totals.binary} binary` : '',
    totals.large > 0 ? `${totals.large} over ${MAX_FILE_BYTES / 1024 / 1024} MiB` : '',
    totals.other > 0 ? `${totals.other} not regular files` : '',
    totals.plans > 0 ? `${totals.plans} saved plans and reviews of paddle-catalog` : '',
  ].filter(Boolean);
  const notChecked = result.references.filter((r) => r.verdict === 'not-checked');
  out.info(
    `scanned ${plural(totals.scanned, 'file')}${skipped.length > 0 ? ` (skipped: ${skipped.join(', ')})` : ''}; ` +
      `${plural(result.references.length, 'id')} found, ${plural(result.stats.reads, 'API call')}` +
      (notChecked.length > 0
        ? `; ${notChecked.length} not looked up (${[...new Set(notChecked.map((r) => r.message))].join('; ')})`
        : ''),
  );
  if (problems.some((r) => r.verdict === 'unknown-id') && !result.other) {
    const other = result.environment === 'sandbox' ? 'production' : 'sandbox';
    out.info(`To tell an unknown id from a ${other} one: ${askOtherHint(result.environment)}.`);
  }
  const checked = result.references.length - notChecked.length;
  if (problems.length > 0) {
    out.result(`${out.style.red('✗')} ${problemCount(result)}`);
  } else {
    out.result(
      `${out.style.green('✓')} ${plural(checked, 'id')} checked, all live in the ${result.environment} account`,
    );
  }
}

/** The problems as annotations on the pull request's diff (in Actions only), on stderr. */
export function annotateRefs(reporter: Reporter, result: RefsResult): void {
  const { env, cwd } = reporter.io;
  if (!inGitHubActions(env)) return;
  const annotations = result.references.filter(isProblem).map((r) => ({
    file: annotationPath(r.file, env, cwd),
    line: r.line,
    column: r.column,
    title: `paddle-catalog refs: ${r.verdict}`,
    message: r.message ?? r.verdict,
    severity: 'error' as const,
  }));
  for (const line of annotationLines(annotations, 'paddle-catalog refs')) reporter.workflowCommand(line);
}
