import type { ChalkInstance } from 'chalk';
import type { CatalogIssue } from '../errors.js';

/** `file:line:col  message  (rule)` — the form editors and terminals turn into links. */
export function formatIssueLine(file: string, issue: CatalogIssue, style: ChalkInstance): string {
  const where = style.bold(`${file}:${issue.line}:${issue.column}`);
  const label = issue.severity === 'warning' ? style.yellow('warning') : style.red('error');
  return `${where}  ${label} ${issue.message}  ${style.dim(`(${issue.rule})`)}`;
}
