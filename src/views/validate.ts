// validate's views: each issue as `file:line:col  message  (rule)` and a verdict line, or the --json
// document of the issues.

import type { CatalogIssue } from '../catalog/issue.js';
import type { Catalog } from '../catalog/schema.js';
import type { EnvironmentName } from '../paddle-facts/environments.js';
import type { Reporter } from '../terminal/reporter.js';
import { plural } from '../text/plural.js';
import { catalogCounts } from './catalog-counts.js';
import { failure } from './failure.js';
import { formatIssueLine, issueJson } from './issues.js';

/** A file checked for one environment: its issues, and the catalog when it has no errors. */
export interface ValidateResult {
  file: string;
  environment: EnvironmentName;
  issues: readonly CatalogIssue[];
  catalog: Catalog | undefined;
}

export function renderJson({ file, environment, issues, catalog }: ValidateResult) {
  return {
    ok: catalog !== undefined,
    file,
    environment,
    issues: issues.map(issueJson),
    ...(catalog ? {} : { error: failure('invalid-catalog', { message: `${file}: ${summary(issues)}` }) }),
  };
}

export function renderHuman({ file, environment, issues, catalog }: ValidateResult, out: Reporter): void {
  for (const issue of issues) out.result(formatIssueLine(file, issue, out.style));
  const { style } = out;
  if (catalog) {
    const warned = issues.length ? ` (${summary(issues)})` : '';
    out.result(`${style.green('✓')} ${file} is valid for ${environment}: ${catalogCounts(catalog)}${warned}`);
  } else {
    out.result(`${style.red('✗')} ${file}: ${summary(issues)} (checked for ${environment})`);
  }
}

function summary(issues: readonly CatalogIssue[]): string {
  const errors = issues.filter((issue) => issue.severity === 'error').length;
  const warnings = issues.length - errors;
  return [errors ? plural(errors, 'error') : '', warnings ? plural(warnings, 'warning') : '']
    .filter(Boolean)
    .join(', ');
}
