// snapshot → Catalog (`export`): the account's catalog as the minimal file a person would write.
// Pure. Keys come from our marker where an object has one (so a managed catalog exports to itself),
// otherwise they are slugged from names and made unique. Paddle's defaults are dropped, the
// user's custom_data is kept and our marker is not. `plan --adopt` takes the unmarked objects over.
// Never a price's subscribers_from or proration: a move is not state (the account keeps no trace of
// the catalog that moved its subscribers), and in a file it would move whoever is on the old price now.

import { slugify } from '../catalog/key-slug.js';
import type {
  Catalog,
  CatalogDiscount,
  CatalogPrice,
  CatalogProduct,
  EnvironmentSettings,
  Money,
  TrialPeriod,
  UnitPriceOverride,
} from '../catalog/schema.js';
import { DEFAULT_CATALOG } from '../catalog/schema.js';
import type { EnvironmentName } from '../paddle-facts/environments.js';
import { DEFAULT_QUANTITY, DEFAULT_TAX_MODE } from '../paddle-facts/prices.js';
import { isLapsed } from '../paddle-facts/statuses.js';
import { needsApproval, TAX_CATEGORIES, type TaxCategory } from '../paddle-facts/tax-categories.js';
import { keyIn, readMarker, userCustomData } from '../plan/marker.js';
import type {
  CatalogSnapshot,
  RemoteDiscount,
  RemoteDuration,
  RemoteMoney,
  RemoteOverride,
  RemotePrice,
  RemoteProduct,
  RemoteTrialPeriod,
} from '../plan/remote.js';
import { liftFeatures } from './features.js';
import { assignKeys, markedKey } from './keys.js';

export interface ExportOptions {
  environment: EnvironmentName;
  /** include archived products and prices (the file has no status: applying it unarchives them) */
  includeArchived?: boolean;
  /** whose objects: this catalog's and the unmanaged ones, never another catalog's (absent: default) */
  catalog?: string;
}

export interface ExportedObject {
  kind: 'product' | 'price' | 'discount';
  key: string;
  id: string;
}

export interface ExportResult {
  catalog: Catalog;
  /** archived objects that were included (only with includeArchived) */
  archived: ExportedObject[];
  /** what the user should know: skipped duplicates, keys that could not be kept */
  warnings: string[];
  /** how many exported objects no catalog manages yet: only they need --adopt */
  unmanaged: number;
}

const EVERY: Record<string, string> = { day: 'daily', week: 'weekly', month: 'monthly', year: 'yearly' };

/** `monthly`, `yearly`, `every-3-months`, `one-time`: a price key from its billing cycle. */
export function cycleKey(cycle: RemoteDuration | null): string {
  if (!cycle) return 'one-time';
  if (cycle.frequency === 1 && EVERY[cycle.interval]) return EVERY[cycle.interval] as string;
  return `every-${cycle.frequency}-${cycle.interval}s`;
}

const text = (value: string | null) => (value ? value : undefined);
// Remote strings are typed as the catalog's enums here; `export` validates the file it writes.
const money = (m: RemoteMoney) => ({ amount: m.amount, currency_code: m.currency_code }) as Money;

function overrides(list: RemoteOverride[] | null | undefined): UnitPriceOverride[] | undefined {
  if (!list || list.length === 0) return undefined;
  return list.map((o) => ({
    country_codes: [...o.country_codes] as UnitPriceOverride['country_codes'],
    unit_price: money(o.unit_price),
  }));
}

function trialOf(t: RemoteTrialPeriod | null): TrialPeriod | undefined {
  if (!t) return undefined;
  const trial: TrialPeriod = { interval: t.interval as TrialPeriod['interval'], frequency: t.frequency };
  if (t.unit_price) trial.unit_price = money(t.unit_price);
  const trialOverrides = overrides(t.unit_price_overrides);
  if (trialOverrides) trial.unit_price_overrides = trialOverrides;
  // only an explicit false makes a trial cardless; true is Paddle's default
  if (t.requires_payment_method === false) trial.requires_payment_method = false;
  return trial;
}

/** A price with only what differs from Paddle's defaults (the wire names, amounts as strings). */
export function exportPrice(p: RemotePrice): CatalogPrice {
  const price: CatalogPrice = {
    description: p.description,
    unit_price: money(p.unit_price),
  };
  const name = text(p.name);
  if (name) price.name = name;
  if (p.billing_cycle) price.billing_cycle = { ...p.billing_cycle } as CatalogPrice['billing_cycle'];
  const trial = trialOf(p.trial_period);
  if (trial) price.trial_period = trial;
  const priceOverrides = overrides(p.unit_price_overrides);
  if (priceOverrides) price.unit_price_overrides = priceOverrides;
  const q = p.quantity;
  if (q && (q.minimum !== DEFAULT_QUANTITY.minimum || q.maximum !== DEFAULT_QUANTITY.maximum)) {
    price.quantity = { minimum: q.minimum, maximum: q.maximum };
  }
  if (p.tax_mode && p.tax_mode !== DEFAULT_TAX_MODE) price.tax_mode = p.tax_mode as CatalogPrice['tax_mode'];
  const custom = userCustomData(p.custom_data);
  if (custom) price.custom_data = custom;
  return price;
}

function exportProduct(p: RemoteProduct): Omit<CatalogProduct, 'prices'> {
  const product: CatalogProduct = { name: p.name, tax_category: p.tax_category as TaxCategory };
  const description = text(p.description);
  if (description) product.description = description;
  const image = text(p.image_url);
  if (image) product.image_url = image;
  const custom = userCustomData(p.custom_data);
  if (custom) product.custom_data = custom;
  return product;
}

/**
 * A discount with only what differs from Paddle's defaults; restrict_to ids become the keys of the
 * exported products and prices (`keyOfId`), and an id that none of them has stays an id.
 */
export function exportDiscount(d: RemoteDiscount, keyOfId: ReadonlyMap<string, string>): CatalogDiscount {
  const discount: CatalogDiscount = {
    description: d.description,
    type: d.type as CatalogDiscount['type'],
    amount: d.amount,
  };
  if (d.currency_code) discount.currency_code = d.currency_code as CatalogDiscount['currency_code'];
  if (d.code) discount.code = d.code;
  if (!d.enabled_for_checkout) discount.enabled_for_checkout = false;
  if (d.recur) discount.recur = true;
  if (d.maximum_recurring_intervals !== null)
    discount.maximum_recurring_intervals = d.maximum_recurring_intervals;
  if (d.usage_limit !== null) discount.usage_limit = d.usage_limit;
  if (d.restrict_to?.length) discount.restrict_to = d.restrict_to.map((id) => keyOfId.get(id) ?? id);
  if (d.expires_at) discount.expires_at = d.expires_at;
  const custom = userCustomData(d.custom_data);
  if (custom) discount.custom_data = custom;
  return discount;
}

const LAPSED_WHY = { expired: 'its expires_at has passed', used: 'its usage_limit is reached' } as const;

function lapsedWarning(key: string, id: string, status: keyof typeof LAPSED_WHY): string {
  return `discount ${key} (${id}) is ${status} (${LAPSED_WHY[status]}): exported as it is; plan shows it ${status} and creates nothing`;
}

/**
 * What the exported objects need the account to have: approvals and cardless trials
 * (tax-category-not-approved, trial-cardless-not-enabled).
 */
function inferredSettings(catalog: Catalog): EnvironmentSettings | undefined {
  const products = Object.values(catalog.products);
  const approved = [
    ...new Set(
      products
        .map((p) => p.tax_category)
        .filter((c) => (TAX_CATEGORIES as readonly string[]).includes(c) && needsApproval(c)),
    ),
  ].sort();
  const cardless = products.some((p) =>
    Object.values(p.prices ?? {}).some((price) => price.trial_period?.requires_payment_method === false),
  );
  if (approved.length === 0 && !cardless) return undefined;
  return {
    ...(approved.length > 0 ? { approved_tax_categories: approved } : {}),
    ...(cardless ? { cardless_trials: true } : {}),
  };
}

/** What every part of one export shares: whose objects, which are shown, and what it reports. */
interface ExportContext {
  scope: string;
  shown: <T extends { status: string; custom_data: RemotePrice['custom_data'] }>(list: T[]) => T[];
  duplicate: (kind: string) => (object: { id: string }, key: string, kept: { id: string }) => void;
  warnings: string[];
  archived: ExportedObject[];
  /** exported objects without our marker, counted as they are shown */
  unmanaged: { count: number };
}

function exportContext(options: ExportOptions): ExportContext {
  const scope = options.catalog ?? DEFAULT_CATALOG;
  // another catalog's objects are never ours to export; unmanaged ones are (for --adopt)
  const ours = (o: { custom_data: RemotePrice['custom_data'] }) => {
    const marker = readMarker(o.custom_data);
    return marker === undefined || marker.catalog === scope;
  };
  const warnings: string[] = [];
  const unmanaged = { count: 0 };
  return {
    scope,
    shown: (list) => {
      // a discount Paddle expired or used up is still in the account (its code taken): it is exported
      const shown = list.filter((o) => ours(o) && (options.includeArchived || o.status !== 'archived'));
      unmanaged.count += shown.filter((o) => readMarker(o.custom_data) === undefined).length;
      return shown;
    },
    duplicate: (kind) => (object, key, kept) =>
      warnings.push(`${kind} ${object.id} carries the key ${key} of ${kept.id} too: not exported`),
    warnings,
    archived: [],
    unmanaged,
  };
}

/** One product's prices under `productKey`; each exported price is recorded in `exportedPrices`. */
function exportPrices(
  ctx: ExportContext,
  product: RemoteProduct,
  productKey: string,
  exportedPrices: ExportedObject[],
): Record<string, CatalogPrice> | undefined {
  const { scope, warnings, archived } = ctx;
  const prices: Record<string, CatalogPrice> = {};
  const keyedPrices = assignKeys(
    ctx.shown(product.prices),
    (p) => markedKey(scope, p.custom_data, productKey),
    (p) => [slugify(p.name ?? ''), cycleKey(p.billing_cycle), slugify(p.description)],
    'price',
    ctx.duplicate('price'),
  );
  for (const { key: priceKey, object: price } of keyedPrices) {
    const marker = keyIn(scope, price.custom_data);
    if (marker !== undefined && markedKey(scope, price.custom_data, productKey) === undefined) {
      warnings.push(
        `price ${price.id} carries the key ${marker} but is exported as ${productKey}/${priceKey}: plan will create that key`,
      );
    }
    exportedPrices.push({ kind: 'price', key: `${productKey}/${priceKey}`, id: price.id });
    if (price.status === 'archived')
      archived.push({ kind: 'price', key: `${productKey}/${priceKey}`, id: price.id });
    prices[priceKey] = exportPrice(price);
  }
  // a product without prices has no `prices` in the file
  return keyedPrices.length > 0 ? prices : undefined;
}

/** The products with their prices, and the key of each exported product and price by id. */
function exportProducts(
  ctx: ExportContext,
  snapshot: CatalogSnapshot,
): { products: Record<string, CatalogProduct>; keyOfId: Map<string, string> } {
  const products: Record<string, CatalogProduct> = {};
  const exportedPrices: ExportedObject[] = [];
  const keyedProducts = assignKeys(
    ctx.shown(snapshot.products),
    (p) => markedKey(ctx.scope, p.custom_data),
    (p) => [slugify(p.name)],
    'product',
    ctx.duplicate('product'),
  );
  for (const { key, object } of keyedProducts) {
    if (object.status === 'archived') ctx.archived.push({ kind: 'product', key, id: object.id });
    const prices = exportPrices(ctx, object, key, exportedPrices);
    products[key] = { ...exportProduct(object), ...(prices ? { prices } : {}) };
  }
  // discounts' restrict_to names products and prices by these keys
  const keyOfId = new Map<string, string>();
  for (const { key, object } of keyedProducts) keyOfId.set(object.id, key);
  for (const { kind, key, id } of exportedPrices) if (kind === 'price') keyOfId.set(id, key);
  return { products, keyOfId };
}

/** The discounts, or undefined when none is exported (the file then has no `discounts`). */
function exportDiscounts(
  ctx: ExportContext,
  snapshot: CatalogSnapshot,
  keyOfId: ReadonlyMap<string, string>,
): Record<string, CatalogDiscount> | undefined {
  const discounts: Record<string, CatalogDiscount> = {};
  const keyedDiscounts = assignKeys(
    ctx.shown(snapshot.discounts),
    (d) => markedKey(ctx.scope, d.custom_data),
    (d) => [slugify(d.code ?? ''), slugify(d.description)],
    'discount',
    ctx.duplicate('discount'),
  );
  for (const { key, object } of keyedDiscounts) {
    if (object.status === 'archived') ctx.archived.push({ kind: 'discount', key, id: object.id });
    if (isLapsed(object.status)) ctx.warnings.push(lapsedWarning(key, object.id, object.status));
    discounts[key] = exportDiscount(object, keyOfId);
  }
  return keyedDiscounts.length > 0 ? discounts : undefined;
}

export function exportCatalog(snapshot: CatalogSnapshot, options: ExportOptions): ExportResult {
  const ctx = exportContext(options);
  const { scope } = ctx;
  const exported = exportProducts(ctx, snapshot);
  const discounts = exportDiscounts(ctx, snapshot, exported.keyOfId);
  const { products, features, warning } = liftFeatures(exported.products);
  if (warning) ctx.warnings.push(warning);
  const catalog: Catalog =
    scope === DEFAULT_CATALOG ? { version: 1, products } : { version: 1, catalog: scope, products };
  if (features) catalog.features = features;
  if (discounts) catalog.discounts = discounts;
  const settings = inferredSettings(catalog);
  if (settings) catalog.environments = { [options.environment]: settings };
  return { catalog, archived: ctx.archived, warnings: ctx.warnings, unmanaged: ctx.unmanaged.count };
}
