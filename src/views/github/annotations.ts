// GitHub Actions workflow commands for catalog issues, so they show on the pull request's diff.
// Runners keep 10 errors and 10 warnings per step; the rest are summarised in one more annotation.
import { isAbsolute, relative, resolve } from 'node:path';
import type { CatalogIssue } from '../../catalog/issue.js';
import type { Reporter } from '../../terminal/reporter.js';
import { shown } from '../../text/escape.js';
import { plural } from '../../text/plural.js';

const LIMIT_PER_SEVERITY = 10;

/** "Always set to true when GitHub Actions is running the workflow." */
export function inGitHubActions(env: NodeJS.ProcessEnv): boolean {
  return env.GITHUB_ACTIONS === 'true';
}

/**
 * Escaping as @actions/core does it: data escapes % CR LF; properties also : and ,.
 * @internal A table test of GitHub's workflow-command escaping.
 */
export function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** @internal A table test of GitHub's workflow-command escaping. */
export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/** The path GitHub matches against the diff: relative to the workspace when one is known. */
export function annotationPath(file: string, env: NodeJS.ProcessEnv, cwd: string): string {
  const workspace = env.GITHUB_WORKSPACE;
  if (!workspace) return file;
  const path = relative(workspace, isAbsolute(file) ? file : resolve(cwd, file));
  return path.split('\\').join('/');
}

/** One problem at a place in a file, as a workflow command shows it on the diff. */
export interface Annotation {
  file: string;
  line: number;
  column: number;
  /** the rule or problem id */
  title: string;
  message: string;
  severity: 'error' | 'warning';
}

/**
 * `::error file=…,line=…,col=…,title=…::message` lines, at most 10 per severity plus a summary
 * that names the command showing them all (`rerun`).
 */
export function annotationLines(annotations: readonly Annotation[], rerun: string): string[] {
  const lines: string[] = [];
  for (const severity of ['error', 'warning'] as const) {
    const matching = annotations.filter((a) => a.severity === severity);
    for (const a of matching.slice(0, LIMIT_PER_SEVERITY)) {
      const properties = `file=${escapeProperty(a.file)},line=${a.line},col=${a.column},title=${escapeProperty(a.title)}`;
      // a message quotes outside text: escaped like everything shown, then as annotation data
      lines.push(`::${severity} ${properties}::${escapeData(shown(a.message, { multiline: true }))}`);
    }
    const rest = matching.slice(LIMIT_PER_SEVERITY);
    if (rest.length > 0) {
      lines.push(
        `::${severity} file=${escapeProperty((rest[0] as Annotation).file)}::…and ${plural(rest.length, `more ${severity}`)} (run ${rerun} to see them all)`,
      );
    }
  }
  return lines;
}

/**
 * A catalog file's issues as annotation lines.
 * @internal Table tests of the annotation lines for catalog issues.
 */
export function githubAnnotations(file: string, issues: readonly CatalogIssue[]): string[] {
  return annotationLines(
    issues.map((issue) => ({ file, title: issue.rule, ...issue })),
    'paddle-catalog validate',
  );
}

/** Catalog issues as annotations on the pull request's diff (in Actions only), on stderr. */
export function annotateIssues(reporter: Reporter, file: string, issues: readonly CatalogIssue[]): void {
  const { env, cwd } = reporter.io;
  if (!inGitHubActions(env)) return;
  for (const line of githubAnnotations(annotationPath(file, env, cwd), issues))
    reporter.workflowCommand(line);
}
