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
} from '../catalog/schema.js';
import { DEFAULT_CATALOG } from '../catalog/schema.js';
import type { EnvironmentName } from '../paddle-facts/environments.js';
import { isLapsed } from '../paddle-facts/statuses.js';
import { needsApproval, TAX_CATEGORIES } from '../paddle-facts/tax-categories.js';
import { keyIn, readMarker } from '../planner/marker.js';
import type { CatalogSnapshot, RemotePrice, RemoteProduct } from '../planner/remote.js';
import { exportDiscountGroups, exportNotifications } from './destinations.js';
import { liftFeatures } from './features.js';
import { assignKeys, markedKey } from './keys.js';
import { cycleKey, exportDiscount, exportPrice, exportProduct } from './objects.js';

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

const LAPSED_WHY = { expired: 'its expires_at has passed', used: 'its usage_limit is reached' } as const;

// In a file with discount_groups, a discount without discount_group is planned out of any group.
function ungroupedWarning(key: string, groupId: string): string {
  return `discount ${key} is in discount group ${groupId}, which this catalog does not manage: written without discount_group, so plan takes it out of that group`;
}

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
  groups: { keyOfId: ReadonlyMap<string, string>; written: boolean },
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
    const group = object.discount_group_id;
    if (groups.written && group && !groups.keyOfId.has(group))
      ctx.warnings.push(ungroupedWarning(key, group));
    discounts[key] = exportDiscount(object, keyOfId, groups.keyOfId);
  }
  return keyedDiscounts.length > 0 ? discounts : undefined;
}

export function exportCatalog(snapshot: CatalogSnapshot, options: ExportOptions): ExportResult {
  const ctx = exportContext(options);
  const { scope } = ctx;
  const exported = exportProducts(ctx, snapshot);
  const { warnings } = ctx;
  const groups = exportDiscountGroups(snapshot.discountGroups ?? [], { ...options, scope, warnings });
  const written = groups.groups !== undefined;
  const discounts = exportDiscounts(ctx, snapshot, exported.keyOfId, { keyOfId: groups.keyOfId, written });
  const notifications = exportNotifications(snapshot.notifications ?? [], { ...options, scope, warnings });
  const { products, features, warning } = liftFeatures(exported.products);
  if (warning) ctx.warnings.push(warning);
  const catalog: Catalog =
    scope === DEFAULT_CATALOG ? { version: 1, products } : { version: 1, catalog: scope, products };
  if (features) catalog.features = features;
  if (groups.groups) catalog.discount_groups = groups.groups;
  if (discounts) catalog.discounts = discounts;
  if (notifications) catalog.notifications = notifications;
  const settings = inferredSettings(catalog);
  if (settings) catalog.environments = { [options.environment]: settings };
  return { catalog, archived: ctx.archived, warnings: ctx.warnings, unmanaged: ctx.unmanaged.count };
}
