// export reads a product's features back out of its custom_data (src/planner/features.ts): `features`
// becomes the product's `features:`, `feature_adds` an add-on's `adds:`, and each feature found is
// declared with the type its values show. Paddle keeps no description and no feature that no product
// includes, so neither can come back. Values of another shape stay in custom_data, as found.
import {
  FEATURE_ADDS_FIELD,
  FEATURES_FIELD,
  type FeatureType,
  UNLIMITED,
} from '../catalog/features-schema.js';
import { type CatalogProduct, KEY_PATTERN } from '../catalog/schema.js';

type Declarations = Record<string, { type: FeatureType }>;
type Values = Record<string, true | number | typeof UNLIMITED>;

const isPlain = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// `false` and 0 are read as Paddle's own sample payloads write them (`sso: false`): not included,
// so declared but left out of the product's values, as the tool writes it.
const typeOf = (value: unknown): FeatureType | undefined => {
  if (typeof value === 'boolean') return 'boolean';
  const limit = value === UNLIMITED || (typeof value === 'number' && Number.isInteger(value) && value >= 0);
  return limit ? 'limit' : undefined;
};

/** The entry as a product's values, when every name is a key and every value one of a feature. */
function valuesOf(entry: unknown, adds: boolean): Record<string, Values[string] | false> | undefined {
  if (!isPlain(entry)) return undefined;
  const valid = Object.entries(entry).every(([name, value]) => {
    const type = typeOf(value);
    return KEY_PATTERN.test(name) && type !== undefined && (!adds || type === 'limit');
  });
  return valid ? (entry as Record<string, Values[string] | false>) : undefined;
}

/** What a product includes of `values`: those not false or 0. */
const includedOf = (values: Record<string, Values[string] | false>): Values =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value !== false && value !== 0)) as Values;

/** Adds each value's type to `declared`; false when a name already has the other type. */
function declare(declared: Declarations, values: Record<string, Values[string] | false>): boolean {
  return Object.entries(values).every(([name, value]) => {
    const type = typeOf(value) as FeatureType;
    const seen = Object.hasOwn(declared, name) ? declared[name]?.type : undefined;
    declared[name] = { type };
    return seen === undefined || seen === type;
  });
}

/** One product with its features out of custom_data, or unchanged when they are not features. */
function lift(product: CatalogProduct, declared: Declarations): CatalogProduct | undefined {
  const data = product.custom_data;
  if (data === undefined) return product;
  const features = valuesOf(data[FEATURES_FIELD], false);
  const adds = valuesOf(data[FEATURE_ADDS_FIELD], true);
  if (features === undefined && adds === undefined) return product;
  if ((features && !declare(declared, features)) || (adds && !declare(declared, adds))) return undefined;
  const { [FEATURES_FIELD]: _features, [FEATURE_ADDS_FIELD]: _adds, ...rest } = data;
  const { custom_data: _data, prices, ...fields } = product;
  return {
    ...fields,
    ...(Object.keys(rest).length > 0 ? { custom_data: rest } : {}),
    ...(features ? { features: includedOf(features) } : {}),
    ...(adds ? { adds: includedOf(adds) } : {}),
    ...(prices ? { prices } : {}),
  };
}

/**
 * The products with their features read out, and the features they declare; unchanged, with a
 * warning, when one name is a boolean on one product and a limit on another.
 */
export function liftFeatures(products: Record<string, CatalogProduct>): {
  products: Record<string, CatalogProduct>;
  features?: Declarations;
  warning?: string;
} {
  const declared: Declarations = {};
  const lifted: Record<string, CatalogProduct> = {};
  for (const [key, product] of Object.entries(products)) {
    const done = lift(product, declared);
    if (done === undefined) {
      const warning = `product ${key}: a feature in custom_data.${FEATURES_FIELD} is a boolean on one product and a limit on another; features are left in custom_data`;
      return { products, warning };
    }
    lifted[key] = done;
  }
  if (Object.keys(declared).length === 0) return { products };
  const sorted = Object.fromEntries(Object.entries(declared).sort(([a], [b]) => a.localeCompare(b)));
  return { products: lifted, features: sorted };
}
