// apply's human output: the key → id table, and the remaining work as dashboard steps
// (when a run stops midway, the fallback is the dashboard).
import type { ChalkInstance } from 'chalk';
import type { StepResult } from '../apply/execute.js';
import type { KeyResult } from '../apply/report.js';
import { type Marker, withMarker } from '../plan/marker.js';
import type { Change, DiscountChange, PriceChange, ProductChange } from '../plan/types.js';
import { shown } from './escape.js';
import { describeDiscount, describePrice, formatField } from './plan-format.js';

const STATUS_WORD: Record<KeyResult['status'], string> = {
  applied: 'done',
  unchanged: 'unchanged',
  failed: 'FAILED',
  skipped: 'not done',
};

/** A value as JSON, shown: what to type in the dashboard, with nothing a terminal would act on. */
const quoted = (value: unknown) => shown(JSON.stringify(value));

/** `create` → `created`, `adopt` → `adopted`. */
const pastTense = (action: string) => (action.endsWith('e') ? `${action}d` : `${action}ed`);

/** `pro           pro_01…  created` — one row per key, in apply order. */
export function formatResultTable(results: KeyResult[], style: ChalkInstance): string[] {
  const width = Math.max(...results.map((r) => shown(r.key).length), 3);
  return results.map((r) => {
    const what =
      r.status === 'applied'
        ? style.green(pastTense(r.action))
        : r.status === 'unchanged'
          ? style.dim('unchanged')
          : style.red(`${r.action}: ${STATUS_WORD[r.status]}`);
    const extra = r.duplicateOf ? style.dim(` (duplicate of ${shown(r.duplicateOf)})`) : '';
    return `${shown(r.key).padEnd(width)}  ${shown(r.id ?? '—').padEnd(30)}  ${what}${extra}`;
  });
}

function productStep(change: ProductChange, marker: Marker): string {
  switch (change.action) {
    case 'create': {
      const d = change.desired;
      const parts = [`tax category ${shown(d.tax_category)}`];
      if (d.description) parts.push(`description ${quoted(d.description)}`);
      if (d.image_url) parts.push(`image URL ${shown(d.image_url)}`);
      parts.push(`custom data ${quoted(withMarker(d.custom_data, marker))}`);
      return `Catalog → Products → New product: name ${quoted(d.name)}, ${parts.join(', ')}`;
    }
    case 'archive':
      return `Catalog → Products → ${shown(change.id)}: Archive`;
    case 'unarchive':
      return `Catalog → Products → ${shown(change.id)} (archived): Unarchive${fieldsOf(change)}`;
    case 'adopt':
      return `Catalog → Products → ${shown(change.id)}: edit${adoptionOf(change, marker)}`;
    default:
      return `Catalog → Products → ${shown(change.id ?? '')}: edit${fieldsOf(change)}`;
  }
}

function fieldsOf(change: Change): string {
  return change.fields.length === 0
    ? ''
    : `, set ${change.fields.map((f) => formatField(f, change)).join('; ')}`;
}

/** Adoption by hand: unarchive if needed, then the marker in custom data, then any other field. */
function adoptionOf(change: Extract<Change, { action: 'adopt' }>, marker: Marker): string {
  const unarchive = change.archived ? ' (archived: Unarchive first)' : '';
  const data = `custom data ${quoted(withMarker(change.desired.custom_data, marker))}`;
  return `${unarchive}, set ${data}${change.fields.length > 0 ? `; ${fieldsOf(change).slice(', set '.length)}` : ''}`;
}

function priceStep(change: PriceChange, marker: Marker, productId: string | undefined): string {
  const where = `Catalog → Products → ${shown(productId ?? `product ${change.productKey} (created above)`)}`;
  switch (change.action) {
    case 'create':
    case 'replace': {
      const d = change.desired;
      const parts = [`description ${quoted(d.description)}`];
      if (d.name) parts.push(`name ${quoted(d.name)}`);
      parts.push(describePrice(d));
      if (d.tax_mode !== 'account_setting') parts.push(`tax mode ${shown(d.tax_mode)}`);
      parts.push(`custom data ${quoted(withMarker(d.custom_data, marker))}`);
      const archive = change.action === 'replace' ? `; then archive the old price ${shown(change.id)}` : '';
      return `${where} → New price: ${parts.join(', ')}${archive}`;
    }
    case 'archive':
      return `${where} → price ${shown(change.id)}: Archive`;
    case 'unarchive':
      return `${where} → price ${shown(change.id)} (archived): Unarchive${fieldsOf(change)}`;
    case 'adopt':
      return `${where} → price ${shown(change.id)}: edit${adoptionOf(change, marker)}`;
    default:
      return `${where} → price ${shown(change.id)}: edit${fieldsOf(change)}`;
  }
}

/** The steps a person would take in the dashboard to finish what the run did not do, in order. */
export function dashboardSteps(catalog: string, steps: StepResult[], results: KeyResult[]): string[] {
  const productIds = new Map(results.filter((r) => r.kind === 'product').map((r) => [r.key, r.id]));
  const order = new Map(results.map((r, index) => [r.key, index]));
  return steps
    .filter((s) => (s.status === 'failed' || s.status === 'skipped') && s.change.action !== 'unchanged')
    .sort((a, b) => (order.get(a.change.key) ?? 0) - (order.get(b.change.key) ?? 0))
    .map((s, index) => {
      const change = s.change;
      const marker = { key: change.key, catalog };
      const text =
        change.kind === 'product'
          ? productStep(change, marker)
          : change.kind === 'price'
            ? priceStep(change, marker, productIds.get(change.productKey))
            : discountStep(change, marker, results);
      return `  ${index + 1}. ${text}`;
    });
}

/** restrict_to for a person in the dashboard: the ids this run knows, else the key to look up. */
function restrictedIds(keys: readonly string[], results: KeyResult[]): string {
  const ids = new Map(results.filter((r) => r.kind !== 'discount').map((r) => [r.key, r.id]));
  return keys.map((key) => shown(ids.get(key) ?? `${key} (created above)`)).join(', ');
}

function discountStep(change: DiscountChange, marker: Marker, results: KeyResult[]): string {
  switch (change.action) {
    case 'create': {
      const d = change.desired;
      const parts = [`description ${quoted(d.description)}`, describeDiscount(d)];
      if (d.restrict_to) parts.push(`restricted to ${restrictedIds(d.restrict_to, results)}`);
      parts.push(`custom data ${quoted(withMarker(d.custom_data, marker))}`);
      return `Catalog → Discounts → New discount: ${parts.join(', ')}`;
    }
    case 'archive':
      return `Catalog → Discounts → ${shown(change.id)}: Archive`;
    case 'unarchive':
      return `Catalog → Discounts → ${shown(change.id)} (archived): Unarchive${fieldsOf(change)}`;
    case 'adopt':
      return `Catalog → Discounts → ${shown(change.id)}: edit${adoptionOf(change, marker)}`;
    default:
      return `Catalog → Discounts → ${shown(change.id)}: edit${fieldsOf(change)}`;
  }
}
