// Indentation mistakes that still parse: a price field one level out reads as a price of its own
// (`billing_cycle:` beside `monthly:`), a product field under `prices:` reads as a price, and fields
// one level too deep read as the value of the field above them (`tax_category:` holding
// `description:`). The schema's findings about a "price" nobody meant would mislead; each such
// place gets one finding saying where its lines belong, and the findings inside it are dropped.
import { z } from 'zod';
import { discountSchema } from './discount-schema.js';
import { error, type PathSegment } from './rules/finding.js';
import { priceSchema, productSchema } from './schema.js';
import type { StructuralFinding } from './zod-issues.js';

const MISPLACED_RULE = 'field-misplaced' as const;

type Json = Record<string, unknown>;
const isMapping = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const PRODUCT_FIELDS: readonly string[] = Object.keys(productSchema.shape);
const PRICE_FIELDS: readonly string[] = Object.keys(priceSchema.shape);
const DISCOUNT_FIELDS: readonly string[] = Object.keys(discountSchema.shape);

export interface Misplaced {
  finding: StructuralFinding;
  /** paths whose findings are consequences of the mistake (at or under each) */
  covers: PathSegment[][];
}

const at = (path: PathSegment[], message: string): StructuralFinding => ({
  ...error(MISPLACED_RULE, path, message),
  atKey: true,
});

/** An entry of a keyed map (products, prices, discounts) that is really one of its fields. */
function looksLikeField(key: string, value: unknown, fields: readonly string[]): boolean {
  if (!fields.includes(key)) return false;
  return !(isMapping(value) && Object.keys(value).some((inner) => fields.includes(inner)));
}

/** The nearest real entry above `key` in a keyed map: the one the field was meant for. */
function entryAbove(map: Json, key: string, fields: readonly string[]): string | undefined {
  let above: string | undefined;
  for (const [name, value] of Object.entries(map)) {
    if (name === key) return above;
    if (!looksLikeField(name, value, fields)) above = name;
  }
  return above;
}

const under = (kind: string, owner: string | undefined) =>
  owner === undefined ? `under a ${kind} key` : `under ${kind} "${owner}"`;

/** `alsoProduct`: a field a product has too (`description`), which may be the product's one level in. */
function keyedEntries(
  map: Json,
  path: PathSegment[],
  kind: string,
  fields: readonly string[],
  found: Misplaced[],
  alsoProduct?: string,
): void {
  for (const [key, value] of Object.entries(map)) {
    if (!looksLikeField(key, value, fields)) continue;
    const above = entryAbove(map, key, fields);
    const owner = under(kind, above);
    const product =
      alsoProduct !== undefined && PRODUCT_FIELDS.includes(key)
        ? `, or one level out, beside "prices", if it is product "${alsoProduct}"'s`
        : '';
    const message = `"${key}" is a ${kind} field, not a ${kind}: indent it one level in, ${owner}${product}`;
    // the entry above lacks the field: "missing required field" there is the same mistake
    const missing = above === undefined ? [] : [[...path, above, key]];
    found.push({ finding: at([...path, key], message), covers: [[...path, key], ...missing] });
  }
}

/** A product field one level in, under `prices:` (`tax_category` after the last price). */
function productFieldsInPrices(prices: Json, path: PathSegment[], productKey: string, found: Misplaced[]) {
  for (const [key, value] of Object.entries(prices)) {
    if (!PRODUCT_FIELDS.includes(key) || PRICE_FIELDS.includes(key) || isMapping(value)) continue;
    const message = `"${key}" is a product field, not a price: indent it one level out, beside "prices" under product "${productKey}"`;
    found.push({
      finding: at([...path, key], message),
      covers: [
        [...path, key],
        [...path.slice(0, -1), key],
      ],
    });
  }
}

/** The fields of an object-valued field (`billing_cycle` → interval, frequency); none for text. */
function ownFields(shape: Record<string, z.ZodType>, field: string): readonly string[] {
  let schema: unknown = shape[field];
  while (schema instanceof z.ZodOptional) schema = schema.unwrap();
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
}

/**
 * Fields of the object itself found inside one of its fields: the lines below that field are one
 * level too deep (`tax_category:` holding `description:`, `billing_cycle:` holding `trial_period:`).
 */
function fieldsTooDeep(
  object: Json,
  path: PathSegment[],
  owner: string,
  shape: Record<string, z.ZodType>,
  found: Misplaced[],
) {
  const fields = Object.keys(shape);
  for (const [field, value] of Object.entries(object)) {
    if (!isMapping(value) || field === 'prices' || field === 'custom_data') continue;
    const own = ownFields(shape, field);
    const nested = Object.keys(value).filter((inner) => fields.includes(inner) && !own.includes(inner));
    // a text field holding a map: only when its lines are mostly the object's own fields
    if (nested.length === 0 || (own.length === 0 && nested.length < Object.keys(value).length / 2)) continue;
    const names = nested.map((name) => `"${name}"`).join(', ');
    const [verb, pronoun] = nested.length === 1 ? ['is', 'it'] : ['are', 'them'];
    const message = `${names} ${verb} indented under "${field}", one level too deep: indent ${pronoun} one level out, beside "${field}" under ${owner}`;
    const inside = nested.map((name) => [...path, field, name]);
    const covers = [
      ...(own.length === 0 ? [[...path, field]] : inside),
      ...nested.map((name) => [...path, name]),
    ];
    found.push({ finding: at([...path, field, nested[0] ?? field], message), covers });
  }
}

/** A price field two levels out, among the product's own fields (`billing_cycle:` under the product). */
function priceFieldsInProduct(product: Json, path: PathSegment[], found: Misplaced[]) {
  const prices = isMapping(product.prices) ? Object.keys(product.prices) : [];
  const last = prices[prices.length - 1];
  for (const key of Object.keys(product)) {
    if (!PRICE_FIELDS.includes(key) || PRODUCT_FIELDS.includes(key)) continue;
    const where = last === undefined ? 'under a price key in "prices"' : `under price "${last}"`;
    const message = `"${key}" is a price field, not a product's: indent it two levels in, ${where}`;
    found.push({ finding: at([...path, key], message), covers: [[...path, key]] });
  }
}

/** Every misplaced field of a catalog as parsed (any shape). */
export function misplacedFields(raw: unknown): Misplaced[] {
  const found: Misplaced[] = [];
  if (!isMapping(raw)) return found;
  if (isMapping(raw.products)) {
    keyedEntries(raw.products, ['products'], 'product', PRODUCT_FIELDS, found);
    for (const [productKey, product] of Object.entries(raw.products)) {
      if (!isMapping(product)) continue;
      const productPath = ['products', productKey];
      fieldsTooDeep(product, productPath, `product "${productKey}"`, productSchema.shape, found);
      priceFieldsInProduct(product, productPath, found);
      if (!isMapping(product.prices)) continue;
      const pricesPath = [...productPath, 'prices'];
      keyedEntries(product.prices, pricesPath, 'price', PRICE_FIELDS, found, productKey);
      productFieldsInPrices(product.prices, pricesPath, productKey, found);
      for (const [priceKey, price] of Object.entries(product.prices)) {
        if (isMapping(price) && !looksLikeField(priceKey, price, PRICE_FIELDS))
          fieldsTooDeep(price, [...pricesPath, priceKey], `price "${priceKey}"`, priceSchema.shape, found);
      }
    }
  }
  if (isMapping(raw.discounts)) {
    keyedEntries(raw.discounts, ['discounts'], 'discount', DISCOUNT_FIELDS, found);
    for (const [key, discount] of Object.entries(raw.discounts))
      if (isMapping(discount))
        fieldsTooDeep(discount, ['discounts', key], `discount "${key}"`, discountSchema.shape, found);
  }
  return found;
}

const within = (path: readonly PathSegment[], prefix: readonly PathSegment[]) =>
  prefix.length <= path.length && prefix.every((segment, index) => path[index] === segment);

/** Drops the findings a misplaced field explains better, and adds its own. */
export function withMisplaced<F extends { path: PathSegment[] }>(
  findings: readonly F[],
  misplaced: readonly Misplaced[],
): (F | StructuralFinding)[] {
  const covered = misplaced.flatMap((entry) => entry.covers);
  const kept = findings.filter((finding) => !covered.some((prefix) => within(finding.path, prefix)));
  return [...kept, ...misplaced.map((entry) => entry.finding)];
}
