// The steps a subscription takes by the emulator's clock other than a plain renewal, each as
// Paddle documents it:
// - a trial ends at next_billed_at: Paddle charges the payment method on file, the subscription
//   becomes active and its current_billing_period, based on the trial until then, is based on
//   the billing cycle from then on (developer.paddle.com/build/trials/extend-activate-change-date-trials);
//   where the seed says its payment fails, it becomes past_due instead
//   (developer.paddle.com/build/lifecycle/subscription-renewal-dunning); a cardless trial, with no
//   payment method, is canceled (developer.paddle.com/changelog/2025/cardless-trials-developer-preview);
// - a scheduled cancel or pause takes effect at its effective_at: the subscription's status
//   changes to canceled or paused then (developer.paddle.com/changelog/2023/filter-subscriptions-scheduled-change),
//   scheduled_change is cleared, canceled_at / paused_at set, and it has no next_billed_at; a
//   canceled one has no current_billing_period (OpenAPI `subscription`), a paused one keeps it
//   ("Paddle retains the billing period against the subscription when you pause",
//   developer.paddle.com/changelog/2024/resume-subscription-billing-period-options, which the
//   OpenAPI's "null for paused" predates); a pause with a resume date leaves a scheduled resume
//   (developer.paddle.com/build/subscriptions/pause-subscriptions);
// - a scheduled resume takes effect at its effective_at: active again, billed for a new period from
//   then, with new previously_billed_at, next_billed_at and current_billing_period
//   (developer.paddle.com/webhooks/simulator/subscription-resumed); a resume asked to continue the
//   period the pause kept bills nothing and renews at its end (the changelog above);
// - the same steps taken now through the API (routes/subscription-actions.ts): a cancel, pause or
//   resume effective immediately, a trial activated (billed from the time of the request,
//   developer.paddle.com/api-reference/subscriptions/activate-subscription), and a change scheduled;
// - a past-due subscription is paid (POST /__emulator/subscriptions/{id}/pay): its transaction
//   completed, active again, its billing dates as the renewal that failed set them; or its dunning
//   ends after the account's dunning_days and it is canceled (Paddle: after 30 days without Retain).
import type { Account, EmulatorCore } from './core.js';
import type { IdFactory } from './ids.js';
import { addCycles } from './renewal-schedule.js';
import {
  billedStatus,
  completeTransaction,
  invoiceNumbers,
  periodTransaction,
} from './renewal-transaction.js';
import type { ScheduledChange } from './rules/subscription-action.js';
import { hasPaymentMethod } from './rules/subscription-update.js';
import type { SubscriptionStep } from './step-events.js';
import { nextBilledWith } from './subscription-shape.js';
import type { WireRecord } from './types.js';

const DAY_MS = 86_400_000;

/** What a step needs: the account, ids, invoice numbers, and where its event goes. */
export interface StepContext {
  account: Account;
  ids: IdFactory;
  invoiceNumber: () => string;
  emit(step: SubscriptionStep): void;
}

/** The steps of `account`, each going out through the core's events. */
export function stepContext(core: EmulatorCore, account: Account): StepContext {
  return { account, ids: core.ids, invoiceNumber: invoiceNumbers(account), emit: (s) => core.events.emit(s) };
}

function step(ctx: StepContext, kind: SubscriptionStep['kind'], s: WireRecord, at: string, t?: WireRecord) {
  ctx.emit({ kind, account: ctx.account.name, at, subscription: s, ...(t ? { transaction: t } : {}) });
}

/** When a past-due subscription's dunning ends: dunning_days after the renewal that failed. */
export function dunningEndsAt(account: Account, subscription: WireRecord): number | undefined {
  const from = Date.parse(subscription.current_billing_period?.starts_at ?? subscription.updated_at);
  return Number.isFinite(from) ? dunningEndsAfter(account, from) : undefined;
}

/** When the dunning of a payment that fails at `failedMs` ends. */
export function dunningEndsAfter(account: Account, failedMs: number): number {
  return failedMs + account.settings.dunningDays * DAY_MS;
}

/** The subscription and its recurring items billed for `period`, which started at `at`. */
function setPeriod(
  subscription: WireRecord,
  period: { starts_at: string; ends_at: string },
  at: string,
): void {
  subscription.current_billing_period = period;
  subscription.next_billed_at = period.ends_at;
  subscription.updated_at = at;
  for (const item of subscription.items as WireRecord[]) {
    if (item.status !== 'inactive') item.status = 'active';
    if (!item.recurring) continue;
    item.previously_billed_at = at;
    item.next_billed_at = period.ends_at;
    item.updated_at = at;
  }
}

/** Bills a new period of `subscription` from `at` and records its transaction. */
function billFrom(ctx: StepContext, subscription: WireRecord, at: string, paymentFails: boolean): WireRecord {
  const period = { starts_at: at, ends_at: addCycles(at, subscription.billing_cycle) };
  setPeriod(subscription, period, at);
  const status = billedStatus(subscription, paymentFails);
  const transaction = periodTransaction(
    ctx.account,
    ctx.ids,
    subscription,
    period,
    ctx.invoiceNumber,
    status,
  );
  ctx.account.state.transactions.insert(transaction);
  if (status === 'past_due') subscription.status = 'past_due';
  return transaction;
}

/**
 * The trial ends at its next_billed_at: active and billed, or past due where the seed says its
 * payment fails (trial_payment_fails). A cardless trial has no payment method to charge (the
 * emulator holds none): it is canceled then, as Paddle's changelog says of a cardless trial whose
 * customer entered no payment details (developer.paddle.com/changelog/2025/cardless-trials-developer-preview).
 */
export function endTrial(
  ctx: StepContext,
  subscription: WireRecord,
  at = subscription.next_billed_at as string,
): void {
  const paymentFails = ctx.account.state.failingTrials.delete(subscription.id);
  if (!hasPaymentMethod(subscription)) {
    cancel(ctx, subscription, at);
    return;
  }
  subscription.status = 'active';
  subscription.first_billed_at = at;
  // the trial ends now: an activation ends it early, and Paddle's activate example shows the
  // items' trial_dates.ends_at the activation time
  // (developer.paddle.com/api-reference/subscriptions/activate-subscription)
  for (const item of subscription.items as WireRecord[])
    if (item.trial_dates) item.trial_dates = { ...item.trial_dates, ends_at: at };
  const transaction = billFrom(ctx, subscription, at, paymentFails);
  step(ctx, 'trial_ended', subscription, at, transaction);
  if (subscription.status === 'past_due') step(ctx, 'past_due', subscription, at, transaction);
}

/** The subscription no longer bills: no next billing date, its items too. */
function stopBilling(subscription: WireRecord, at: string): void {
  subscription.next_billed_at = null;
  subscription.updated_at = at;
  for (const item of subscription.items as WireRecord[]) {
    item.next_billed_at = null;
    item.updated_at = at;
  }
}

/** Canceled at `at`: by its scheduled change or at the end of its dunning. */
export function cancel(ctx: StepContext, subscription: WireRecord, at: string): void {
  subscription.status = 'canceled';
  subscription.canceled_at = at;
  subscription.scheduled_change = null;
  subscription.current_billing_period = null;
  // its items keep their status: Paddle's cancel example and subscription.canceled example show
  // them `active` (OpenAPI cancel-subscription 200, webhooks subscription.canceled)
  stopBilling(subscription, at);
  step(ctx, 'canceled', subscription, at);
}

/** The scheduled change takes effect at its effective_at. */
export function applyScheduledChange(ctx: StepContext, subscription: WireRecord): void {
  const change = subscription.scheduled_change as WireRecord;
  const at = change.effective_at as string;
  if (change.action === 'cancel') cancel(ctx, subscription, at);
  else if (change.action === 'pause') pause(ctx, subscription, at, change.resume_at);
  else resume(ctx, subscription, at);
}

/**
 * A past-due subscription's renewals (origin subscription_recurring) still past due, canceled when
 * it pauses "to avoid double-charging a customer on resume"; its other past-due transactions are not
 * (developer.paddle.com/webhooks/scenarios/subscription-paused, developer.paddle.com/changelog/2024/
 * past-due-renewal-translations-canceled-pause). Returns each, oldest first.
 */
function cancelPastDueRenewals(account: Account, subscription: WireRecord, at: string): WireRecord[] {
  const canceled: WireRecord[] = [];
  for (const t of account.state.transactions.all()) {
    if (t.subscription_id !== subscription.id || t.status !== 'past_due') continue;
    if (t.origin !== 'subscription_recurring') continue;
    t.status = 'canceled';
    t.updated_at = at;
    canceled.push(t);
  }
  return canceled;
}

/** Paused at `at`, its current period kept; a resume date given with the pause stays as a scheduled resume. */
export function pause(ctx: StepContext, subscription: WireRecord, at: string, resumeAt: unknown): void {
  subscription.status = 'paused';
  subscription.paused_at = at;
  subscription.scheduled_change =
    typeof resumeAt === 'string' ? { action: 'resume', effective_at: resumeAt, resume_at: resumeAt } : null;
  stopBilling(subscription, at);
  const canceled = cancelPastDueRenewals(ctx.account, subscription, at);
  step(ctx, 'paused', subscription, at);
  // the paused scenario's "past due renewal transactions canceled" step, for each of them
  for (const t of canceled) step(ctx, 'renewal_canceled', subscription, at, t);
}

/**
 * Active again at `at`: billed for a new period from then, or, continuing the period the pause
 * kept, billed nothing and renewed at its end.
 */
export function resume(ctx: StepContext, subscription: WireRecord, at: string, continuePeriod = false): void {
  subscription.status = 'active';
  subscription.paused_at = null;
  subscription.scheduled_change = null;
  if (continuePeriod) {
    const ends = subscription.current_billing_period.ends_at as string;
    subscription.next_billed_at = ends;
    subscription.updated_at = at;
    for (const item of subscription.items as WireRecord[]) {
      if (item.recurring) item.next_billed_at = ends;
      item.updated_at = at;
    }
    step(ctx, 'resumed', subscription, at);
    return;
  }
  // a trial paused before its end is billed first now
  subscription.first_billed_at ??= at;
  const transaction = billFrom(ctx, subscription, at, false);
  step(ctx, 'resumed', subscription, at, transaction);
}

/**
 * A cancel, pause or resume scheduled at `at` (a resume's date on a scheduled pause too): one that
 * ends the period leaves the subscription and its items billed next as nextBilledWith says (nothing,
 * or a pause's resume date), as a seeded one is (subscription-shape.ts).
 */
export function schedule(
  ctx: StepContext,
  subscription: WireRecord,
  change: ScheduledChange,
  at: string,
): void {
  subscription.scheduled_change = { ...change };
  if (change.action !== 'resume') {
    const next = nextBilledWith(change as unknown as WireRecord, null);
    subscription.next_billed_at = next;
    for (const item of subscription.items as WireRecord[]) if (item.recurring) item.next_billed_at = next;
  }
  subscription.updated_at = at;
  step(ctx, 'change_scheduled', subscription, at);
}

/** The past-due transaction of `subscription` (its latest), if the account holds one. */
function pastDueTransaction(account: Account, subscription: WireRecord): WireRecord | undefined {
  const all = account.state.transactions.all();
  for (let i = all.length - 1; i >= 0; i--) {
    const t = all[i] as WireRecord;
    if (t.subscription_id === subscription.id && t.status === 'past_due') return t;
  }
  return undefined;
}

/**
 * A past-due subscription paid at `at`: its past-due transaction completed (one made for its
 * current period when the account holds none, as a seeded past-due subscription may), and active.
 */
export function pay(ctx: StepContext, subscription: WireRecord, at: string): WireRecord {
  let transaction = pastDueTransaction(ctx.account, subscription);
  if (transaction) completeTransaction(ctx.ids, transaction, at);
  else {
    const period = subscription.current_billing_period ?? {
      starts_at: at,
      ends_at: addCycles(at, subscription.billing_cycle),
    };
    if (!subscription.current_billing_period) setPeriod(subscription, period, at);
    const { account, ids, invoiceNumber } = ctx;
    transaction = periodTransaction(account, ids, subscription, period, invoiceNumber, 'past_due');
    account.state.transactions.insert(transaction);
    completeTransaction(ids, transaction, at);
  }
  subscription.status = 'active';
  subscription.updated_at = at;
  step(ctx, 'paid', subscription, at, transaction);
  return transaction;
}
