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
// A clock moved back starts the covered time again from there: what is due later renews when the
// clock passes it again (what renewed already has its next_billed_at past the old reading).
// One clock move steps through its renewals soonest first with one queue entry per subscription
// (due-queue.ts), so its memory is the transactions it makes; POST /__emulator/clock refuses a
// move of more than MAX_RENEWALS_PER_MOVE before it changes anything.
import type { Account, EmulatorCore } from './core.js';
import { type Due, DueQueue } from './due-queue.js';
import type { IdFactory } from './ids.js';
import { addCycles, anchorDay } from './renewal-schedule.js';
import { type Line, lineItem, previewDetails, recurringLines, taxPlace } from './subscription-billing.js';
import { adjustedTotals, billingDetails, payments, payoutTotals } from './transaction-shape.js';
import { ACCOUNTS, type WireRecord } from './types.js';

/** A move of the clock makes at most this many renewals (its transactions are what it holds in memory). */
export const MAX_RENEWALS_PER_MOVE = 250_000;

/** When the clock passing a time next changes `subscription` (its next renewal); undefined: nothing will. */
function nextStepAt(subscription: WireRecord): number | undefined {
  if (subscription.status !== 'active' || typeof subscription.next_billed_at !== 'string') return undefined;
  const atMs = Date.parse(subscription.next_billed_at);
  return Number.isFinite(atMs) ? atMs : undefined;
}

/** The subscriptions of `account` whose next step falls in (fromMs, toMs], in a queue. */
function dueQueue(account: Account, fromMs: number, toMs: number): DueQueue {
  const queue = new DueQueue();
  for (const subscription of account.state.subscriptions.all()) {
    const atMs = nextStepAt(subscription);
    if (atMs !== undefined && atMs > fromMs && atMs <= toMs) queue.push({ subscription, atMs });
  }
  return queue;
}

/** A step that does not move a subscription on would repeat forever: a bug, never a hang. */
function stepped(due: Due, nextMs: number | undefined): number | undefined {
  if (nextMs !== undefined && nextMs <= due.atMs)
    throw new Error(`subscription ${due.subscription.id}: its next step ${nextMs} is not after ${due.atMs}`);
  return nextMs;
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
  const day = anchorDay(account.state, subscription);
  const period = { starts_at: at, ends_at: addCycles(at, subscription.billing_cycle, 1, day) };
  account.state.renewalAnchors.set(subscription.id, { next: period.ends_at, day });
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

/** The clock passed the subscription's next step: the one place a step is taken (a renewal). */
function pass(account: Account, ids: IdFactory, subscription: WireRecord, invoiceNumber: () => string): void {
  renew(account, ids, subscription, invoiceNumber);
}

/** Takes every step of `account` in (fromMs, toMs], soonest first; returns how many. */
function stepThrough(account: Account, ids: IdFactory, fromMs: number, toMs: number): number {
  const queue = dueQueue(account, fromMs, toMs);
  const invoiceNumber = invoiceNumbers(account);
  let count = 0;
  for (let due = queue.pop(); due !== undefined; due = queue.pop()) {
    pass(account, ids, due.subscription, invoiceNumber);
    count += 1;
    const nextMs = stepped(due, nextStepAt(due.subscription));
    if (nextMs !== undefined && nextMs <= toMs) queue.push({ subscription: due.subscription, atMs: nextMs });
  }
  return count;
}

/** How many renewals `account` makes in (fromMs, toMs], counted up to `limit` + 1 without making them. */
function countSteps(account: Account, fromMs: number, toMs: number, limit: number): number {
  let count = 0;
  for (const subscription of account.state.subscriptions.all()) {
    const atMs = nextStepAt(subscription);
    if (atMs === undefined || atMs <= fromMs) continue;
    const day = anchorDay(account.state, subscription);
    let at = subscription.next_billed_at as string;
    for (let due: Due = { subscription, atMs }; due.atMs <= toMs; ) {
      count += 1;
      if (count > limit) return count;
      at = addCycles(at, subscription.billing_cycle, 1, day);
      due = { subscription, atMs: stepped(due, Date.parse(at)) as number };
    }
  }
  return count;
}

/** The renewals the clock has passed since it was last asked; both accounts. */
export class Renewals {
  constructor(private throughMs: number) {}

  /** From `nowMs` on only: what lies before it is history (start and reset). */
  restart(nowMs: number): void {
    this.throughMs = nowMs;
  }

  /** How many renewals a clock reading `toMs` would make now, counted up to `limit` + 1. */
  countUpTo(core: EmulatorCore, toMs: number, limit: number): number {
    let count = 0;
    for (const name of ACCOUNTS) {
      if (count > limit) break;
      count += countSteps(core.accounts[name], this.throughMs, toMs, limit - count);
    }
    return count;
  }

  /** Renews what fell due up to the clock's reading; returns how many renewals it made. */
  catchUp(core: EmulatorCore): number {
    const nowMs = core.now().getTime();
    // moved back: what falls due after the new reading renews when the clock passes it again
    if (nowMs < this.throughMs) this.throughMs = nowMs;
    if (nowMs === this.throughMs) return 0;
    let count = 0;
    for (const name of ACCOUNTS) count += stepThrough(core.accounts[name], core.ids, this.throughMs, nowMs);
    this.throughMs = nowMs;
    return count;
  }
}
