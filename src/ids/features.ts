// The features of the id file: what each feature is and what each product includes (or an add-on adds
// per unit), from the catalog, so an app reads a subscription's features by its price ids. Paddle's
// subscription items carry a snapshot of the product from when each was added
// (https://developer.paddle.com/changelog/2024/subscription-items-product), so the product's own
// custom_data on an item may be older than the catalog; the price ids are not. Pure.
import { z } from 'zod';
import { FEATURE_TYPES, UNLIMITED } from '../catalog/features-schema.js';
import { type Catalog, KEY_PATTERN } from '../catalog/schema.js';

const limit = z.union([z.int().min(0), z.literal(UNLIMITED)]);

export const idsFeaturesSchema = z.strictObject({
  /** each feature once: its type, and its description when the catalog has one */
  declared: z.record(
    z.string().regex(KEY_PATTERN),
    z.strictObject({ type: z.enum(FEATURE_TYPES), description: z.string().optional() }),
  ),
  /** by product key: every declared feature's value (false, 0: not included), or an add-on's adds per unit */
  products: z.record(
    z.string().regex(KEY_PATTERN),
    z.union([
      z.strictObject({ includes: z.record(z.string(), z.union([z.boolean(), limit])) }),
      z.strictObject({ adds: z.record(z.string(), limit) }),
    ]),
  ),
});

export type IdsFeatures = z.infer<typeof idsFeaturesSchema>;

const sorted = <T>(entries: [string, T][]) =>
  Object.fromEntries(entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/** The catalog's features as the id file holds them; undefined when it declares none. */
export function idsFeatures(catalog: Catalog): IdsFeatures | undefined {
  const declared = catalog.features;
  if (declared === undefined) return undefined;
  const none = (name: string) => (declared[name]?.type === 'boolean' ? false : 0);
  const products = Object.entries(catalog.products).map(([key, product]) => {
    if (product.adds !== undefined) {
      const adds = Object.entries(product.adds).filter(([, value]) => value !== 0);
      return [key, { adds: sorted(adds) as Record<string, number | typeof UNLIMITED> }] as [
        string,
        IdsFeatures['products'][string],
      ];
    }
    const named = product.features ?? {};
    // own keys only: a feature named "constructor" that a product does not name is not Object's constructor
    const includes = Object.keys(declared).map(
      (name) =>
        [name, Object.hasOwn(named, name) ? named[name] : none(name)] as [
          string,
          boolean | number | typeof UNLIMITED,
        ],
    );
    return [key, { includes: sorted(includes) }] as [string, IdsFeatures['products'][string]];
  });
  const declarations = Object.entries(declared).map(([name, { type, description }]) => [
    name,
    description === undefined ? { type } : { type, description },
  ]) as [string, IdsFeatures['declared'][string]][];
  return { declared: sorted(declarations), products: sorted(products) };
}
