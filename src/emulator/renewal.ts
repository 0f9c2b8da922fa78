// Renewals as the emulator's clock passes a subscription's next_billed_at, as Paddle's renewal
// lifecycle describes them (developer.paddle.com/build/lifecycle/subscription-renewal): the
// subscription and its items get new previously_billed_at and next_billed_at dates and a new
// current_billing_period, and a transaction (origin subscription_recurring) bills the recurring
// items for the new period. An automatically-collected one is collected at once (completed; the
// emulator's payments never fail); a manually-collected one is issued as an invoice (billed).
// Only active subscriptions renew: one scheduled to pause or cancel has no next_billed_at, and the
// emulator does not convert trials or retry past_due ones.
//
// Renewals happen for the time the clock covers while the emulator runs: a next_billed_at already
// past when the emulator starts (or is reset) is left as given, so seeded history stays as seeded.
import type { Account, EmulatorCore } from './core.js';
import type { IdFactory } from './ids.js';
import { type Line, lineItem, previewDetails, recurringLines, taxPlace } from './subscription-billing.js';
import { addCycles } from './subscription-shape.js';
import { adjustedTotals, billingDetails, payments, payoutTotals } from './transaction-shape.js';
import { ACCOUNTS, type WireRecord } from './types.js';

interface Due {
  subscription: WireRecord;
  /** the renewal's time: the next_billed_at it bills from */
  at: string;
}

/** Every renewal of `account` in (fromMs, toMs], oldest first (ties by subscription id). */
function dueRenewals(account: Account, fromMs: number, toMs: number): Due[] {
  const due: Due[] = [];
  for (const subscription of account.state.subscriptions.all()) {
    if (subscription.status !== 'active' || typeof subscription.next_billed_at !== 'string') continue;
    let at = subscription.next_billed_at;
    while (Date.parse(at) > fromMs && Date.parse(at) <= toMs) {
      due.push({ subscription, at });
      at = addCycles(at, subscription.billing_cycle);
    }
  }
  return due.sort(
    (a, b) => Date.parse(a.at) - Date.parse(b.at) || a.subscription.id.localeCompare(b.subscription.id),
  );
}

/** The next invoice number of the account: one past the highest it has issued. */
function invoiceNumbers(account: Account): () => string {
  let last = 10_000;
  for (const t of account.state.transactions.all()) {
    const n = Number(String(t.invoice_number ?? '').split('-')[1]);
    if (Number.isInteger(n) && n > last) last = n;
  }
  return () => `325-${++last}`;
}

/** The renewal's transaction, in Paddle's shape (OpenAPI `transaction`). */
function renewalTransaction(
  account: Account,
  ids: IdFactory,
  subscription: WireRecord,
  period: { starts_at: string; ends_at: string },
  invoiceNumber: () => string,
): WireRecord {
  const at = period.starts_at;
  const atMs = Date.parse(at);
  const currency = subscription.currency_code as string;
  const mode = subscription.collection_mode as string;
  const status = mode === 'automatic' ? 'completed' : 'billed';
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

/** Renews `subscription` once, from its next_billed_at, and records the renewal's transaction. */
function renew(
  account: Account,
  ids: IdFactory,
  subscription: WireRecord,
  invoiceNumber: () => string,
): void {
  const at = subscription.next_billed_at as string;
  const period = { starts_at: at, ends_at: addCycles(at, subscription.billing_cycle) };
  subscription.current_billing_period = period;
  subscription.next_billed_at = period.ends_at;
  subscription.updated_at = at;
  for (const item of subscription.items as WireRecord[]) {
    if (!item.recurring) continue;
    item.previously_billed_at = at;
    item.next_billed_at = period.ends_at;
    item.updated_at = at;
  }
  account.state.transactions.insert(renewalTransaction(account, ids, subscription, period, invoiceNumber));
}

/** The renewals the clock has passed since it was last asked; both accounts. */
export class Renewals {
  constructor(private throughMs: number) {}

  /** From `nowMs` on only: what lies before it is history (start and reset). */
  restart(nowMs: number): void {
    this.throughMs = nowMs;
  }

  /** Renews what fell due up to the clock's reading; returns how many renewals it made. */
  catchUp(core: EmulatorCore): number {
    const nowMs = core.now().getTime();
    if (nowMs <= this.throughMs) return 0;
    let count = 0;
    for (const name of ACCOUNTS) {
      const account = core.accounts[name];
      const due = dueRenewals(account, this.throughMs, nowMs);
      const invoiceNumber = invoiceNumbers(account);
      for (const { subscription } of due) renew(account, core.ids, subscription, invoiceNumber);
      count += due.length;
    }
    this.throughMs = nowMs;
    return count;
  }
}
