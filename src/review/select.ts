// Which changes of a plan the review looks at (pure): prices whose customers see a difference, and
// prices whose subscribers a change touches.
import { changesFeatures } from '../planner/features.js';
import { MOVED_STATUSES, type SubscriberMove } from '../planner/subscribers.js';
import type { Orphan, Plan, PriceChange, PriceState, ProductPlan } from '../planner/types.js';
import { moveKey } from './types.js';

/** The fields of a price that change what a customer pays or when. */
const CUSTOMER_FIELDS = ['unit_price', 'unit_price_overrides', 'trial_period', 'billing_cycle', 'tax_mode'];

const touches = (path: string) =>
  CUSTOMER_FIELDS.some(
    (field) => path === field || path.startsWith(`${field}.`) || path.startsWith(`${field}[`),
  );

/** What decides the currency a price bills in a country: its base price and its overrides. */
export type Charge = Pick<PriceState, 'unit_price' | 'unit_price_overrides'>;

/** A price that exists now or is made: its state as the catalog wants it, where it lives. */
export interface PreviewTarget {
  key: string;
  desired: PriceState;
  /** the price customers pay now, when there is one (an update's, a replaced price's old one) */
  currentId?: string;
  /** how that price charges now, where the plan knows it (not for a replaced price of another product) */
  current?: Charge;
  /** the product it belongs to, when the product exists; else the product the plan creates */
  productId?: string;
  product?: { name: string; tax_category: string };
}

export function isCustomerFacing(change: PriceChange): boolean {
  if (change.desired === null) return false;
  if (change.action === 'create' || change.action === 'replace') return true;
  if (change.action === 'unchanged') return false;
  return change.fields.some((field) => touches(field.path));
}

/** How a price charges now: the wanted state with what the change alters as it is now. */
function currentCharge(change: PriceChange & { desired: PriceState }): Charge | undefined {
  if (change.action === 'create' || change.action === 'replace') return undefined;
  const was = <T>(path: string, now: T, is: (value: unknown) => boolean): T => {
    const field = change.fields.find((f) => f.path === path);
    return field && is(field.before) ? (field.before as T) : now;
  };
  const text = (value: unknown) => typeof value === 'string';
  const { unit_price, unit_price_overrides } = change.desired;
  return {
    unit_price: {
      amount: was('unit_price.amount', unit_price.amount, text),
      currency_code: was('unit_price.currency_code', unit_price.currency_code, text),
    },
    unit_price_overrides: was('unit_price_overrides', unit_price_overrides, Array.isArray),
  };
}

/** What a preview needs of one price change: its wanted state and where its product is. */
function targetOf(group: ProductPlan, change: PriceChange & { desired: PriceState }): PreviewTarget {
  const product = group.product;
  const currentId = change.action === 'create' ? undefined : change.id;
  const current = currentCharge(change);
  const where =
    product.id !== undefined
      ? { productId: product.id }
      : product.desired
        ? { product: { name: product.desired.name, tax_category: product.desired.tax_category } }
        : {};
  return {
    key: change.key,
    desired: change.desired,
    currentId,
    ...(current ? { current } : {}),
    ...where,
  };
}

/** The prices whose customers the review previews, with what a preview needs of each. */
export function previewTargets(plan: Plan): PreviewTarget[] {
  return plan.groups.flatMap((group) =>
    group.prices.flatMap((change) =>
      isCustomerFacing(change) && change.desired !== null ? [targetOf(group, change)] : [],
    ),
  );
}

/** One price of the catalog as a preview needs it (any change but an archive), by key. */
export function previewTargetOf(plan: Plan, key: string): PreviewTarget | undefined {
  for (const group of plan.groups) {
    const change = group.prices.find((c) => c.key === key);
    if (change && change.desired !== null) return targetOf(group, change);
  }
  return undefined;
}

/** A move whose customers the review previews, as a preview target of a key of its own. */
export interface MoveTarget {
  move: SubscriberMove;
  target: PreviewTarget;
}

/** How the source of a move charges now, where the plan knows it (a price it keeps or updates). */
function sourceCharge(plan: Plan, move: SubscriberMove): Charge | undefined {
  const change = plan.groups.flatMap((g) => g.prices).find((c) => c.id === move.fromId);
  if (change === undefined || change.desired === null) return undefined;
  return currentCharge(change as PriceChange & { desired: PriceState });
}

/**
 * Each move with subscriptions on its source (or not counted): one unit of the source as it bills
 * now (`before`, by its id) and of the target as the catalog wants it (`after`). A twin's move
 * (--dedupe) keeps what its key charges, and a move with no one on its source moves no one: neither
 * is previewed.
 */
export function moveTargets(plan: Plan): MoveTarget[] {
  return (plan.moves ?? []).flatMap((move) => {
    const counts = move.subscribers;
    const nobody = counts !== undefined && MOVED_STATUSES.every((status) => counts[status] === 0);
    const target = previewTargetOf(plan, move.to);
    if (move.fromId === null || move.duplicateOf !== undefined || nobody || !target) return [];
    const current = sourceCharge(plan, move);
    const { current: _target, ...rest } = target;
    return [
      {
        move,
        target: { ...rest, key: moveKey(move), currentId: move.fromId, ...(current ? { current } : {}) },
      },
    ];
  });
}

/** The countries a price is previewed in: those its overrides name, then the review's, each once. */
export function countriesFor(desired: PriceState, reviewCountries: readonly string[]): string[] {
  const named = desired.unit_price_overrides.flatMap((override) => override.country_codes);
  return [...new Set([...named, ...reviewCountries])];
}

/** A price whose subscribers a change touches: an update, a replace, an archive, an orphan, or a price of a product whose features change. */
export interface CountTarget {
  key: string;
  id: string;
}

export function countTargets(plan: Plan): CountTarget[] {
  const targets = new Map<string, CountTarget>();
  for (const change of plan.groups.flatMap((group) => group.prices)) {
    const counted = change.action === 'update' || change.action === 'replace' || change.action === 'archive';
    if (counted && change.id) targets.set(change.key, { key: change.key, id: change.id });
  }
  // a product whose features change: the subscribers of each of its prices see it
  for (const group of plan.groups.filter((g) => changesFeatures(g.product))) {
    for (const price of group.prices) if (price.id) targets.set(price.key, { key: price.key, id: price.id });
  }
  const orphans: Orphan[] = plan.orphans.filter((orphan) => orphan.kind === 'price');
  for (const orphan of orphans) if (!targets.has(orphan.key)) targets.set(orphan.key, orphan);
  return [...targets.values()];
}

/**
 * The countries previewed when the catalog names none (`review.countries`) and `--countries` is not
 * given: the largest markets of a typical SaaS account, with one euro-zone and one zero-decimal
 * currency country, so the review shows tax, an override's currency and a converted base price.
 */
const DEFAULT_REVIEW_COUNTRIES: readonly string[] = ['US', 'GB', 'DE', 'JP'];

/** `--countries` replaces the catalog's list, which replaces the default. */
export function reviewCountries(
  catalogCountries: readonly string[] | undefined,
  flagCountries: readonly string[] | undefined,
): string[] {
  return [...(flagCountries ?? catalogCountries ?? DEFAULT_REVIEW_COUNTRIES)];
}
