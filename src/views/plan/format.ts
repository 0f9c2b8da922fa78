// A plan for people: terraform-like lines, amounts raw and human (`plan --json`'s document is document.ts).

import type { StartedMove } from '../../planner/marker.js';
import type { RemoteMoney } from '../../planner/remote.js';
import { changesInOrder, isTwin, summarize } from '../../planner/summary.js';
import type { Change, Duplicate, FieldChange, Plan, PriceState, TrialState } from '../../planner/types.js';
import type { Review } from '../../review/types.js';
import type { Style } from '../../terminal/style.js';
import { shown } from '../../text/escape.js';
import { plural } from '../../text/plural.js';
import { block, blockLines, type PlanBlock } from './budget.js';
import {
  describeNew,
  discountAmount,
  formatCycle,
  formatMoney,
  formatOverrides,
  formatTrial,
  wrappedPriceCreate,
} from './describe.js';
import { featureLines, withoutFeatureFields } from './features.js';
import { moveBlock, twinArchiveLines } from './moves.js';
import { orphanLines, previewLines, subscriberLines, unavailableLines } from './review-lines.js';
import { formatCodeConflict, formatLookalike, storedTaxModeLines } from './warnings.js';

const isMoney = (value: unknown): value is RemoteMoney =>
  typeof value === 'object' && value !== null && 'amount' in value && 'currency_code' in value;

function formatValue(path: string, value: unknown, currency: string | undefined): string {
  if (path.endsWith('unit_price.amount') && typeof value === 'string' && currency) {
    return formatMoney({ amount: value, currency_code: currency });
  }
  if (path === 'billing_cycle' && (value === null || typeof value === 'object')) {
    return formatCycle(value as PriceState['billing_cycle']);
  }
  if (path === 'trial_period' && (value === null || typeof value === 'object')) {
    return formatTrial(value as TrialState | null);
  }
  if (path.endsWith('unit_price_overrides') && Array.isArray(value)) return formatOverrides(value);
  if (path === 'moves_started' && Array.isArray(value)) return formatStarted(value as StartedMove[]);
  if (isMoney(value)) return formatMoney(value);
  if (value === null || value === undefined) return 'none';
  return shown(JSON.stringify(value));
}

/** `from pro/monthly (do_not_bill, bills from 2027-01-01)`: each move as its record keeps it. */
function formatStarted(moves: readonly StartedMove[]): string {
  const one = (m: StartedMove) =>
    `from ${shown(m.from)} (${shown(m.proration)}${m.bills_from ? `, bills from ${shown(m.bills_from)}` : ''})`;
  return moves.length === 0 ? 'none' : moves.map(one).join('; ');
}

export function formatField(field: FieldChange, change: Change): string {
  const { path, before, after } = field;
  // a discount's amount in its terms, unless its type or currency change with it
  const terms =
    change.kind === 'discount' && !change.fields.some((f) => f.path !== 'amount' && f.path in TERMS);
  if (
    terms &&
    change.desired &&
    path === 'amount' &&
    typeof before === 'string' &&
    typeof after === 'string'
  ) {
    return `amount ${discountAmount(before, change.desired)} → ${discountAmount(after, change.desired)}`;
  }
  const [was, now] = [currencyOf(change, path, 'before'), currencyOf(change, path, 'after')];
  return `${shown(path)} ${formatValue(path, before, was)} → ${formatValue(path, after, now)}`;
}

/** The currency of a price's amount field: the old amount is in the old currency when that changes too. */
function currencyOf(change: Change, path: string, side: 'before' | 'after'): string | undefined {
  if (change.kind !== 'price' || !change.desired) return undefined;
  const now = path.startsWith('trial_period')
    ? change.desired.trial_period?.unit_price?.currency_code
    : change.desired.unit_price.currency_code;
  const changed = change.fields.find((f) => f.path === path.replace(/amount$/, 'currency_code'));
  return side === 'before' && typeof changed?.before === 'string' ? changed.before : now;
}

const TERMS = { type: true, currency_code: true };

/** `product pro`; a key read from the account's markers may be anything, hence shown. */
function subject(change: Change): string {
  return `${change.kind} ${shown(change.key)}`;
}

/** The lines of one change (a code another discount holds named under it), or none for an unchanged object. */
export function formatChange(change: Change, style: Style): string[] {
  const lines = changeLines(change, style);
  if (change.kind === 'discount' && change.codeConflict) {
    lines.push(`    ${formatCodeConflict(change.codeConflict, style)}`);
  }
  if (change.kind === 'discount' && change.codeAfter && change.desired?.code) {
    const [code, from] = [shown(change.desired.code), shown(change.codeAfter)];
    lines.push(style.dim(`    code "${code}" moves from discount ${from}, which gets its new code first`));
  }
  return lines;
}

const LAPSED = {
  expired: 'expired: its expires_at has passed',
  used: 'used: its usage_limit is reached',
} as const;

/** A discount Paddle expired or used up: kept in the account with its code, so never created again. */
function lapsedLine(change: Change, style: Style): string[] {
  if (change.kind !== 'discount' || !change.remoteStatus || change.action !== 'unchanged') return [];
  const id = change.id ? ` (${shown(change.id)})` : '';
  return [
    style.dim(
      `  ${subject(change)}${id} is ${LAPSED[change.remoteStatus]}; Paddle keeps it and its code, nothing to create`,
    ),
  ];
}

const REPLACED_DESTINATION =
  "a new signing secret, and the old one stops working (apply --secrets-out writes the new one); the old destination's deletion cannot be undone";

function changeLines(change: Change, style: Style): string[] {
  // a product's features have a line of their own (features.ts)
  const fields = withoutFeatureFields(change).map((f) => formatField(f, change));
  const lapsed = change.kind === 'discount' && change.remoteStatus ? ` ${change.remoteStatus}` : '';
  const id = change.id ? style.dim(` (${shown(change.id)}${lapsed})`) : '';
  const withFields = (head: string) =>
    fields.length === 1 ? [`${head}: ${fields[0]}`] : [head, ...fields.map((f) => `    ${f}`)];
  switch (change.action) {
    case 'create': {
      const head = `${style.green('+ create')} ${subject(change)}  ${describeNew(change)}${change.reason ? style.dim(` (${shown(change.reason)})`) : ''}`;
      const wrapped = change.kind === 'price' ? wrappedPriceCreate(head, change.desired) : undefined;
      return [
        ...(wrapped ?? [head]),
        ...(change.lookalike ? [`    ${formatLookalike(change.kind, change.lookalike, style)}`] : []),
      ];
    }
    case 'update':
      return fields.length === 0 ? [] : withFields(`${style.yellow('~ update')} ${subject(change)}${id}`);
    case 'unarchive':
      return fields.length === 0
        ? [`${style.cyan('↺ unarchive')} ${subject(change)}${id}`]
        : withFields(`${style.cyan('↺ unarchive')} ${subject(change)}${id}`);
    case 'adopt': {
      if (change.kind === 'discount' && change.renamedFrom !== undefined)
        return moveLines(change, fields, style);
      const head = `${style.blue('← adopt')} ${subject(change)}${id}${change.archived ? style.dim(' (archived: set active)') : ''}`;
      return fields.length === 0 ? [head] : withFields(head);
    }
    case 'archive':
      return [
        `${style.red('- archive')} ${subject(change)}${id}${change.reason ? style.dim(` (${shown(change.reason)})`) : ''}`,
      ];
    case 'delete':
      return [
        `${style.red('- delete')} ${subject(change)}${id}${style.dim(': cannot be undone (its signing secret is gone with it)')}`,
      ];
    case 'replace': {
      // a destination's new type: a new one, a new signing secret, the old one deleted
      const then = change.kind === 'notification' ? `: ${REPLACED_DESTINATION}` : ': create new, archive old';
      const why = change.reason
        ? `${shown(change.reason)}${change.kind === 'notification' ? then : ''}`
        : `cannot be changed in place${then}`;
      return [
        `${style.red('-/+ replace')} ${subject(change)}${id}  ${describeNew(change)}`,
        style.dim(`    ${why}`),
      ];
    }
    default:
      return [];
  }
}

/** `Plan: 1 to create, 0 to update, 0 to archive, 1 subscriber move.`: the counts of summarize. */
export function formatPlanSummary(plan: Plan): string {
  const s = summarize(plan);
  const [adoptions, moves, deletes] = [s.adopt ?? 0, s.move ?? 0, s.delete ?? 0];
  if (adoptions + s.create + s.update + s.archive + moves + deletes === 0) return 'No changes.';
  const [adopt, deleted] = [
    adoptions > 0 ? `${adoptions} to adopt, ` : '',
    deletes > 0 ? `, ${deletes} to delete` : '',
  ];
  const move = moves > 0 ? `, ${plural(moves, 'subscriber move')}` : '';
  return `Plan: ${adopt}${s.create} to create, ${s.update} to update, ${s.archive} to archive${deleted}${move}.`;
}

/** `! product pro has 2 active objects: …` per key with duplicates, and the way out. */
export function formatDuplicates(duplicates: readonly Duplicate[], style: Style): string[] {
  return duplicates.map(
    (d) =>
      style.yellow(
        `! ${d.kind} ${shown(d.key)} has ${d.others.length + 1} active objects: ${shown(d.kept)} (kept), ${shown(d.others.join(', '))}`,
      ) + style.dim(' (apply --dedupe archives the extra ones)'),
  );
}

/** Every change of a plan, its moves and notes, then the summary line, as blocks. */
export function planBlocks(
  plan: Plan,
  style: Style,
  options: { prune?: boolean; review?: Review } = {},
): PlanBlock[] {
  const { review } = options;
  const blocks = changesInOrder(plan).map((c) => {
    // a twin shares its key with the kept price, whose review it is not: its own subscribers instead
    const twin = isTwin(plan, c);
    // an unchanged price is counted only for its product's features change (featureLines)
    const counted = c.action === 'unchanged' ? [] : subscriberLines(c, review, style);
    const subscribers = twin ? twinArchiveLines(plan, c, style) : counted;
    // a discount Paddle expired or used up is named even when nothing changes (not in apply's lists)
    const rest = [...subscribers, ...lapsedLine(c, style)];
    const features = featureLines(plan, c, review, style);
    const risk =
      c.action === 'archive' ||
      c.action === 'replace' ||
      c.action === 'delete' ||
      subscribers.length > 1 ||
      features.length > 0;
    const previews = twin ? [] : previewLines(c, review, style);
    const lines = [...formatChange(c, style), ...storedTaxModeLines(c, style), ...features];
    const customers =
      c.kind === 'price' && previews.length > 0 ? review?.prices[c.key]?.customers : undefined;
    return { lines, previews, rest, risk, ...(customers ? { table: { price: c.key, customers } } : {}) };
  });
  const moves = (plan.moves ?? []).map((move) => moveBlock(move, review, style));
  // with --dedupe the extra objects are archive lines above; without, they are named here
  const notes = plan.deduplication ? [] : formatDuplicates(plan.duplicates, style);
  for (const a of plan.ambiguities ?? []) {
    notes.push(
      style.yellow(
        `! ${a.kind} ${shown(a.key)} is not adopted: ${shown(a.reason)} (${shown(a.candidates.join(', '))})`,
      ) + style.dim(' (rename one in the dashboard, or give it the marker by hand)'),
    );
  }
  if (plan.orphans.length > 0 && !options.prune) notes.push(...orphanLines(plan, review, style));
  notes.push(...unavailableLines(review, style));
  const all = [...blocks, ...moves, ...notes.map((line) => block([line], true))];
  const summary = style.bold(formatPlanSummary(plan));
  return [...all, block(all.some((b) => blockLines(b).length > 0) ? ['', summary] : [summary], true)];
}

/** Every line of a plan, then the summary line; duplicates and orphans as notes. */
export const formatPlan = (plan: Plan, style: Style, options: { prune?: boolean; review?: Review } = {}) =>
  planBlocks(plan, style, options).flatMap(blockLines);

/** A discount key renamed with its code kept: the discount takes the new key's marker, keeping its code. */
function moveLines(change: Change & { kind: 'discount' }, fields: string[], style: Style): string[] {
  const id = change.id ? style.dim(` (${shown(change.id)})`) : '';
  const archived = change.kind === 'discount' && change.action === 'adopt' && change.archived;
  const code = change.desired?.code ? `: keeps its code ${shown(change.desired.code)}` : '';
  const head = `${style.yellow('~ move')} discount ${shown(change.renamedFrom ?? '')} → ${shown(change.key)}${id}${code}`;
  return [`${head}${archived ? style.dim(' (archived: set active)') : ''}`, ...fields.map((f) => `    ${f}`)];
}
