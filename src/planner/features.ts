// Features in the account: a product's `features:` and an add-on's `adds:` are kept in its custom_data
// (`features`, `feature_adds`: src/catalog/features-schema.ts), where Paddle suggests keeping a list of
// features (https://developer.paddle.com/changelog/2023/custom-data-products-prices). In a catalog
// that declares features the two entries are the tool's: the plan compares them as fields of their
// own (`features.seats 10 → 20`) and the writes put them back into custom_data beside the user's
// keys and the marker. A catalog that declares none leaves them as the user's own data.
import {
  FEATURE_ADDS_FIELD,
  FEATURES_FIELD,
  type FeatureMap,
  type FeatureValue,
  includedFeatures,
  UNLIMITED,
} from '../catalog/features-schema.js';
import type { CatalogProduct } from '../catalog/schema.js';
import { keptCustomData } from './marker.js';
import { productState } from './normalize.js';
import type { CustomData, RemoteProduct } from './remote.js';
import type { Change, ProductChange, ProductState } from './types.js';

/** The two custom_data entries, as the plan compares them (null: the entry is absent). */
export interface FeatureFields {
  features: FeatureMap | null;
  feature_adds: FeatureMap | null;
}

/** The features a catalog product asks for. */
function wantedFeatures(product: Pick<CatalogProduct, 'features' | 'adds'>): FeatureFields {
  return { features: includedFeatures(product.features), feature_adds: includedFeatures(product.adds) };
}

const isFeatureValue = (value: unknown): value is FeatureValue =>
  typeof value === 'boolean' ||
  value === UNLIMITED ||
  (typeof value === 'number' && Number.isInteger(value) && value >= 0);

/**
 * The two entries as the account has them, read as the catalog writes them: a `false` or 0 (as in
 * Paddle's own sample payloads, `sso: false`) is "not included", the same as absent. A value that is
 * not a map of feature values (someone wrote a list by hand) is kept as it is, so the plan shows it
 * replaced rather than taking it for "none".
 */
function remoteFeatures(customData: CustomData | null | undefined): FeatureFields {
  const read = (field: string) => {
    const value = customData?.[field] ?? null;
    const isMap = typeof value === 'object' && value !== null && !Array.isArray(value);
    return isMap && Object.values(value).every(isFeatureValue)
      ? includedFeatures(value as Record<string, FeatureValue>)
      : (value as FeatureMap | null);
  };
  return { features: read(FEATURES_FIELD), feature_adds: read(FEATURE_ADDS_FIELD) };
}

/** The user's custom_data without the two entries (null when nothing is left). */
function withoutFeatures(customData: CustomData | null): CustomData | null {
  if (customData === null) return null;
  const { [FEATURES_FIELD]: _features, [FEATURE_ADDS_FIELD]: _adds, ...rest } = customData;
  return Object.keys(rest).length === 0 ? null : rest;
}

/** A product's state with its features as fields of their own, out of its custom_data. */
function withFeatureFields(state: ProductState, fields: FeatureFields): ProductState {
  return { ...state, custom_data: withoutFeatures(state.custom_data), ...fields };
}

/** The user's custom_data with the product's features put back: what is written beside the marker. */
export function featureCustomData(state: ProductState): CustomData | null {
  if (state.features === undefined) return state.custom_data;
  const entries = [
    [FEATURES_FIELD, state.features],
    [FEATURE_ADDS_FIELD, state.feature_adds],
  ].filter(([, value]) => value !== null && value !== undefined);
  const data = { ...(state.custom_data ?? {}), ...Object.fromEntries(entries) };
  return Object.keys(data).length === 0 ? null : data;
}

/** The wire fields a set of touched state fields is written through: features go in custom_data. */
export function wireFields(touched: readonly string[]): string[] {
  const feature = (field: string) => field === FEATURES_FIELD || field === FEATURE_ADDS_FIELD;
  const wire = touched.map((field) => (feature(field) ? 'custom_data' : field));
  return [...new Set(wire)];
}

/**
 * A product as the catalog wants it (`desired`) and as the account has it (`current`), in the shapes
 * the diff compares: the object's own custom_data stays unless the catalog writes custom_data out
 * (keptCustomData), and with `managed` (the catalog declares features) the features are fields apart.
 */
export function productStates(
  wanted: CatalogProduct,
  remote: RemoteProduct | undefined,
  managed: boolean,
): { desired: ProductState; current?: ProductState } {
  const own = productState(wanted);
  const desired = remote
    ? { ...own, custom_data: keptCustomData(wanted.custom_data, remote.custom_data) }
    : own;
  const current = remote ? productState(remote) : undefined;
  if (!managed) return { desired, current };
  return {
    desired: withFeatureFields(desired, wantedFeatures(wanted)),
    current: current && withFeatureFields(current, remoteFeatures(remote?.custom_data)),
  };
}

/** A field path of the features: `features`, `features.seats`, `feature_adds.seats`. */
export const isFeaturePath = (path: string) => /^(features|feature_adds)(\.|$)/.test(path);

/** A product change that changes what an existing product includes (or an add-on adds). */
export function changesFeatures(change: Change): change is ProductChange & { id: string } {
  return (
    change.kind === 'product' && change.id !== undefined && change.fields.some((f) => isFeaturePath(f.path))
  );
}

/**
 * What a product's features were before the change: its wanted ones with each changed feature's
 * `before` put back (a value that was no map, kept as it was).
 */
export function featuresBefore(change: ProductChange, field: keyof FeatureFields): unknown {
  const now = change.desired?.[field] ?? null;
  const whole = change.fields.find((f) => f.path === field);
  if (whole) return whole.before;
  if (change.action === 'create') return null;
  // a Map: a name from the account such as "__proto__" is a feature, never the object's prototype
  const before = new Map<string, unknown>(Object.entries(now ?? {}));
  for (const f of change.fields) {
    if (!f.path.startsWith(`${field}.`)) continue;
    const name = f.path.slice(field.length + 1);
    if (f.before === null || f.before === undefined) before.delete(name);
    else before.set(name, f.before);
  }
  return now === null && before.size === 0 ? null : Object.fromEntries(before);
}
