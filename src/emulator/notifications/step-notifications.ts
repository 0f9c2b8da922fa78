// Each step the emulator's clock takes (renewal.ts, lifecycle.ts, the admin pay route) becomes the
// events Paddle sends for it, in the order Paddle lists them, each `occurred_at` the step's time
// on the emulator's clock and each `data` the subscription or transaction as it stood at that event
// (written as JSON now: a later step does not change a payload already queued). From Paddle's pages:
// - a renewal: https://developer.paddle.com/webhooks/scenarios/subscription-renewed and
//   https://developer.paddle.com/build/lifecycle/subscription-renewal (subscription.updated, the
//   transaction created and billed, then for automatic collection paid and completed, each with a
//   transaction.updated before it; an invoice number only once completed). A manually-collected
//   renewal is issued as an invoice: created and billed, nothing paid;
// - a pause or cancel taking effect: https://developer.paddle.com/webhooks/scenarios/subscription-paused
//   and .../subscription-canceled (subscription.updated, then subscription.paused or .canceled); a
//   past-due subscription's pause then, for each of its renewals still past due, transaction.updated
//   and transaction.canceled ("Past due renewal transactions canceled — past due only", the paused
//   scenario, which names "the related transaction" of each);
//   a dunning that ends cancels the same way (https://developer.paddle.com/build/lifecycle/subscription-renewal-dunning);
// - a resume: https://developer.paddle.com/webhooks/scenarios/subscription-resumed
//   (subscription.updated, subscription.resumed, the transaction's events, then subscription.updated
//   as the transaction makes it active; a resume that continues the period bills no transaction,
//   so it has neither the transaction's events nor that last update);
// - a cancel or pause scheduled through the API: subscription.updated only, "Paddle updates the
//   scheduled_change object" (https://developer.paddle.com/webhooks/simulator/subscription-canceled
//   and .../subscription-paused, "Subscription is scheduled to cancel/pause"); a resume scheduled
//   likewise (https://developer.paddle.com/webhooks/subscriptions/subscription-updated: "scheduled
//   changes being created or removed"). The same step taken now through the API sends what the
//   clock's does: "If you choose to pause a subscription immediately, the subscription status
//   changes to paused and subscription.paused occurs" (https://developer.paddle.com/webhooks/subscriptions/subscription-paused);
// - a payment that fails: https://developer.paddle.com/webhooks/transactions/transaction-payment-failed
//   (transaction.payment_failed, transaction.past_due, subscription.past_due);
// - a trial that ends billed: subscription.activated, "any trial period has elapsed and Paddle has
//   successfully billed the customer" (https://developer.paddle.com/webhooks/subscriptions/subscription-activated),
//   after the renewal's events (Paddle lists no order for it: the emulator's choice, docs/emulator.md);
// - a past-due subscription paid: the resumed scenario's "payment recovered" events (the
//   transaction paid and completed, then subscription.updated as it is active again); Paddle gives
//   no scenario of its own for it, so this order is the emulator's (docs/emulator.md).
import type { Account, Notifier } from '../core.js';
import { detailsAt } from '../renewal-transaction.js';
import type { StepKind, SubscriptionStep, WireRecord } from '../types.js';
import { EventJson } from './records.js';

/** An event of a step: its type and what its `data` is (the subscription, or the transaction at a status). */
type Sent = readonly [type: string, entity: 'subscription' | TransactionStage];
type TransactionStage = 'billed' | 'paid' | 'completed' | 'past_due' | 'canceled';

const BILLED: readonly Sent[] = [
  ['transaction.created', 'billed'],
  ['transaction.billed', 'billed'],
];
const COLLECTED: readonly Sent[] = [
  ['transaction.updated', 'paid'],
  ['transaction.paid', 'paid'],
  ['transaction.updated', 'completed'],
  ['transaction.completed', 'completed'],
];

/** The transaction's events as far as it went: billed, and paid and completed when it was collected. */
function billing(transaction: WireRecord | undefined): readonly Sent[] {
  if (!transaction) return [];
  return transaction.status === 'completed' ? [...BILLED, ...COLLECTED] : BILLED;
}

/**
 * The events of each step, in Paddle's order (see the pages above).
 * @internal A table test of the webhooks each clock step sends, in order.
 */
export function eventsOfStep(step: SubscriptionStep): readonly Sent[] {
  const updated: Sent = ['subscription.updated', 'subscription'];
  const active = step.subscription.status === 'active';
  const table: Record<StepKind, () => readonly Sent[]> = {
    renewed: () => [updated, ...billing(step.transaction)],
    trial_ended: () => [
      updated,
      ...billing(step.transaction),
      ...(active ? [['subscription.activated', 'subscription'] as const] : []),
    ],
    past_due: () => [
      ['transaction.payment_failed', 'past_due'],
      ['transaction.past_due', 'past_due'],
      ['subscription.past_due', 'subscription'],
    ],
    paid: () => [...COLLECTED, updated],
    canceled: () => [updated, ['subscription.canceled', 'subscription']],
    paused: () => [updated, ['subscription.paused', 'subscription']],
    renewal_canceled: () => [
      ['transaction.updated', 'canceled'],
      ['transaction.canceled', 'canceled'],
    ],
    resumed: () => [
      updated,
      ['subscription.resumed', 'subscription'],
      ...(step.transaction ? [...billing(step.transaction), updated] : []),
    ],
    change_scheduled: () => [updated],
  };
  return table[step.kind]();
}

/**
 * The transaction as it stood at `status`, on its way to where it is now: billed with no payment
 * yet; paid with its payment and no fee or payout totals yet; an automatically-collected one has its
 * invoice number only once completed (the renewal scenario: "An invoice number is assigned to the
 * transaction. Its status changes to completed").
 */
function transactionAt(transaction: WireRecord, status: TransactionStage): WireRecord {
  if (transaction.status === status) return transaction;
  const automatic = transaction.collection_mode === 'automatic';
  return {
    ...transaction,
    status,
    ...(automatic && status !== 'completed' ? { invoice_number: null } : {}),
    details: detailsAt(transaction, status),
    payments: status === 'billed' ? [] : transaction.payments,
  };
}

/**
 * Publishes the events of `step` through `notifier`; what goes nowhere costs no copy. The events
 * that show one entity at one status (a transaction's created and billed, a subscription updated
 * then canceled) share one JSON text: a renewal's seven events hold four.
 */
export function publishStep(notifier: Notifier, account: Account, step: SubscriptionStep): void {
  const at = new Date(step.at);
  const texts = new Map<Sent[1], EventJson>();
  const textOf = (entity: Sent[1], made: () => WireRecord) => () => {
    let text = texts.get(entity);
    if (!text) {
      text = new EventJson(JSON.stringify(made()));
      texts.set(entity, text);
    }
    return text;
  };
  for (const [type, entity] of eventsOfStep(step)) {
    if (entity === 'subscription')
      notifier.publish(
        account,
        type,
        textOf(entity, () => step.subscription),
        at,
      );
    else if (step.transaction) {
      const transaction = step.transaction;
      notifier.publish(
        account,
        type,
        textOf(entity, () => transactionAt(transaction, entity)),
        at,
      );
    }
  }
}
