// The transaction a subscription's billing period is billed by (origin subscription_recurring), in
// Paddle's shape (OpenAPI `transaction`): a renewal, a trial ending, a resume. Paddle's renewal
// lifecycle (developer.paddle.com/build/lifecycle/subscription-renewal) bills the recurring items
// for the new period; an automatically-collected one is collected at once (completed, or past_due
// with a declined payment where its payment fails), a manually-collected one is issued as an
// invoice (billed). Paying a past-due one completes it (developer.paddle.com/build/lifecycle/
// subscription-renewal-dunning: "Payment recovered successfully").
import type { Account } from './core.js';
import type { IdFactory } from './ids.js';
import { type Line, lineItem, previewDetails, recurringLines, taxPlace } from './subscription-billing.js';
import {
  adjustedTotals,
  billingDetails,
  completeTotals,
  payments,
  payoutTotals,
} from './transaction-shape.js';
import type { WireRecord } from './types.js';

/** The next invoice number of the account: one past the highest it has issued. */
export function invoiceNumbers(account: Account): () => string {
  let last = 10_000;
  for (const t of account.state.transactions.all()) {
    const n = Number(String(t.invoice_number ?? '').split('-')[1]);
    if (Number.isInteger(n) && n > last) last = n;
  }
  return () => `325-${++last}`;
}

/** How a period's bill ends: collected, its payment declined, or issued as an invoice. */
export function billedStatus(subscription: WireRecord, paymentFails: boolean): string {
  if (subscription.collection_mode !== 'automatic') return 'billed';
  return paymentFails ? 'past_due' : 'completed';
}

/** The transaction billing `period` of `subscription`'s recurring items, with `status`. */
export function periodTransaction(
  account: Account,
  ids: IdFactory,
  subscription: WireRecord,
  period: { starts_at: string; ends_at: string },
  invoiceNumber: () => string,
  status: string,
): WireRecord {
  const at = period.starts_at;
  const atMs = Date.parse(at);
  const currency = subscription.currency_code as string;
  const mode = subscription.collection_mode as string;
  const lines: Line[] = recurringLines(subscription.items, currency);
  const place = taxPlace(account, subscription);
  const id = ids.next('txn', atMs);
  const invoiceId = ids.next('inv', atMs);
  const details = previewDetails(lines, currency, place, 0n, status);
  const totals = details.totals as Record<string, string>;
  return {
    id,
    status,
    customer_id: subscription.customer_id,
    address_id: subscription.address_id,
    business_id: subscription.business_id ?? null,
    custom_data: null,
    origin: 'subscription_recurring',
    collection_mode: mode,
    subscription_id: subscription.id,
    invoice_id: invoiceId,
    invoice_number: invoiceNumber(),
    billing_details: subscription.billing_details ?? billingDetails(mode),
    billing_period: { ...period },
    currency_code: currency,
    discount_id: null,
    created_at: at,
    updated_at: at,
    billed_at: at,
    revised_at: null,
    items: lines.map((line) => ({ price: line.item.price, quantity: line.item.quantity, proration: null })),
    details: {
      tax_rates_used: details.tax_rates_used,
      totals,
      adjusted_totals: adjustedTotals(totals),
      ...payoutTotals(status, totals),
      line_items: lines.map((line) => ({ id: ids.next('txnitm', atMs), ...lineItem(line, currency, place) })),
    },
    payments: payments(ids, atMs, status, totals.grand_total as string, at),
    checkout: { url: null },
  };
}

/**
 * The details of `transaction` as they stand at `status`: the amounts as billed, with fee, earnings,
 * balance and payout totals as that status has them (none until completed).
 */
export function detailsAt(transaction: WireRecord, status: string): WireRecord {
  const given = transaction.details.totals as Record<string, string>;
  const fields = ['subtotal', 'discount', 'tax', 'total', 'credit', 'grand_total'] as const;
  const kept = Object.fromEntries(fields.flatMap((f) => (given[f] === undefined ? [] : [[f, given[f]]])));
  const totals = completeTotals(kept, status, transaction.currency_code as string);
  return {
    ...transaction.details,
    totals,
    adjusted_totals: adjustedTotals(totals),
    ...payoutTotals(status, totals),
  };
}

/** `transaction` (past due or billed) paid at `at`: completed, its payment captured, its totals settled. */
export function completeTransaction(ids: IdFactory, transaction: WireRecord, at: string): void {
  // the amounts as billed; fee, earnings and balance follow from completing it
  transaction.details = detailsAt(transaction, 'completed');
  transaction.status = 'completed';
  transaction.updated_at = at;
  const grandTotal = transaction.details.totals.grand_total as string;
  const paid = payments(ids, Date.parse(at), 'completed', grandTotal, at);
  transaction.payments = [...paid, ...((transaction.payments as WireRecord[] | undefined) ?? [])];
}
