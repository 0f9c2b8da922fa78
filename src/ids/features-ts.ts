// The features part of the typed module (render.ts): the declarations, FeatureKey and Features, what
// each product includes, and featuresOf(items), which reads a subscription's items by price id (of
// either environment) the way docs/ids-and-refs.md describes for apps in other languages, and a price
// the module does not know by its product id (a rise's new price, created after the module was
// written, moves subscribers before the app is deployed with it). productFeaturesOf reads what a
// product includes now from the custom_data of a product.* webhook, which featuresOf takes in place
// of the module's (a catalog's feature changed after the module was written). Every string from the
// catalog is written by JSON.stringify.
import type { IdsFeatures } from './features.js';

const union = (names: readonly string[]) =>
  names.length === 0 ? 'never' : names.map((name) => JSON.stringify(name)).join(' | ');

/** featuresOf and its helpers, as written into the module (plain strict TypeScript). */
const FEATURES_OF = `/** One item of a subscription, as a webhook or subscription.items gives it: a price id of either environment. */
export interface FeatureItem {
  readonly priceId: string;
  /**
   * its price's product id (an item's price.product_id): a price id this module does not know counts as
   * that product when the module knows the product (a price created after the module was written).
   */
  readonly productId?: string;
  /** how many: a whole number of 1 or more, 1 when absent. An add-on's adds count once per unit. */
  readonly quantity?: number;
}

/**
 * What featuresOf answers: the features, or beside what the other items include, the price ids this
 * module does not know (nor their product) and the items whose quantity is not a whole number of 1 or more (neither counted).
 */
export type FeaturesAnswer =
  | { readonly ok: true; readonly features: Features }
  | {
      readonly ok: false;
      readonly unknownPriceIds: readonly string[];
      readonly invalidQuantities: readonly FeatureItem[];
      readonly features: Features;
    };

const productOfPrice: ReadonlyMap<string, string> = new Map(
  environments.flatMap((environment) =>
    Object.entries(priceIds[environment]).map(([key, id]): [string, string] => [id, key.slice(0, key.indexOf('/'))]),
  ),
);
const productOfId: ReadonlyMap<string, string> = new Map(
  environments.flatMap((environment) =>
    Object.entries(productIds[environment]).map(([key, id]): [string, string] => [id, key]),
  ),
);
/** By product key, as a Map: a key such as "constructor" is never looked up through Object's prototype. */
const featuresOfProduct: ReadonlyMap<string, ProductFeatures> = new Map(Object.entries(productFeatures));

const most = (a: Limit, b: Limit): Limit => (a === 'unlimited' || b === 'unlimited' ? 'unlimited' : Math.max(a, b));
const sum = (a: Limit, b: Limit): Limit => (a === 'unlimited' || b === 'unlimited' ? 'unlimited' : a + b);

const isLimit = (value: unknown): value is Limit =>
  value === 'unlimited' || (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0);
/** A plain object's own field, never one through its prototype. */
const ownField = (record: unknown, name: string): unknown =>
  typeof record === 'object' && record !== null && !Array.isArray(record) && Object.hasOwn(record, name)
    ? (record as { readonly [key: string]: unknown })[name]
    : undefined;

/**
 * What a product includes now, from its custom_data as a product.* webhook or the API gives it (apply
 * writes "features" there, and an add-on's "feature_adds"): each feature this module declares, read by
 * its type; a value of another type counts as not included, and a feature it does not declare is not
 * read (a module written after the catalog declared it is).
 */
export function productFeaturesOf(customData: unknown): ProductFeatures {
  const declared = Object.entries(features);
  const adds = ownField(customData, 'feature_adds');
  if (adds !== undefined) {
    const added = declared.flatMap(([name, { type }]): [string, Limit][] => {
      const value = ownField(adds, name);
      return type === 'limit' && isLimit(value) ? [[name, value]] : [];
    });
    return { adds: Object.fromEntries(added) as { readonly [K in FeatureKey]?: Limit } };
  }
  const included = ownField(customData, 'features');
  const values = declared.map(([name, { type }]): [string, boolean | Limit] => {
    const value = ownField(included, name);
    return [name, type === 'boolean' ? value === true : isLimit(value) ? value : 0];
  });
  return { includes: Object.fromEntries(values) as unknown as Features };
}

/**
 * What a subscription's items include: a boolean when any item's product includes it; a limit as the
 * largest of its products' limits plus each add-on's adds times its quantity, "unlimited" winning.
 * current, by product id, is what products include now (productFeaturesOf of each product.* webhook):
 * an item whose productId it names is read from it in place of what this module says.
 */
export function featuresOf(
  items: readonly FeatureItem[],
  current?: ReadonlyMap<string, ProductFeatures>,
): FeaturesAnswer {
  const found = new Map<string, boolean | Limit>(
    Object.entries(features).map(([name, { type }]) => [name, type === 'boolean' ? false : 0]),
  );
  const unknownPriceIds: string[] = [];
  const invalidQuantities: FeatureItem[] = [];
  const added: [string, Limit][] = [];
  for (const item of items) {
    const quantity = item.quantity ?? 1;
    const product =
      productOfPrice.get(item.priceId) ?? (item.productId === undefined ? undefined : productOfId.get(item.productId));
    const now = item.productId === undefined ? undefined : current?.get(item.productId);
    if (product === undefined && now === undefined) {
      unknownPriceIds.push(item.priceId);
      continue;
    }
    // -5 seats, 2.5 seats or NaN seats are no answer: the item is said, not multiplied
    if (!Number.isSafeInteger(quantity) || quantity < 1) {
      invalidQuantities.push(item);
      continue;
    }
    const entry = now ?? (product === undefined ? undefined : featuresOfProduct.get(product));
    if (entry === undefined) continue;
    if ('adds' in entry) {
      for (const [name, value] of Object.entries(entry.adds)) {
        if (value !== undefined) added.push([name, value === 'unlimited' ? value : value * quantity]);
      }
      continue;
    }
    for (const [name, value] of Object.entries(entry.includes)) {
      const was = found.get(name) ?? false;
      found.set(name, typeof value === 'boolean' ? value || was === true : most(typeof was === 'boolean' ? 0 : was, value));
    }
  }
  for (const [name, value] of added) {
    const was = found.get(name) ?? 0;
    found.set(name, sum(typeof was === 'boolean' ? 0 : was, value));
  }
  const result = Object.fromEntries(found) as unknown as Features;
  return unknownPriceIds.length === 0 && invalidQuantities.length === 0
    ? { ok: true, features: result }
    : { ok: false, unknownPriceIds, invalidQuantities, features: result };
}
`;

/** The module's lines for the catalog's features (after the id maps it reads). */
export function featuresTs(features: IdsFeatures): string[] {
  const names = Object.keys(features.declared);
  const fields = Object.entries(features.declared).map(
    ([name, { type, description }]) =>
      `${description === undefined ? '' : `  /** ${JSON.stringify(description).slice(1, -1).replaceAll('*/', '*\\/')} */\n`}  readonly ${JSON.stringify(name)}: ${type === 'boolean' ? 'boolean' : 'Limit'};`,
  );
  return [
    "/** The features the catalog declares: each one's type, and its description when it has one. */",
    `export const features = ${JSON.stringify(features.declared, null, 2)} as const;`,
    `export type FeatureKey = ${union(names)};`,
    '/** A limit: a whole number, or "unlimited". */',
    "export type Limit = number | 'unlimited';",
    '/** What a subscription includes: every feature, false or 0 when nothing includes it. */',
    `export interface Features {\n${fields.join('\n')}\n}`,
    '/** What a product includes, or what each unit of an add-on adds. */',
    'export type ProductFeatures =',
    '  | { readonly includes: Features }',
    '  | { readonly adds: { readonly [K in FeatureKey]?: Limit } };',
    '',
    '/** By product key: what each product includes, or each unit of an add-on adds. */',
    `export const productFeatures = ${JSON.stringify(features.products, null, 2)} as const satisfies {`,
    '  readonly [key: string]: ProductFeatures;',
    '};',
    '',
    FEATURES_OF,
  ];
}
