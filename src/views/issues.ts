// A catalog's issues as people and machines read them: one `file:line:col` line each on a terminal,
// the same fields in --json, and annotations in GitHub Actions; shared by validate, plan and apply.
import type { CatalogIssue } from '../catalog/issue.js';
import type { Reporter } from '../terminal/reporter.js';
import type { Style } from '../terminal/style.js';
import { shown } from '../text/escape.js';
import { annotateIssues } from './github/annotations.js';

/** `file:line:col  message  (rule)` — the form editors and terminals turn into links. */
export function formatIssueLine(file: string, issue: CatalogIssue, style: Style): string {
  const where = style.bold(shown(`${file}:${issue.line}:${issue.column}`));
  const label = issue.severity === 'warning' ? style.yellow('warning') : style.red('error');
  // a message may quote the catalog's text (an unknown field, a value): shown on one line
  return `${where}  ${label} ${shown(issue.message)}  ${style.dim(`(${issue.rule})`)}`;
}

/** An issue in a --json document: its fields, and nothing else it may carry. */
export function issueJson({ path, line, column, message, rule, severity }: CatalogIssue) {
  return { path, line, column, message, rule, severity };
}

/**
 * A catalog's warnings before a command goes on: a line each on stderr (unless the command's --json
 * document carries them as `issues`), and annotations on the pull request's diff in Actions.
 */
export function reportCatalogWarnings(
  reporter: Reporter,
  file: string,
  warnings: readonly CatalogIssue[],
  inDocument = false,
): void {
  if (!(inDocument && reporter.json))
    for (const issue of warnings) reporter.info(formatIssueLine(file, issue, reporter.errStyle));
  annotateIssues(reporter, file, warnings);
}
