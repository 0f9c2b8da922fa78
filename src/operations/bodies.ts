// Plan → request bodies (wire names). Creates send only what differs from Paddle's defaults;
// updates send only the top-level fields the plan found different (Paddle replaces a sent
// object or list wholesale, so a touched field is always sent whole).

import { DEFAULT_QUANTITY, DEFAULT_TAX_MODE } from '../paddle-facts/prices.js';
import { featureCustomData, wireFields } from '../planner/features.js';
import { touchedFields } from '../planner/field-diff.js';
import { type Marker, withMarker } from '../planner/marker.js';
import type {
  CustomData,
  DiscountWrite,
  PriceWrite,
  ProductWrite,
  RemoteTrialPeriod,
} from '../planner/remote.js';
import type { DiscountState, FieldChange, PriceState, ProductState, TrialState } from '../planner/types.js';

function without<T extends object>(body: T, drop: (key: string, value: unknown) => boolean): T {
  return Object.fromEntries(Object.entries(body).filter(([k, v]) => !drop(k, v))) as T;
}

function pick<T extends object>(body: T, keys: string[]): T {
  return Object.fromEntries(Object.entries(body).filter(([k]) => keys.includes(k))) as T;
}

/** The wire fields: features go back into custom_data, beside the user's keys and the marker. */
function productFields(marker: Marker, desired: ProductState): ProductWrite {
  const { features: _features, feature_adds: _adds, ...fields } = desired;
  return { ...fields, custom_data: withMarker(featureCustomData(desired), marker) };
}

export function productCreateBody(marker: Marker, desired: ProductState): ProductWrite {
  return without(productFields(marker, desired), (_k, v) => v === null);
}

function trialBody(trial: TrialState | null): RemoteTrialPeriod | null {
  if (!trial) return null;
  const body: RemoteTrialPeriod = { interval: trial.interval, frequency: trial.frequency };
  if (trial.unit_price) body.unit_price = trial.unit_price;
  if (trial.unit_price_overrides.length > 0) body.unit_price_overrides = trial.unit_price_overrides;
  // true is Paddle's default; sending it would need the cardless early access on some accounts
  if (!trial.requires_payment_method) body.requires_payment_method = false;
  return body;
}

/** The moves started on a price are no field of Paddle's: they go into the marker in custom_data. */
function priceFields(marker: Marker, desired: PriceState): PriceWrite {
  const { moves_started: moves, ...fields } = desired;
  return {
    ...fields,
    trial_period: trialBody(desired.trial_period),
    custom_data: withMarker(desired.custom_data, moves ? { ...marker, moves } : marker) as CustomData,
  };
}

/** A change to the moves started is written as custom_data, where the marker keeps them. */
const priceWireFields = (fields: readonly FieldChange[]) => [
  ...new Set(touchedFields(fields).map((f) => (f === 'moves_started' ? 'custom_data' : f))),
];

export function priceCreateBody(marker: Marker, desired: PriceState, productId: string): PriceWrite {
  const isDefault = (k: string, v: unknown) =>
    v === null ||
    (k === 'unit_price_overrides' && Array.isArray(v) && v.length === 0) ||
    (k === 'tax_mode' && v === DEFAULT_TAX_MODE) ||
    (k === 'quantity' && JSON.stringify(v) === JSON.stringify(DEFAULT_QUANTITY));
  return { product_id: productId, ...without(priceFields(marker, desired), isDefault) };
}

export function productUpdateBody(
  marker: Marker,
  desired: ProductState,
  fields: FieldChange[],
): ProductWrite {
  return pick(productFields(marker, desired), wireFields(touchedFields(fields)));
}

export function priceUpdateBody(marker: Marker, desired: PriceState, fields: FieldChange[]): PriceWrite {
  return pick(priceFields(marker, desired), priceWireFields(fields));
}

/** Adoption stamps the marker: custom_data is always sent (the catalog's data plus the marker). */
export function productAdoptBody(marker: Marker, desired: ProductState, fields: FieldChange[]): ProductWrite {
  return pick(productFields(marker, desired), ['custom_data', ...wireFields(touchedFields(fields))]);
}

export function priceAdoptBody(marker: Marker, desired: PriceState, fields: FieldChange[]): PriceWrite {
  return pick(priceFields(marker, desired), ['custom_data', ...priceWireFields(fields)]);
}

/**
 * restrict_to and the group stay as catalog keys here (the group in Paddle's discount_group_id):
 * compile.ts turns each into an id or a reference.
 */
function discountFields(marker: Marker, desired: DiscountState): DiscountWrite {
  const { discount_group, ...rest } = desired;
  const group = discount_group === undefined ? {} : { discount_group_id: discount_group };
  return { ...rest, ...group, custom_data: withMarker(desired.custom_data, marker) };
}

/** The wire names of the discount fields a plan changed (its group is Paddle's discount_group_id). */
const discountWireFields = (fields: FieldChange[]) =>
  touchedFields(fields).map((field) => (field === 'discount_group' ? 'discount_group_id' : field));

/** Paddle's defaults (no code, checkout enabled, not recurring) are left out of a create. */
export function discountCreateBody(marker: Marker, desired: DiscountState): DiscountWrite {
  return without(
    discountFields(marker, desired),
    (k, v) => v === null || (k === 'enabled_for_checkout' && v === true) || (k === 'recur' && v === false),
  );
}

export function discountUpdateBody(
  marker: Marker,
  desired: DiscountState,
  fields: FieldChange[],
): DiscountWrite {
  return pick(discountFields(marker, desired), discountWireFields(fields));
}

export function discountAdoptBody(
  marker: Marker,
  desired: DiscountState,
  fields: FieldChange[],
): DiscountWrite {
  return pick(discountFields(marker, desired), ['custom_data', ...discountWireFields(fields)]);
}
