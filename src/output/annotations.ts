// GitHub Actions workflow commands for catalog issues, so they show on the pull request's diff.
// Runners keep 10 errors and 10 warnings per step; the rest are summarised in one more annotation.
import { isAbsolute, relative, resolve } from 'node:path';
import type { CatalogIssue } from '../catalog/issue.js';
import { shown } from './escape.js';
import { plural } from './plural.js';
import type { Reporter } from './reporter.js';

const LIMIT_PER_SEVERITY = 10;

/** "Always set to true when GitHub Actions is running the workflow." */
export function inGitHubActions(env: NodeJS.ProcessEnv): boolean {
  return env.GITHUB_ACTIONS === 'true';
}

/** Escaping as @actions/core does it: data escapes % CR LF; properties also : and ,. */
export function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

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

/** `::error file=…,line=…,col=…,title=…::message` lines, at most 10 per severity plus a summary. */
export function githubAnnotations(file: string, issues: readonly CatalogIssue[]): string[] {
  const lines: string[] = [];
  for (const severity of ['error', 'warning'] as const) {
    const matching = issues.filter((issue) => issue.severity === severity);
    for (const issue of matching.slice(0, LIMIT_PER_SEVERITY)) {
      const properties = `file=${escapeProperty(file)},line=${issue.line},col=${issue.column},title=${escapeProperty(issue.rule)}`;
      // a message quotes catalog text: escaped like everything shown, then as annotation data
      lines.push(`::${severity} ${properties}::${escapeData(shown(issue.message, { multiline: true }))}`);
    }
    const rest = matching.length - LIMIT_PER_SEVERITY;
    if (rest > 0) {
      lines.push(
        `::${severity} file=${escapeProperty(file)}::…and ${plural(rest, `more ${severity}`)} (run paddle-catalog validate to see them all)`,
      );
    }
  }
  return lines;
}

/** Catalog issues as annotations on the pull request's diff (in Actions only), on stderr. */
export function annotateIssues(reporter: Reporter, file: string, issues: readonly CatalogIssue[]): void {
  const { env, cwd } = reporter.io;
  if (!inGitHubActions(env)) return;
  for (const line of githubAnnotations(annotationPath(file, env, cwd), issues))
    reporter.workflowCommand(line);
}
