// plan's views: every change and the summary line, the review in Markdown (--format markdown), or
// the --json document of the plan.

import type { CatalogIssue } from '../../catalog/issue.js';
import type { PlanResult } from '../../plan-use-case/account.js';
import type { Review } from '../../review/types.js';
import type { SavedPlanNote } from '../../saved-plan/save.js';
import type { Reporter } from '../../terminal/reporter.js';
import { plural } from '../../text/plural.js';
import { issueJson } from '../issues.js';
import { planDocument } from './document.js';
import { formatPlan } from './format.js';
import { planMarkdown } from './markdown.js';

export const PLAN_FORMATS = ['text', 'markdown'] as const;

/** What plan shows; apply shows its plan as text, with only the plan. */
export interface PlanView extends PlanResult {
  /** the catalog file, as given */
  file?: string;
  /** the catalog's warnings, printed on stderr in human mode: the Markdown review and --json carry them too */
  warnings?: readonly CatalogIssue[];
  format?: (typeof PLAN_FORMATS)[number];
  /** plan --out: the saved plan written */
  saved?: SavedPlanNote;
  /** what customers pay and the subscribers touched (plan reads them; apply shows none) */
  review?: Review;
  /** the requests the run sent to Paddle */
  requests?: number;
  /** plan --notices-out: the file written (as given, escaped), its rows (one per subscription a move touches) and those left out */
  notices?: { file: string; rows: number; left_out: number };
}

export function renderJson({ plan, environment, warnings = [], saved, review, requests, notices }: PlanView) {
  return {
    ...planDocument(plan, environment, review),
    issues: warnings.map(issueJson),
    ...(saved ? { saved } : {}),
    ...(notices ? { notices } : {}),
    ...(requests === undefined ? {} : { requests }),
  };
}

/** `; 1 left out: its cancel comes before the new price would bill it` */
const leftOut = (n: number) =>
  n === 0
    ? ''
    : `; ${plural(n, 'subscription')} left out: ${n === 1 ? 'its cancel comes' : 'their cancels come'} before the new price would bill ${n === 1 ? 'it' : 'them'}`;

export function renderHuman(view: PlanView, out: Reporter): void {
  const { plan, options, environment, file, warnings, review } = view;
  if (view.format === 'markdown' && file !== undefined) {
    out.result(planMarkdown({ plan, environment, file, warnings, prune: options.prune, review }).trimEnd());
  } else {
    for (const line of formatPlan(plan, out.style, { ...options, review })) out.result(line);
  }
  const { saved } = view;
  for (const warning of saved?.warnings ?? []) out.warn(warning);
  if (saved) {
    out.info(
      `Saved the plan to ${saved.file} (${plural(saved.operations, 'operation')}): apply ${saved.file} applies exactly this, or nothing if the account moved.`,
    );
  }
  if (view.notices) {
    out.info(
      `Wrote the customers to tell to ${view.notices.file}: ${plural(view.notices.rows, 'row')}, one per subscription a move touches${leftOut(view.notices.left_out)}.`,
    );
  }
}
