// A plan for people (terraform-like lines, amounts raw and human) and for machines (`plan --json`).
import { formatMinorUnits } from '../../money/minor-units.js';
import { currencyDecimalPlaces } from '../../paddle-facts/currencies.js';
import type { RemoteMoney, RemoteOverride } from '../../plan/remote.js';
import { changesInOrder, summarize } from '../../plan/summary.js';
import type {
  Change,
  DiscountState,
  Duplicate,
  FieldChange,
  Plan,
  PriceState,
  TrialState,
} from '../../plan/types.js';
import type { Review } from '../../review/types.js';
import type { Style } from '../../terminal/style.js';
import { shown } from '../../text/escape.js';
import { formatMoves, moveChanges } from './moves.js';
import { orphanSubscriberLines, reviewLines, unavailableLines } from './review.js';
import { formatCodeConflict, formatLookalike } from './warnings.js';

/** `2400 USD ($24.00)`: the amount as written in the catalog, then as a customer sees it. */
export function formatMoney(money: RemoteMoney): string {
  const raw = shown(`${money.amount} ${money.currency_code}`);
  let human: string;
  try {
    human = formatMinorUnits(
      money.amount,
      money.currency_code,
      currencyDecimalPlaces(money.currency_code),
      'en-US',
    );
  } catch {
    return raw;
  }
  return `${raw} (${shown(human)})`;
}

const EVERY: Record<string, string> = { day: 'daily', week: 'weekly', month: 'monthly', year: 'yearly' };

export function formatCycle(cycle: { interval: string; frequency: number } | null): string {
  if (!cycle) return 'one-time';
  if (cycle.frequency === 1) return EVERY[cycle.interval] ?? `every ${shown(cycle.interval)}`;
  return shown(`every ${cycle.frequency} ${cycle.interval}s`);
}

export function formatTrial(trial: TrialState | null): string {
  if (!trial) return 'no trial';
  const length = shown(`${trial.frequency}-${trial.interval}`);
  if (trial.unit_price) {
    const overrides = trial.unit_price_overrides;
    const local = overrides.length > 0 ? ` with trial overrides ${formatOverrides(overrides)}` : '';
    return `${length} paid trial at ${formatMoney(trial.unit_price)}${local}`;
  }
  return `${length} ${trial.requires_payment_method ? '' : 'cardless '}trial`;
}

/** `DE,FR: 900 EUR (€9.00); GB: 800 GBP (£8.00)`: every override, so a reviewer can check each price. */
function formatOverrides(list: RemoteOverride[]): string {
  if (list.length === 0) return 'none';
  return list.map((o) => `${shown(o.country_codes.join(','))}: ${formatMoney(o.unit_price)}`).join('; ');
}

/**
 * One line that says what a price charges, every country override spelled out:
 * `2400 USD ($24.00) monthly, 7-day trial, country overrides GB: 2000 GBP (£20.00)`.
 */
export function describePrice(price: PriceState): string {
  const parts = [`${formatMoney(price.unit_price)} ${formatCycle(price.billing_cycle)}`];
  if (price.trial_period) parts.push(formatTrial(price.trial_period));
  if (price.unit_price_overrides.length > 0) {
    parts.push(`country overrides ${formatOverrides(price.unit_price_overrides)}`);
  }
  const q = price.quantity;
  if (q.minimum !== 1 || q.maximum !== 100) parts.push(shown(`quantity ${q.minimum}–${q.maximum}`));
  return parts.join(', ');
}

/** `25%`, or `500 EUR (€5.00)`: an amount of the discount as its type reads it. */
const discountAmount = (amount: string, { type, currency_code }: DiscountState) =>
  type === 'percentage' ? shown(`${amount}%`) : formatMoney({ amount, currency_code: currency_code ?? '' });

/** `25% off (code LAUNCH25) on pro/yearly, starter, 3 billing periods, until 2027-01-31T23:59:59Z`. */
export function describeDiscount(discount: DiscountState): string {
  const parts = [
    `${discountAmount(discount.amount, discount)} off${discount.type === 'flat_per_seat' ? ' per seat' : ''}`,
  ];
  if (discount.code) parts.push(`code ${shown(discount.code)}`);
  if (!discount.enabled_for_checkout) parts.push('not at checkout');
  parts.push(discount.restrict_to ? `on ${shown(discount.restrict_to.join(', '))}` : 'on everything');
  if (discount.recur) {
    const n = discount.maximum_recurring_intervals;
    parts.push(n === null ? 'every billing period' : `${n} billing period${n === 1 ? '' : 's'}`);
  }
  if (discount.usage_limit !== null) parts.push(`${discount.usage_limit} uses`);
  if (discount.expires_at) parts.push(`until ${shown(discount.expires_at)}`);
  return parts.join(', ');
}

function isMoney(value: unknown): value is RemoteMoney {
  return typeof value === 'object' && value !== null && 'amount' in value && 'currency_code' in value;
}

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
  if (isMoney(value)) return formatMoney(value);
  if (value === null || value === undefined) return 'none';
  return shown(JSON.stringify(value));
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
  const currency =
    change.kind === 'price' && change.desired
      ? field.path.startsWith('trial_period')
        ? change.desired.trial_period?.unit_price?.currency_code
        : change.desired.unit_price.currency_code
      : undefined;
  return `${shown(field.path)} ${formatValue(field.path, field.before, currency)} → ${formatValue(field.path, field.after, currency)}`;
}

const TERMS = { type: true, currency_code: true };

/** `product pro`; a key read from the account's markers may be anything, hence shown. */
function subject(change: Change): string {
  return `${change.kind} ${shown(change.key)}`;
}

function describeNew(change: Change): string {
  if (change.kind === 'product')
    return change.desired ? `"${shown(change.desired.name)}" (${shown(change.desired.tax_category)})` : '';
  if (change.kind === 'discount') return change.desired ? describeDiscount(change.desired) : '';
  return change.desired ? describePrice(change.desired) : '';
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

function changeLines(change: Change, style: Style): string[] {
  const fields = change.fields.map((f) => formatField(f, change));
  const lapsed = change.kind === 'discount' && change.remoteStatus ? ` ${change.remoteStatus}` : '';
  const id = change.id ? style.dim(` (${shown(change.id)}${lapsed})`) : '';
  const withFields = (head: string) =>
    fields.length === 1 ? [`${head}: ${fields[0]}`] : [head, ...fields.map((f) => `    ${f}`)];
  switch (change.action) {
    case 'create':
      return [
        `${style.green('+ create')} ${subject(change)}  ${describeNew(change)}${change.reason ? style.dim(` (${shown(change.reason)})`) : ''}`,
        ...(change.lookalike ? [`    ${formatLookalike(change.kind, change.lookalike, style)}`] : []),
      ];
    case 'update':
      return withFields(`${style.yellow('~ update')} ${subject(change)}${id}`);
    case 'unarchive':
      return fields.length === 0
        ? [`${style.cyan('↺ unarchive')} ${subject(change)}${id}`]
        : withFields(`${style.cyan('↺ unarchive')} ${subject(change)}${id}`);
    case 'adopt': {
      if (change.kind === 'discount' && change.movedFrom !== undefined)
        return moveLines(change, fields, style);
      const head = `${style.blue('← adopt')} ${subject(change)}${id}${change.archived ? style.dim(' (archived: set active)') : ''}`;
      return fields.length === 0 ? [head] : withFields(head);
    }
    case 'archive':
      return [
        `${style.red('- archive')} ${subject(change)}${id}${change.reason ? style.dim(` (${shown(change.reason)})`) : ''}`,
      ];
    case 'replace':
      return [
        `${style.red('-/+ replace')} ${subject(change)}${id}  ${describeNew(change)}`,
        style.dim(`    ${shown(change.reason ?? 'cannot be changed in place: create new, archive old')}`),
      ];
    default:
      return [];
  }
}

export function formatPlanSummary(plan: Plan): string {
  const s = summarize(plan);
  const adoptions = s.adopt ?? 0;
  if (adoptions + s.create + s.update + s.archive === 0) return 'No changes.';
  const adopt = adoptions > 0 ? `${adoptions} to adopt, ` : '';
  return `Plan: ${adopt}${s.create} to create, ${s.update} to update, ${s.archive} to archive.`;
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

/** Every line of a plan, then the summary line; duplicates and orphans as notes. */
export function formatPlan(
  plan: Plan,
  style: Style,
  options: { prune?: boolean; review?: Review } = {},
): string[] {
  const { review } = options;
  // a discount Paddle expired or used up is named even when nothing changes (not in apply's lists)
  const lines = changesInOrder(plan).flatMap((c) => [
    ...formatChange(c, style),
    ...reviewLines(c, review, style),
    ...lapsedLine(c, style),
  ]);
  lines.push(...formatMoves(plan, style));
  // with --dedupe the extra objects are archive lines above; without, they are named here
  if (!plan.deduplication) lines.push(...formatDuplicates(plan.duplicates, style));
  for (const a of plan.ambiguities ?? []) {
    lines.push(
      style.yellow(
        `! ${a.kind} ${shown(a.key)} is not adopted: ${shown(a.reason)} (${shown(a.candidates.join(', '))})`,
      ) + style.dim(' (rename one in the dashboard, or give it the marker by hand)'),
    );
  }
  if (plan.orphans.length > 0 && !options.prune) {
    const list = plan.orphans.map((o) => `${o.kind} ${shown(o.key)} (${shown(o.id)})`).join(', ');
    lines.push(style.dim(`  not in the catalog any more: ${list}; apply --prune archives them`));
    lines.push(...orphanSubscriberLines(plan, review, style));
  }
  lines.push(...unavailableLines(review, style));
  if (lines.length > 0) lines.push('');
  lines.push(style.bold(formatPlanSummary(plan)));
  return lines;
}

/** A discount key renamed with its code kept: the discount takes the new key's marker, keeping its code. */
function moveLines(change: Change & { kind: 'discount' }, fields: string[], style: Style): string[] {
  const id = change.id ? style.dim(` (${shown(change.id)})`) : '';
  const archived = change.kind === 'discount' && change.action === 'adopt' && change.archived;
  const code = change.desired?.code ? `: keeps its code ${shown(change.desired.code)}` : '';
  const head = `${style.yellow('~ move')} discount ${shown(change.movedFrom ?? '')} → ${shown(change.key)}${id}${code}`;
  return [`${head}${archived ? style.dim(' (archived: set active)') : ''}`, ...fields.map((f) => `    ${f}`)];
}

/** `plan --json`. */
export function planDocument(plan: Plan, environment: string, review?: Review) {
  return {
    ok: true,
    environment,
    changes: [
      ...changesInOrder(plan).map((c) => ({
        ...changeJson(c),
        ...(c.kind === 'price' ? review?.prices[c.key] : undefined),
      })),
      ...moveChanges(plan),
    ],
    summary: summarize(plan),
    duplicates: plan.duplicates,
    orphans: plan.orphans.map((o) => ({
      ...o,
      ...(o.kind === 'price' && review?.prices[o.key]?.subscribers
        ? { subscribers: review.prices[o.key]?.subscribers }
        : {}),
    })),
    ...(plan.ambiguities ? { ambiguities: plan.ambiguities } : {}),
    ...(review ? { review: { countries: review.countries, unavailable: review.unavailable } } : {}),
  };
}

/** One change as plan --json (and a saved plan's `seen`) shows it. */
function changeJson(c: Change) {
  return {
    kind: c.kind,
    key: c.key,
    action: c.action,
    ...(c.id ? { id: c.id } : {}),
    ...(c.fields.length > 0 ? { fields: c.fields } : {}),
    ...(c.reason ? { reason: c.reason } : {}),
    ...(c.action === 'create' && c.lookalike ? { lookalike: c.lookalike } : {}),
    ...(c.kind === 'discount' && c.codeConflict ? { codeConflict: c.codeConflict } : {}),
    ...(c.kind === 'discount' && c.remoteStatus ? { remoteStatus: c.remoteStatus } : {}),
    ...(c.kind === 'discount' && c.movedFrom ? { movedFrom: c.movedFrom } : {}),
    ...(c.kind === 'discount' && c.codeAfter ? { codeAfter: c.codeAfter } : {}),
  };
}
