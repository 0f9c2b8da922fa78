// A seeded transaction in short form ({customer_id, status, collection_mode, currency_code,
// billed_at, details.totals}) expanded to the full shape the SDK reads (items[]
// with price.unit_price and quantity, payments[], details.tax_rates_used[] and line_items[]).
import type { IdFactory } from './ids.js';
import { newPrice } from './routes/prices.js';
import { newProduct } from './routes/products.js';
import type { SeedTransaction, WireRecord } from './types.js';

const PAID = new Set(['paid', 'completed']);
// Paddle pays out only in these (OpenAPI currency_code-payout); others are paid out in USD
const PAYOUT_CURRENCIES = new Set([
  'AUD',
  'CAD',
  'CHF',
  'CNY',
  'CZK',
  'DKK',
  'EUR',
  'GBP',
  'HUF',
  'PLN',
  'SEK',
  'USD',
  'ZAR',
]);
const INVOICED = new Set(['billed', 'paid', 'completed', 'past_due', 'canceled']);

function big(value: string | undefined, fallback: bigint): bigint {
  return value === undefined ? fallback : BigInt(value);
}

/**
 * Paddle's totals: total = subtotal − discount + tax; grand_total = total − credit; balance = due
 * after payments.
 */
export function completeTotals(
  given: Record<string, string>,
  status: string,
  currency: string,
): Record<string, string> {
  const subtotal = big(given.subtotal, 0n);
  const discount = big(given.discount, 0n);
  const tax = big(given.tax, 0n);
  const total = big(given.total, subtotal - discount + tax);
  const credit = big(given.credit, 0n);
  const grandTotal = big(given.grand_total, total - credit);
  const fee = status === 'completed' ? (grandTotal * 5n) / 100n + (grandTotal > 0n ? 50n : 0n) : null;
  return {
    subtotal: String(subtotal),
    tax: String(tax),
    discount: String(discount),
    total: String(total),
    grand_total: String(grandTotal),
    grand_total_tax: String(big(given.grand_total_tax, tax)),
    // biome-ignore lint/suspicious/noExplicitAny: fee and earnings are null until completed
    fee: (given.fee ?? (fee === null ? null : String(fee))) as any,
    // biome-ignore lint/suspicious/noExplicitAny: as above
    earnings: (given.earnings ?? (fee === null ? null : String(grandTotal - tax - fee))) as any,
    credit: String(credit),
    credit_to_balance: given.credit_to_balance ?? '0',
    balance: String(big(given.balance, PAID.has(status) ? 0n : grandTotal)),
    currency_code: currency,
  };
}

interface ExpandContext {
  ids: IdFactory;
  /** the next invoice number, e.g. "325-10001" */
  invoiceNumber(): string;
}

function itemPrice(ids: IdFactory, atMs: number, currency: string, amount: string, at: string): WireRecord {
  const id = ids.next('pri', atMs); // before its product's: the ids the seeds have always had
  const fields = {
    product_id: ids.next('pro', atMs),
    description: 'Monthly subscription',
    name: 'Monthly',
    billing_cycle: { interval: 'month', frequency: 1 },
    unit_price: { amount, currency_code: currency },
  };
  return newPrice(id, fields, at);
}

// the emulator's fee (5% + 50): its rate, as Paddle reports the rate it applied
const FEE_RATE = '0.05';
// one payout currency per transaction: the transaction's own, so no conversion
const SAME_CURRENCY = '1.0';

/** details.adjusted_totals: the totals after adjustments (none here), with Paddle's fields only. */
export function adjustedTotals(totals: Record<string, string>): Record<string, string> {
  const { subtotal, tax, total, grand_total, grand_total_tax, fee, earnings, currency_code } = totals;
  const retained_fee = '0';
  return {
    subtotal,
    tax,
    total,
    grand_total,
    grand_total_tax,
    fee,
    retained_fee,
    earnings,
    currency_code,
  } as Record<string, string>;
}

/**
 * details.payout_totals and adjusted_payout_totals: null until completed; a currency Paddle does
 * not pay out in is reported as not yet converted (null).
 */
export function payoutTotals(status: string, totals: Record<string, string>) {
  if (status !== 'completed' || !PAYOUT_CURRENCIES.has(totals.currency_code as string)) {
    return { payout_totals: null, adjusted_payout_totals: null };
  }
  const { subtotal, tax, total, fee, earnings, currency_code } = totals;
  return {
    payout_totals: { ...totals, exchange_rate: SAME_CURRENCY, fee_rate: FEE_RATE },
    adjusted_payout_totals: {
      subtotal,
      tax,
      total,
      fee,
      retained_fee: '0',
      chargeback_fee: { amount: '0', original: null },
      earnings,
      currency_code,
      exchange_rate: SAME_CURRENCY,
    },
  };
}

export function payments(
  ids: IdFactory,
  atMs: number,
  status: string,
  amount: string,
  at: string,
): WireRecord[] {
  if (status === 'draft' || status === 'ready' || status === 'billed' || status === 'canceled') return [];
  const captured = PAID.has(status);
  return [
    {
      payment_attempt_id: crypto.randomUUID(),
      stored_payment_method_id: crypto.randomUUID(),
      payment_method_id: ids.next('paymtd', atMs),
      amount,
      status: captured ? 'captured' : 'error',
      error_code: captured ? null : 'declined',
      method_details: {
        type: 'card',
        card: {
          type: 'visa',
          last4: '4242',
          expiry_month: 12,
          expiry_year: 2030,
          cardholder_name: 'Demo Customer',
        },
      },
      created_at: at,
      captured_at: captured ? at : null,
    },
  ];
}

// The manual-collection invoice terms Paddle fills in; automatic collection has none.
export function billingDetails(mode: string): WireRecord | null {
  return mode === 'manual'
    ? {
        enable_checkout: false,
        purchase_order_number: '',
        additional_information: null,
        payment_terms: { interval: 'day', frequency: 14 },
      }
    : null;
}

// The details block: one tax rate and one line item carrying the whole subtotal. It draws the
// line item's id, so it must be called where the record's other ids are drawn in order.
function transactionDetails(
  ctx: ExpandContext,
  atMs: number,
  status: string,
  totals: Record<string, string>,
  price: WireRecord,
  createdAt: string,
): WireRecord {
  const rate =
    BigInt(totals.subtotal as string) === 0n
      ? '0'
      : (Number(totals.tax) / Number(totals.subtotal)).toFixed(4);
  const lineTotals = {
    subtotal: totals.subtotal,
    tax: totals.tax,
    discount: totals.discount,
    total: totals.total,
  };
  return {
    tax_rates_used: [{ tax_rate: rate, totals: lineTotals }],
    totals,
    adjusted_totals: adjustedTotals(totals),
    ...payoutTotals(status, totals),
    line_items: [
      {
        id: ctx.ids.next('txnitm', atMs),
        price_id: price.id,
        quantity: 1,
        totals: lineTotals,
        product: newProduct(price.product_id, { name: 'Subscription' }, createdAt),
        tax_rate: rate,
        unit_totals: lineTotals,
      },
    ],
  };
}

export function expandTransaction(seed: SeedTransaction, ctx: ExpandContext): WireRecord {
  if (Array.isArray(seed.items) && Array.isArray(seed.payments)) return structuredClone(seed) as WireRecord;
  const createdAt = seed.created_at ?? seed.billed_at ?? new Date().toISOString();
  const atMs = Date.parse(createdAt);
  const mode = seed.collection_mode ?? 'automatic';
  const totals = completeTotals(seed.details?.totals ?? {}, seed.status, seed.currency_code);
  const price = itemPrice(ctx.ids, atMs, seed.currency_code, totals.subtotal as string, createdAt);
  const billedAt = seed.billed_at ?? null;
  const invoiced = INVOICED.has(seed.status) && billedAt !== null;
  // the ids are drawn in field order (txn, inv, txnitm, paymtd): keep the helpers' calls in place
  return {
    id: seed.id ?? ctx.ids.next('txn', atMs),
    status: seed.status,
    customer_id: seed.customer_id,
    address_id: null,
    business_id: null,
    custom_data: null,
    origin: mode === 'manual' ? 'api' : 'subscription_recurring',
    collection_mode: mode,
    subscription_id: typeof seed.subscription_id === 'string' ? seed.subscription_id : null,
    invoice_id: invoiced ? ctx.ids.next('inv', atMs) : null,
    invoice_number: invoiced ? ctx.invoiceNumber() : null,
    billing_details: billingDetails(mode),
    billing_period: null,
    currency_code: seed.currency_code,
    discount_id: typeof seed.discount_id === 'string' ? seed.discount_id : null,
    created_at: createdAt,
    updated_at: billedAt ?? createdAt,
    billed_at: billedAt,
    revised_at: null,
    items: [{ price, quantity: 1 }],
    details: transactionDetails(ctx, atMs, seed.status, totals, price, createdAt),
    payments: payments(ctx.ids, atMs, seed.status, totals.grand_total as string, billedAt ?? createdAt),
    checkout: { url: null },
  };
}
