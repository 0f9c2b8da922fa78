// Both sides are brought to one shape before comparing, so that Paddle's defaults and its
// null-vs-absent never show up as a change (the perpetual diff users of neighbouring tools hit).

import { DEFAULT_QUANTITY, DEFAULT_TAX_MODE } from '../paddle-facts/prices.js';
import { readMarker, type StartedMove, userCustomData } from './marker.js';
import type { RemoteMoney, RemoteOverride, RemotePrice, RemoteTrialPeriod } from './remote.js';
import type { PriceState, ProductState, TrialState } from './types.js';

/** "0100" and "100" are one amount; currency codes compare upper-case. */
export function money(m: RemoteMoney): RemoteMoney {
  return { amount: m.amount.replace(/^0+(?=\d)/, ''), currency_code: m.currency_code.toUpperCase() };
}

/** Order carries no meaning in overrides or their country lists, so both are sorted. */
function overrides(list: readonly RemoteOverride[] | null | undefined): RemoteOverride[] {
  return (list ?? [])
    .map((o) => ({
      country_codes: o.country_codes.map((c) => c.toUpperCase()).sort(),
      unit_price: money(o.unit_price),
    }))
    .sort((a, b) => a.country_codes.join(',').localeCompare(b.country_codes.join(',')));
}

const emptyToNull = (text: string | null | undefined): string | null => (text ? text : null);

function trial(t: RemoteTrialPeriod | null | undefined): TrialState | null {
  if (!t) return null;
  return {
    interval: t.interval,
    frequency: t.frequency,
    unit_price: t.unit_price ? money(t.unit_price) : null,
    unit_price_overrides: overrides(t.unit_price_overrides),
    // only an explicit false makes a trial cardless (Paddle's default is true)
    requires_payment_method: t.requires_payment_method !== false,
  };
}

/** The product fields the catalog and Paddle share (optional on one side, nullable on the other). */
type ProductFields = {
  name: string;
  tax_category: string;
  description?: string | null;
  image_url?: string | null;
  custom_data?: Record<string, unknown> | null;
};

/** The price fields the catalog and Paddle share. */
type PriceFields = {
  description: string;
  unit_price: RemoteMoney;
  name?: string | null;
  billing_cycle?: RemotePrice['billing_cycle'] | undefined;
  trial_period?: RemoteTrialPeriod | null;
  unit_price_overrides?: readonly RemoteOverride[] | null;
  quantity?: RemotePrice['quantity'] | undefined;
  tax_mode?: string | null;
  custom_data?: Record<string, unknown> | null;
};

/** A product of the catalog or of the account, in the one shape the diff compares. */
export function productState(product: ProductFields): ProductState {
  return {
    name: product.name,
    tax_category: product.tax_category,
    description: emptyToNull(product.description),
    image_url: emptyToNull(product.image_url),
    custom_data: userCustomData(product.custom_data),
  };
}

/** A price of the catalog or of the account, in the one shape the diff compares. */
export function priceState(price: PriceFields): PriceState {
  return {
    description: price.description,
    name: emptyToNull(price.name),
    unit_price: money(price.unit_price),
    billing_cycle: price.billing_cycle ? { ...price.billing_cycle } : null,
    trial_period: trial(price.trial_period),
    unit_price_overrides: overrides(price.unit_price_overrides),
    quantity: price.quantity ? { ...price.quantity } : { ...DEFAULT_QUANTITY },
    tax_mode: price.tax_mode ?? DEFAULT_TAX_MODE,
    custom_data: userCustomData(price.custom_data),
    ...startedOn(price.custom_data),
  };
}

/** The moves an apply recorded on the account's price; a catalog's price has none (diff.ts adds them). */
function startedOn(customData: Record<string, unknown> | null | undefined): {
  moves_started?: StartedMove[];
} {
  const moves = readMarker(customData)?.moves;
  return moves ? { moves_started: moves } : {};
}
