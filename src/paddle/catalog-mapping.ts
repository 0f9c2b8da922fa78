// Between the wire/our types and the SDK's camelCase classes. Responses are picked field by
// field so that nothing the SDK (or a newer API) adds leaks into the planner.
import type {
  CreateDiscountRequestBody,
  CreatePriceRequestBody,
  CreateProductRequestBody,
  Discount,
  Price,
  Product,
  UpdateDiscountRequestBody,
  UpdatePriceRequestBody,
  UpdateProductRequestBody,
} from '@paddle/paddle-node-sdk';
import { DISCOUNT_STATUSES } from '../paddle-facts/statuses.js';
import type {
  CustomData,
  DiscountStatus,
  DiscountWrite,
  PriceWrite,
  ProductWrite,
  RemoteDiscount,
  RemoteMoney,
  RemoteOverride,
  RemotePrice,
  RemoteProduct,
  RemoteStatus,
  RemoteTrialPeriod,
} from '../planner/remote.js';

type Json = Record<string, unknown>;

const asStatus = (value: unknown): RemoteStatus => (value === 'archived' ? 'archived' : 'active');
const asDiscountStatus = (value: unknown): DiscountStatus =>
  (DISCOUNT_STATUSES as readonly unknown[]).includes(value) ? (value as DiscountStatus) : 'active';
const asString = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const asObject = (value: unknown): Json | null =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : null;

function money(value: unknown): RemoteMoney {
  const m = asObject(value) ?? {};
  return { amount: String(m.amount ?? ''), currency_code: String(m.currency_code ?? '') };
}

function overrides(value: unknown): RemoteOverride[] {
  if (!Array.isArray(value)) return [];
  return value.map((item) => {
    const o = asObject(item) ?? {};
    return {
      country_codes: Array.isArray(o.country_codes) ? o.country_codes.map(String) : [],
      unit_price: money(o.unit_price),
    };
  });
}

function trial(value: unknown): RemoteTrialPeriod | null {
  const t = asObject(value);
  if (!t) return null;
  return {
    interval: String(t.interval),
    frequency: Number(t.frequency),
    unit_price: t.unit_price ? money(t.unit_price) : null,
    unit_price_overrides: overrides(t.unit_price_overrides),
    requires_payment_method:
      typeof t.requires_payment_method === 'boolean' ? t.requires_payment_method : null,
  };
}

/**
 * Whether a product or price is part of the catalog. A `type: custom` one is made for one
 * checkout: Paddle leaves it out of its lists and dashboard, and the tool never sees it, so it is
 * never exported, deduped, pruned or taken for a look-alike.
 */
export const isCatalogItem = (json: Json): boolean => json.type !== 'custom';

/** A price as the API sends it (snake_case JSON, trial unit_price included). */
export function priceFromWire(json: Json): RemotePrice {
  const cycle = asObject(json.billing_cycle);
  const quantity = asObject(json.quantity);
  return {
    id: String(json.id),
    product_id: String(json.product_id),
    description: String(json.description ?? ''),
    name: asString(json.name),
    unit_price: money(json.unit_price),
    billing_cycle: cycle ? { interval: String(cycle.interval), frequency: Number(cycle.frequency) } : null,
    trial_period: trial(json.trial_period),
    unit_price_overrides: overrides(json.unit_price_overrides),
    quantity: quantity ? { minimum: Number(quantity.minimum), maximum: Number(quantity.maximum) } : null,
    tax_mode: asString(json.tax_mode),
    custom_data: asObject(json.custom_data),
    status: asStatus(json.status),
    created_at: asString(json.created_at),
  };
}

export function productFromWire(json: Json): RemoteProduct {
  return {
    id: String(json.id),
    name: String(json.name ?? ''),
    tax_category: String(json.tax_category ?? ''),
    description: asString(json.description),
    image_url: asString(json.image_url),
    custom_data: asObject(json.custom_data),
    status: asStatus(json.status),
    created_at: asString(json.created_at),
    prices: Array.isArray(json.prices)
      ? (json.prices as Json[]).filter(isCatalogItem).map((p) => priceFromWire(p))
      : [],
  };
}

const asCount = (value: unknown): number | null => (typeof value === 'number' ? value : null);

/** A discount as the API sends it. */
export function discountFromWire(json: Json): RemoteDiscount {
  return {
    id: String(json.id),
    description: String(json.description ?? ''),
    type: String(json.type ?? ''),
    amount: String(json.amount ?? ''),
    currency_code: asString(json.currency_code),
    code: asString(json.code),
    enabled_for_checkout: json.enabled_for_checkout !== false,
    recur: json.recur === true,
    maximum_recurring_intervals: asCount(json.maximum_recurring_intervals),
    usage_limit: asCount(json.usage_limit),
    restrict_to: Array.isArray(json.restrict_to) ? json.restrict_to.map(String) : null,
    expires_at: asString(json.expires_at),
    discount_group_id: asString(json.discount_group_id),
    custom_data: asObject(json.custom_data),
    status: asDiscountStatus(json.status),
    created_at: asString(json.created_at),
  };
}

export function discountFromSdk(discount: Discount): RemoteDiscount {
  return {
    id: discount.id,
    description: discount.description,
    type: discount.type,
    amount: discount.amount,
    currency_code: discount.currencyCode,
    code: discount.code,
    enabled_for_checkout: discount.enabledForCheckout,
    recur: discount.recur,
    maximum_recurring_intervals: discount.maximumRecurringIntervals,
    usage_limit: discount.usageLimit,
    restrict_to: discount.restrictTo ? [...discount.restrictTo] : null,
    expires_at: discount.expiresAt,
    discount_group_id: discount.discountGroupId ?? null,
    custom_data: discount.customData as CustomData | null,
    status: asDiscountStatus(discount.status),
    created_at: asString(discount.createdAt),
  };
}

export function productFromSdk(product: Product): RemoteProduct {
  return {
    id: product.id,
    name: product.name,
    tax_category: product.taxCategory,
    description: product.description,
    image_url: product.imageUrl,
    custom_data: product.customData as CustomData | null,
    status: asStatus(product.status),
    created_at: asString(product.createdAt),
    prices: (product.prices ?? []).map(priceFromSdk),
  };
}

/** Note: the SDK has already dropped a paid trial's unit_price here (so raw-api.ts reads paid trials). */
export function priceFromSdk(price: Price): RemotePrice {
  return {
    id: price.id,
    product_id: price.productId,
    description: price.description,
    name: price.name,
    unit_price: { amount: price.unitPrice.amount, currency_code: price.unitPrice.currencyCode },
    billing_cycle: price.billingCycle
      ? { interval: price.billingCycle.interval, frequency: price.billingCycle.frequency }
      : null,
    trial_period: price.trialPeriod
      ? {
          interval: price.trialPeriod.interval,
          frequency: price.trialPeriod.frequency,
          requires_payment_method: price.trialPeriod.requiresPaymentMethod ?? null,
        }
      : null,
    unit_price_overrides: price.unitPriceOverrides.map((o) => ({
      country_codes: [...o.countryCodes],
      unit_price: { amount: o.unitPrice.amount, currency_code: o.unitPrice.currencyCode },
    })),
    quantity: { minimum: price.quantity.minimum, maximum: price.quantity.maximum },
    tax_mode: price.taxMode,
    custom_data: price.customData as CustomData | null,
    status: asStatus(price.status),
    created_at: asString(price.createdAt),
  };
}

// The SDK's request types use enums for strings our catalog has already validated.
// biome-ignore lint/suspicious/noExplicitAny: narrowing validated strings to SDK enum types
type Loose = any;

const sdkMoney = (m: RemoteMoney): Loose => ({ amount: m.amount, currencyCode: m.currency_code });
const sdkOverrides = (list: RemoteOverride[]): Loose =>
  list.map((o) => ({ countryCodes: o.country_codes, unitPrice: sdkMoney(o.unit_price) }));

/** Copies only the keys that are present: in a PATCH an absent key means "leave it alone". */
function defined<T extends object>(entries: [string, unknown][]): T {
  return Object.fromEntries(entries.filter(([, v]) => v !== undefined)) as T;
}

export function productToSdk(body: ProductWrite): CreateProductRequestBody & UpdateProductRequestBody {
  return defined([
    ['name', body.name],
    ['taxCategory', body.tax_category],
    ['description', body.description],
    ['imageUrl', body.image_url],
    ['customData', body.custom_data],
    ['status', body.status],
  ]);
}

/** Only for prices without a paid trial: the SDK has no field for trial_period.unit_price. */
export function priceToSdk(body: PriceWrite): CreatePriceRequestBody & UpdatePriceRequestBody {
  const t = body.trial_period;
  return defined([
    ['productId', body.product_id],
    ['description', body.description],
    ['name', body.name],
    ['unitPrice', body.unit_price && sdkMoney(body.unit_price)],
    ['billingCycle', body.billing_cycle],
    [
      'trialPeriod',
      t &&
        defined([
          ['interval', t.interval],
          ['frequency', t.frequency],
          ['requiresPaymentMethod', t.requires_payment_method ?? undefined],
        ]),
    ],
    ['unitPriceOverrides', body.unit_price_overrides && sdkOverrides(body.unit_price_overrides)],
    ['quantity', body.quantity],
    ['taxMode', body.tax_mode],
    ['customData', body.custom_data],
    ['status', body.status],
  ]);
}

export function discountToSdk(body: DiscountWrite): CreateDiscountRequestBody & UpdateDiscountRequestBody {
  return defined([
    ['description', body.description],
    ['type', body.type],
    ['amount', body.amount],
    ['currencyCode', body.currency_code],
    ['code', body.code],
    ['enabledForCheckout', body.enabled_for_checkout],
    ['recur', body.recur],
    ['maximumRecurringIntervals', body.maximum_recurring_intervals],
    ['usageLimit', body.usage_limit],
    ['restrictTo', body.restrict_to],
    ['expiresAt', body.expires_at],
    ['discountGroupId', body.discount_group_id],
    ['customData', body.custom_data],
    ['status', body.status],
  ]);
}
