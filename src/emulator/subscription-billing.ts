// What a subscription bills, in Paddle's preview shapes (OpenAPI `subscription_next_transaction`,
// `subscription_recurring_transaction_details`, `update_summary`). The emulator keeps no addresses,
// so it charges no tax on subscriptions (tax_rate "0"); real Paddle taxes by the customer's address.
//
// How a change to items is billed, as the emulator reads Paddle's proration guide
// (developer.paddle.com/concepts/subscriptions/proration): prorated modes credit the unused part
// of the current period for the old items and charge it for the new ones; full modes charge the
// full price of what was added (new items and added quantity) and credit nothing; do_not_bill
// neither. Paddle computes its own amounts: these are the emulator's.
import { completeTotals } from './transaction-shape.js';
import type { WireRecord } from './types.js';

/** A price's unit amount in `currency`: the base price, or an override in that currency. */
export function unitAmountIn(price: WireRecord, currency: string): bigint {
  if (price.unit_price?.currency_code === currency) return BigInt(price.unit_price.amount);
  const override = (price.unit_price_overrides ?? []).find(
    (o: WireRecord) => o.unit_price?.currency_code === currency,
  );
  return BigInt(override?.unit_price.amount ?? price.unit_price?.amount ?? '0');
}

interface Proration {
  /** the share of the period that is left, e.g. "0.5" */
  rate: string;
  billing_period: { starts_at: string; ends_at: string };
}

/** One line: `amount` is what the line bills before tax (already prorated). */
interface Line {
  item: WireRecord;
  amount: bigint;
  proration: Proration | null;
}

const ZERO_TAX = '0';

function lineItem(line: Line, currency: string): WireRecord {
  const amount = String(line.amount);
  const totals = { subtotal: amount, discount: '0', tax: '0', total: amount };
  const unit = unitAmountIn(line.item.price, currency);
  return {
    // "null for custom prices being previewed" (OpenAPI transaction_preview_line_item.price_id)
    price_id: line.item.price.id ?? null,
    quantity: line.item.quantity,
    tax_rate: ZERO_TAX,
    unit_totals: { subtotal: String(unit), discount: '0', tax: '0', total: String(unit) },
    totals,
    product: line.item.product,
    proration: line.proration,
  };
}

/** Preview details (tax rates, totals, line items) of `lines`, less `credit` from the grand total. */
export function previewDetails(lines: Line[], currency: string, credit = 0n): WireRecord {
  const subtotal = lines.reduce((sum, line) => sum + line.amount, 0n);
  const applied = credit > subtotal ? subtotal : credit;
  const totals = completeTotals({ subtotal: String(subtotal), credit: String(applied) }, 'billed', currency);
  const sum = { subtotal: totals.subtotal, discount: '0', tax: '0', total: totals.total };
  return {
    tax_rates_used: lines.length > 0 ? [{ tax_rate: ZERO_TAX, totals: sum }] : [],
    totals,
    line_items: lines.map((line) => lineItem(line, currency)),
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
export function remainingShare(period: WireRecord | null, nowMs: number): bigint {
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
  /** the lines the change bills, and the credit for the old items' unused time */
  charge: Line[];
  credit: bigint;
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
  if (mode === 'do_not_bill') return { charge: [], credit: 0n };
  if (mode.startsWith('full_')) return { charge: addedLines(before, after, currency), credit: 0n };
  const period = subscription.current_billing_period as WireRecord | null;
  const share = remainingShare(period, nowMs);
  if (!period || share === 0n) return { charge: [], credit: 0n };
  const credit = prorated(recurringLines(before, currency), share, period).reduce((s, l) => s + l.amount, 0n);
  return { charge: prorated(recurringLines(after, currency), share, period), credit };
}

/** Paddle's update_summary: the credit, the charge, and which of them is left over. */
export function updateSummary(bill: ChangeBill, currency: string): WireRecord {
  const charge = bill.charge.reduce((sum, line) => sum + line.amount, 0n);
  const net = charge - bill.credit;
  return {
    credit: { amount: String(bill.credit), currency_code: currency },
    charge: { amount: String(charge), currency_code: currency },
    result: {
      action: net >= 0n ? 'charge' : 'credit',
      amount: String(net >= 0n ? net : -net),
      currency_code: currency,
    },
  };
}
