// `plan --format markdown`, the GitHub step summary and the pull-request comment: the review a pull
// request needs. It carries the facts of plan's human output by printing the same lines — every
// change with its amounts, before → after, look-alikes, code conflicts, duplicates, ambiguities,
// what --prune would archive, the catalog's warnings — inside a fenced code block, where nothing
// taken from the account or the catalog can render as Markdown: no table to break, no HTML, no link
// or image, no @mention that pings and no #123 that links. Outside the block only our own words and
// tables whose every cell from outside is an inline code span (what customers pay, per price and move).
import type { CatalogIssue } from '../../catalog/issue.js';
import { codeConflictsOf } from '../../planner/code-conflicts.js';
import { lookalikeOf } from '../../planner/lookalikes.js';
import { changesInOrder } from '../../planner/summary.js';
import type { Plan } from '../../planner/types.js';
import { touchesSubscribers, uncountedPrices } from '../../review/review.js';
import type { Review } from '../../review/types.js';
import { REVIEW_HEADING } from '../../saved-plan/document.js';
import { makeStyle } from '../../terminal/style.js';
import { shown } from '../../text/escape.js';
import { plural } from '../../text/plural.js';
import { formatIssueLine } from '../issues.js';
import { blockLines, cappedBlocks, fitBlocks, type PlanBlock } from './budget.js';
import { featuresTable } from './features.js';
import { formatPlanSummary, planBlocks } from './format.js';
import { customerCells } from './review-lines.js';

/**
 * A pull-request comment holds 65,536 characters; the review stays under it, with room to spare.
 * @internal The markdown test holds a long review under this limit.
 */
export const REVIEW_CHARACTER_LIMIT = 60_000;

export interface PlanMarkdownInput {
  plan: Plan;
  environment: string;
  /** the catalog file, as given */
  file: string;
  /** the catalog's warnings (validate's, shown before the plan) */
  warnings?: readonly CatalogIssue[];
  /** the plan was made with --prune: what left the catalog is in it as archive lines */
  prune?: boolean;
  /** what customers pay and the subscribers touched, under each price */
  review?: Review;
}

const longestRun = (text: string, char: string) =>
  Math.max(0, ...[...text.matchAll(new RegExp(`\\${char}+`, 'g'))].map((m) => m[0].length));

/** Outside text as one inline code span: shown, and delimited by more backticks than it holds. */
export function inlineCode(text: string): string {
  const safe = shown(text);
  const fence = '`'.repeat(longestRun(safe, '`') + 1);
  const pad = safe.startsWith('`') || safe.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${safe}${pad}${fence}`;
}

/** Tables longer than this are cut, with a "N more" line: the summary of a step is capped at 1 MiB. */
export const SUMMARY_ROW_LIMIT = 200;

/**
 * A table cell: outside text as an inline code span (shown as every outside string is, a newline
 * as `\n`), where no HTML, link, image, emphasis, @mention or #123 reference renders; its pipes
 * escaped, the one thing a table reads inside a code span. Empty stays empty.
 * @internal A table test of what a table cell escapes.
 */
export function markdownCell(text: string): string {
  return text === '' ? '' : inlineCode(text).replace(/\|/g, '\\|');
}

/** `| a | b |` rows under a header, cut at `limit` rows with a line that says how many were left out. */
export function markdownTable(header: string[], rows: string[][], limit = SUMMARY_ROW_LIMIT): string[] {
  const line = (cells: string[]) => `| ${cells.map(markdownCell).join(' | ')} |`;
  const lines = [`| ${header.join(' | ')} |`, `|${header.map(() => ' --- |').join('')}`];
  lines.push(...rows.slice(0, limit).map(line));
  if (rows.length > limit) lines.push('', `…and ${rows.length - limit} more.`);
  return lines;
}

/** Lines in a fenced block that no line of theirs can close: the fence is longer than any backtick run. */
export function codeBlock(lines: readonly string[], info = ''): string[] {
  const fence = '`'.repeat(Math.max(3, longestRun(lines.join('\n'), '`') + 1));
  return [`${fence}${info}`, ...lines, fence];
}

/** What a reviewer must look at, counted in our own words: `⚠️ 1 key with duplicates · 2 warnings`. */
function attention({ plan, warnings = [], prune, review }: PlanMarkdownInput): string | undefined {
  const changes = changesInOrder(plan);
  const uncounted = uncountedPrices(plan, review);
  const counts = [
    plan.deduplication ? '' : plural(plan.duplicates.length, 'key') + ' with duplicates',
    plural(changes.filter((c) => lookalikeOf(c)).length, 'look-alike'),
    plural(codeConflictsOf(plan.discounts).length, 'discount code') + ' held by another discount',
    plural(plan.ambiguities?.length ?? 0, 'ambiguous adoption'),
    prune ? '' : `${plural(plan.orphans.length, 'object')} no longer in the catalog`,
    plural(changes.filter((c) => c.action === 'delete').length, 'notification destination') +
      ' deleted (cannot be undone)',
    plural(
      changes.filter((c) => c.kind === 'notification' && c.action === 'replace').length,
      'notification destination',
    ) + ' replaced (a new signing secret)',
    plural(warnings.length, 'warning'),
    touchesSubscribers(plan, review) && uncounted.length === 0 ? 'changes that touch subscribers' : '',
    `${plural(uncounted.length, 'price')} whose subscribers were not counted`,
  ].filter((text) => text !== '' && !text.startsWith('0 '));
  return counts.length > 0 ? `⚠️ ${counts.join(' · ')}` : undefined;
}

/** plan's human output (no colour) as blocks, the catalog's warnings first, over-long lines cut. */
function planBlocksOf(review: PlanMarkdownInput): PlanBlock[] {
  const plain = makeStyle(false);
  const warnings = (review.warnings ?? []).map((issue) => ({
    lines: [formatIssueLine(review.file, issue, plain)],
    previews: [],
    rest: [],
    risk: false,
  }));
  const plan = planBlocks(review.plan, plain, { prune: review.prune, review: review.review });
  return cappedBlocks([...warnings, ...plan]);
}

const TABLES_HEADING = '**What customers pay** — one unit, with tax, as Paddle previews it:';

/** A block's figures as a Markdown table under a line naming its price, or its move's source and target. */
function customerTable(table: NonNullable<PlanBlock['table']>): string[] {
  const [from, to] = [table.from && inlineCode(table.from), inlineCode(table.price)];
  const title = from ? `move ${from} → ${to}: now one unit of ${from}, after one of ${to}` : `price ${to}`;
  const header = ['country', 'currency', 'now', 'after', 'tax'];
  return ['', title, '', ...markdownTable(header, customerCells(table.customers))];
}

/** Blocks whose figures go in a table: their preview lines are the table's, so the budget counts those. */
const asTables = (blocks: readonly PlanBlock[]): PlanBlock[] =>
  blocks.map((b) => (b.table ? { ...b, previews: customerTable(b.table) } : b));

/**
 * The review in GitHub-flavoured Markdown, within the limit: the plan's lines in a fenced block
 * (the fence's own size counted first), then what customers pay as a table per price and per move.
 */
export function planMarkdown(review: PlanMarkdownInput): string {
  const note = attention(review);
  const head = [
    `${REVIEW_HEADING}${inlineCode(review.file)}`,
    '',
    `**${review.environment}** · ${formatPlanSummary(review.plan)}`,
    ...(note ? ['', note] : []),
    '',
    ...featuresTable(review.plan),
  ];
  const blocks = asTables(planBlocksOf(review));
  const body = (b: PlanBlock) => (b.table ? [...b.lines, ...b.rest] : blockLines(b));
  // the fence the whole plan would need: a cut plan's can only be shorter
  const fence = Math.max(3, longestRun(blocks.flatMap(body).join('\n'), '`') + 1);
  const room = head.join('\n').length + 2 * (fence + 1) + 'diff'.length + 2 + TABLES_HEADING.length + 2;
  const fitted = fitBlocks(blocks, REVIEW_CHARACTER_LIMIT - room);
  const tables = fitted.blocks.flatMap((b) => (b.table ? b.previews : []));
  const plan = codeBlock([...fitted.blocks.flatMap(body), ...fitted.cut], 'diff');
  return `${[...head, ...plan, ...(tables.length > 0 ? ['', TABLES_HEADING, ...tables] : [])].join('\n')}\n`;
}
