// What the rules read (RuleInput), from a catalog that passed its schema or, field by field, from one
// that did not: the valid fields of each object are checked all the same, so one typo hides nothing.
import type { z } from 'zod';
import { discountSchema } from './discount-schema.js';
import { featureSchema } from './features-schema.js';
import { discountGroupSchema, notificationSchema } from './notification-schema.js';
import type { DiscountFields } from './rules/discount.js';
import type { ProductFields, RuleInput } from './rules/index.js';
import type { DiscountGroupFields, NotificationFields } from './rules/notifications.js';
import type { Declared } from './rules/rule-input.js';
import { type Catalog, type CatalogPrice, priceSchema, productSchema } from './schema.js';

type Json = Record<string, unknown>;
const isMapping = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const NONE: ReadonlySet<string> = new Set();

export function inputFromCatalog(catalog: Catalog): RuleInput {
  return {
    products: Object.entries(catalog.products).map(([key, { prices, ...fields }]) => ({
      key,
      fields,
      invalid: NONE,
      prices: Object.entries(prices ?? {}).map(([priceKey, price]) => ({
        key: priceKey,
        price,
        invalid: NONE,
      })),
    })),
    discounts: Object.entries(catalog.discounts ?? {}).map(([key, discount]) => ({
      key,
      discount,
      invalid: NONE,
    })),
    discountGroups: Object.entries(catalog.discount_groups ?? {}).map(([key, group]) => ({
      key,
      group,
      invalid: NONE,
    })),
    notifications: Object.entries(catalog.notifications ?? {}).map(([key, notification]) => ({
      key,
      notification,
      invalid: NONE,
    })),
    ...(catalog.features ? { features: declaredTypes(catalog.features) } : {}),
  };
}

/** The valid fields of an object that failed its schema, and the names of the invalid ones. */
function validFields(
  shape: Record<string, z.ZodType>,
  raw: Json,
): { value: Json; invalid: ReadonlySet<string> } {
  const value: Json = {};
  const invalid = new Set<string>();
  for (const [field, schema] of Object.entries(shape)) {
    const parsed = schema.safeParse(raw[field]);
    if (parsed.success) value[field] = parsed.data;
    else invalid.add(field);
  }
  return { value, invalid };
}

/** A catalog with structural errors, field by field, for the rules (see RuleInput). */
export function inputFromRaw(raw: unknown): RuleInput {
  const products = isMapping(raw) && isMapping(raw.products) ? raw.products : {};
  const discounts = isMapping(raw) && isMapping(raw.discounts) ? raw.discounts : {};
  const features = isMapping(raw) ? raw.features : undefined;
  const groups = isMapping(raw) && isMapping(raw.discount_groups) ? raw.discount_groups : {};
  const notifications = isMapping(raw) && isMapping(raw.notifications) ? raw.notifications : {};
  return {
    discountGroups: Object.entries(groups).map(([key, group]) => {
      const { value, invalid } = validFields(discountGroupSchema.shape, isMapping(group) ? group : {});
      return { key, group: value as DiscountGroupFields, invalid };
    }),
    notifications: Object.entries(notifications).map(([key, notification]) => {
      const fields = validFields(notificationSchema.shape, isMapping(notification) ? notification : {});
      return { key, notification: fields.value as NotificationFields, invalid: fields.invalid };
    }),
    ...(features === undefined
      ? {}
      : { features: isMapping(features) ? declaredTypes(features) : 'unreadable' }),
    discounts: Object.entries(discounts).map(([key, discount]) => {
      const { value, invalid } = validFields(discountSchema.shape, isMapping(discount) ? discount : {});
      return { key, discount: value as DiscountFields, invalid };
    }),
    products: Object.entries(products).map(([key, product]) => {
      const fields = validFields(productSchema.shape, isMapping(product) ? product : {});
      const prices = isMapping(product) && isMapping(product.prices) ? product.prices : {};
      return {
        key,
        fields: fields.value as ProductFields,
        invalid: fields.invalid,
        prices: Object.entries(prices).map(([priceKey, price]) => {
          const { value, invalid } = validFields(priceSchema.shape, isMapping(price) ? price : {});
          return { key: priceKey, price: value as CatalogPrice, invalid };
        }),
      };
    }),
  };
}

/** Each declared feature's type; undefined for a declaration whose own issue says what is wrong. */
function declaredTypes(features: Json): Declared {
  return Object.fromEntries(
    Object.entries(features).map(([name, feature]) => [name, featureSchema.safeParse(feature).data?.type]),
  );
}
