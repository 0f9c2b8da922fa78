// Every answer is checked for shape before it is used: a proxy that answers `{"data": null}` must
// not read as an empty account (plan would create everything again), nor an id that is not an id
// end up in a URL path or an ids file. Only the fields the tool reads are checked; Paddle may add
// others. A failed check is `invalid_response`: nothing is written on the strength of it.
import { z } from 'zod';
import { RemoteError } from '../errors.js';
import { type IdPrefix, PADDLE_ID, paddleIdPattern } from '../paddle-facts/ids.js';
import { CATALOG_STATUSES, DISCOUNT_STATUSES } from '../paddle-facts/statuses.js';
import { isLoopbackUrl } from '../text/loopback.js';
import { BAD_RESPONSE } from './remote-error.js';

export const paddleId = (prefix: IdPrefix) =>
  z.string().regex(paddleIdPattern(prefix), `expected a Paddle id (${prefix}_…)`);

const digits = z.string().regex(/^\d+$/, 'expected an amount in the lowest currency unit');
const currency = z.string().regex(/^[A-Z]{3}$/, 'expected a currency code');
const money = z.object({ amount: digits, currency_code: currency });
const duration = z.object({ interval: z.string(), frequency: z.number().int().positive() });
const override = z.object({ country_codes: z.array(z.string()), unit_price: money });
const status = z.enum(CATALOG_STATUSES);
/** Every timestamp the tool reads or passes on (created_at, expires_at, billed_at): RFC 3339, as Paddle sends it. */
const timestamp = z.iso.datetime({ offset: true, error: 'expected an RFC 3339 date-time' });
// absent or null: both read as "none" (Paddle sends null; a proxy or an older API may leave it out)
const customData = z.record(z.string(), z.unknown()).nullish();

export const priceAnswer = z.object({
  id: paddleId('pri'),
  product_id: paddleId('pro'),
  // standard or custom: a custom one is no part of the catalog (isCatalogItem)
  type: z.string().optional(),
  description: z.string(),
  name: z.string().nullish(),
  unit_price: money,
  billing_cycle: duration.nullish(),
  trial_period: duration
    .extend({
      unit_price: money.nullable().optional(),
      unit_price_overrides: z.array(override).nullable().optional(),
      requires_payment_method: z.boolean().nullable().optional(),
    })
    .nullish(),
  unit_price_overrides: z.array(override).nullish(),
  quantity: z.object({ minimum: z.number().int(), maximum: z.number().int() }).nullish(),
  tax_mode: z.string().nullish(),
  custom_data: customData,
  status,
  created_at: timestamp.nullish(),
});

export const productAnswer = z.object({
  id: paddleId('pro'),
  name: z.string(),
  type: z.string().optional(),
  tax_category: z.string(),
  description: z.string().nullish(),
  image_url: z.string().nullish(),
  custom_data: customData,
  status,
  created_at: timestamp.nullish(),
  prices: z.array(priceAnswer).optional(),
});

export const discountAnswer = z.object({
  id: paddleId('dsc'),
  description: z.string(),
  type: z.string(),
  amount: z.string().regex(/^\d+(\.\d+)?$/, 'expected an amount'),
  currency_code: currency.nullable(),
  code: z.string().nullable(),
  enabled_for_checkout: z.boolean(),
  recur: z.boolean(),
  maximum_recurring_intervals: z.number().int().nullable(),
  usage_limit: z.number().int().nullable(),
  restrict_to: z.array(z.string().regex(PADDLE_ID, 'expected a product or price id')).nullable(),
  expires_at: timestamp.nullable(),
  // a discount of an API version before discount groups has none
  discount_group_id: paddleId('dsg').nullish(),
  custom_data: customData,
  status: z.enum(DISCOUNT_STATUSES),
  created_at: timestamp.nullish(),
});

/**
 * A notification setting. Its endpoint_secret_key is in every answer and in no shape of ours:
 * notificationFromWire (destinations.ts) never copies it, and only the secrets file reads it.
 */
export const notificationAnswer = z.object({
  id: paddleId('ntfset'),
  description: z.string(),
  type: z.string(),
  destination: z.string(),
  active: z.boolean(),
  api_version: z.number().int(),
  include_sensitive_fields: z.boolean(),
  traffic_source: z.string(),
  subscribed_events: z.array(z.object({ name: z.string() })),
});

export const discountGroupAnswer = z.object({ id: paddleId('dsg'), name: z.string(), status });

/** A transaction as the billing view reads it (after the SDK's mapping: camelCase). */
/** A subscription as a move reads it (subscriptions-gateway.ts maps the SDK's class into it). */
export const subscriptionAnswer = z.object({
  id: paddleId('sub'),
  status: z.string(),
  currency_code: currency,
  // every item goes back in the PATCH: a missing price id or quantity would drop or change an item
  items: z.array(z.object({ price_id: paddleId('pri'), quantity: z.number().int().positive() })),
  scheduled_change: z.string().nullable(),
  scheduled_at: timestamp.nullable().optional(),
  next_billed_at: timestamp.nullable(),
  customer_id: paddleId('ctm').optional(),
  billing_cycle: z.object({ interval: z.string(), frequency: z.number().int().positive() }).optional(),
  period_starts_at: timestamp.nullable().optional(),
});

/**
 * A list's count: Paddle's `estimated_total`, exact up to 100,000, 100001 above, and -1 where it
 * did not count (https://developer.paddle.com/changelog/2026/estimated-total-change).
 */
export const estimatedTotal = z.number().int().min(-1);

export const transactionAnswer = z.object({
  id: paddleId('txn'),
  status: z.string(),
  customerId: paddleId('ctm').nullable(),
  billedAt: timestamp.nullable(),
  currencyCode: currency.nullable(),
  collectionMode: z.string().nullable(),
  totals: z.object({
    subtotal: z
      .string()
      .regex(/^-?\d+$/)
      .nullable(),
    grandTotal: z
      .string()
      .regex(/^-?\d+$/)
      .nullable(),
    grandTotalTax: z
      .string()
      .regex(/^-?\d+$/)
      .nullable(),
  }),
});

/** Where an invoice PDF may be fetched or opened from: https, or plain http on loopback (the emulator). */
export const invoiceUrl = z.string().refine((text) => {
  if (!URL.canParse(text)) return false;
  const url = new URL(text);
  return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackUrl(url));
}, 'expected an https URL');

/** `what` as the API answered it for `operation`, or an `invalid_response` naming the first problem. */
export function checkAnswer<T>(schema: z.ZodType<T>, value: unknown, what: string, operation: string): T {
  const result = schema.safeParse(value);
  // the answer itself, not zod's copy: custom_data must reach the planner exactly as sent
  if (result.success) return value as T;
  const issue = result.error.issues[0];
  const where = issue?.path.length ? issue.path.join('.') : 'data';
  throw new RemoteError({
    code: BAD_RESPONSE,
    detail: `the answer is not ${what} as Paddle sends it (${where}: ${issue?.message ?? 'unexpected shape'}); nothing was done with it`,
    operation,
  });
}

/** A list answer's `data`: an array (each item checked by `item`), never null or an object. */
export function checkList<T>(item: z.ZodType<T>, value: unknown, what: string, operation: string): T[] {
  return checkAnswer(z.array(item), value, what, operation);
}
