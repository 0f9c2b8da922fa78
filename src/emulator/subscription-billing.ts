// What a subscription bills, in Paddle's preview shapes (OpenAPI `subscription_next_transaction`,
// `subscription_recurring_transaction_details`, `update_summary`), taxed where the subscription's
// address is: Paddle taxes a subscription by its address (address_id), so the emulator applies its
// own tax table (preview/rates.ts) for the address's country and the price's tax_mode, as its
// previews do. A subscription whose address the emulator does not hold is taxed nothing.
//
// How a change to items is billed, as the emulator reads Paddle's proration guide
// (developer.paddle.com/concepts/subscriptions/proration): prorated modes credit the unused part
// of the current period for the old items and charge it for the new ones; full modes charge the
// full price of what was added (new items and added quantity) and credit nothing; do_not_bill
// neither. Paddle computes its own amounts: these are the emulator's.
import type { Account, AccountSettings } from './core.js';
import { isInclusive, lineTotals, type Totals, taxRateIn } from './preview/pricing.js';
import { completeTotals } from './transaction-shape.js';
import type { WireRecord } from './types.js';

/** A price's unit amount in `currency`: the base price, or an override in that currency. */
function unitAmountIn(price: WireRecord, currency: string): bigint {
  if (price.unit_price?.currency_code === currency) return BigInt(price.unit_price.amount);
  const override = (price.unit_price_overrides ?? []).find(
    (o: WireRecord) => o.unit_price?.currency_code === currency,
  );
  return BigInt(override?.unit_price.amount ?? price.unit_price?.amount ?? '0');
}

/** Where a subscription is taxed: its address's country (undefined: none held), and the account's settings. */
export interface TaxPlace {
  country: string | undefined;
  settings: AccountSettings;
}

export function taxPlace(account: Account, subscription: WireRecord): TaxPlace {
  const address = account.state.addresses.get(subscription.address_id);
  return { country: address?.country_code, settings: account.settings };
}

interface Proration {
  /** the share of the period that is left, e.g. "0.5" */
  rate: string;
  billing_period: { starts_at: string; ends_at: string };
}

/** One line: `amount` is what the line bills as priced, before tax is added or taken out (already prorated). */
export interface Line {
  item: WireRecord;
  amount: bigint;
  proration: Proration | null;
}

const wire = (t: Totals) => ({
  subtotal: String(t.subtotal),
  discount: String(t.discount),
  tax: String(t.tax),
  total: String(t.total),
});

/** `amount` of `price` taxed in `place` (an inclusive price holds its tax, an exclusive one adds it). */
function taxed(amount: bigint, price: WireRecord, place: TaxPlace): Totals {
  return lineTotals(amount, 0n, taxRateIn(place.country), isInclusive(price, place.country, place.settings));
}

/** What the lines come to with tax: the sum of their totals. */
export function linesTotal(lines: Line[], place: TaxPlace): bigint {
  return lines.reduce((sum, line) => sum + taxed(line.amount, line.item.price, place).total, 0n);
}

/** One line in Paddle's line-item shape; its totals and the unit's, taxed in `place`. */
export function lineItem(line: Line, currency: string, place: TaxPlace): WireRecord {
  const price = line.item.price;
  return {
    // "null for custom prices being previewed" (OpenAPI transaction_preview_line_item.price_id)
    price_id: price.id ?? null,
    quantity: line.item.quantity,
    tax_rate: taxRateIn(place.country),
    unit_totals: wire(taxed(unitAmountIn(price, currency), price, place)),
    totals: wire(taxed(line.amount, price, place)),
    product: line.item.product,
    proration: line.proration,
  };
}

/**
 * Details (tax rates, totals, line items) of `lines` taxed in `place`, less `credit` (a total, tax
 * included) from the grand total; `status` is the transaction's (a preview is `billed`).
 */
export function previewDetails(
  lines: Line[],
  currency: string,
  place: TaxPlace,
  credit = 0n,
  status = 'billed',
): WireRecord {
  const items = lines.map((line) => lineItem(line, currency, place));
  const sum = (field: 'subtotal' | 'tax' | 'total') =>
    String(items.reduce((total, item) => total + BigInt(item.totals[field]), 0n));
  const total = BigInt(sum('total'));
  const applied = credit > total ? total : credit;
  const given = { subtotal: sum('subtotal'), tax: sum('tax'), total: sum('total'), credit: String(applied) };
  const totals = completeTotals(given, status, currency);
  const rateTotals = { subtotal: given.subtotal, discount: '0', tax: given.tax, total: given.total };
  return {
    tax_rates_used: lines.length > 0 ? [{ tax_rate: taxRateIn(place.country), totals: rateTotals }] : [],
    totals,
    line_items: items,
  };
}

/** Each recurring item at its full price for one period. */
export function recurringLines(items: WireRecord[], currency: string): Line[] {
  return items
    .filter((item) => item.recurring)
    .map((item) => ({
      item,
      amount: unitAmountIn(item.price, currency) * BigInt(item.quantity),
      proration: null,
    }));
}

/** The share of the current billing period left at `nowMs`, in millionths (0 outside the period). */
function remainingShare(period: WireRecord | null, nowMs: number): bigint {
  if (!period) return 0n;
  const start = Date.parse(period.starts_at);
  const end = Date.parse(period.ends_at);
  if (!(end > start) || nowMs >= end) return 0n;
  const left = Math.min(end - Math.max(nowMs, start), end - start);
  return BigInt(Math.round((left / (end - start)) * 1_000_000));
}

function prorated(lines: Line[], share: bigint, period: WireRecord): Line[] {
  const proration = {
    rate: (Number(share) / 1_000_000).toFixed(4),
    billing_period: { ...period },
  } as Proration;
  return lines.map((line) => ({ ...line, amount: (line.amount * share) / 1_000_000n, proration }));
}

/** What was added: each new item, and the added quantity of an item kept (at full price). */
function addedLines(before: WireRecord[], after: WireRecord[], currency: string): Line[] {
  return after.flatMap((item) => {
    const old = before.find((b) => b.price.id === item.price.id);
    const added = item.quantity - (old?.quantity ?? 0);
    if (added <= 0) return [];
    return [{ item, amount: unitAmountIn(item.price, currency) * BigInt(added), proration: null }];
  });
}

export interface ChangeBill {
  /** the lines the change bills, and the old items' unused time it credits */
  charge: Line[];
  credit: Line[];
}

/** What changing `before` to `after` bills in `mode` at `nowMs` (see the top of this file). */
export function changeBill(
  subscription: WireRecord,
  after: WireRecord[],
  mode: string,
  nowMs: number,
): ChangeBill {
  const currency = subscription.currency_code as string;
  const before = subscription.items as WireRecord[];
  if (mode === 'do_not_bill') return { charge: [], credit: [] };
  if (mode.startsWith('full_')) return { charge: addedLines(before, after, currency), credit: [] };
  const period = subscription.current_billing_period as WireRecord | null;
  const share = remainingShare(period, nowMs);
  if (!period || share === 0n) return { charge: [], credit: [] };
  const credit = prorated(recurringLines(before, currency), share, period);
  return { charge: prorated(recurringLines(after, currency), share, period), credit };
}

/** Paddle's update_summary: the credit, the charge (tax included), and which of them is left over. */
export function updateSummary(bill: ChangeBill, currency: string, place: TaxPlace): WireRecord {
  const charge = linesTotal(bill.charge, place);
  const credit = linesTotal(bill.credit, place);
  const net = charge - credit;
  return {
    credit: { amount: String(credit), currency_code: currency },
    charge: { amount: String(charge), currency_code: currency },
    result: {
      action: net >= 0n ? 'charge' : 'credit',
      amount: String(net >= 0n ? net : -net),
      currency_code: currency,
    },
  };
}
