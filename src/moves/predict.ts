// What Paddle will answer when a move changes one subscription, predicted from the subscription as
// read and the move's proration mode, by Paddle's error reference only (each rule cites its page);
// where Paddle's pages are silent or disagree, the prediction says "not predicted" and the run asks
// Paddle. Pure: `now` is the run's clock. The emulator's refusals (src/emulator/rules/
// subscription-update.ts) follow the same pages; test/moves/predict-emulator.test.ts holds the two
// together, status by mode.
import { MODES_WITH_BILLS_FROM } from '../catalog/rules/bills-from.js';
import {
  CHANGEABLE_WITH_SCHEDULED,
  PRORATION_BILLING_MODES,
  type ProrationBillingMode,
  SUBSCRIPTION_LOCK_MS,
} from '../paddle-facts/subscriptions.js';
import type { SubscriptionRecord } from '../planner/subscribers.js';
import { MOVES_NOW, NOT_PREDICTED, type Verdict, WAITS, WILL_NOT_MOVE } from '../planner/verdicts.js';

/** Our code for a subscription whose next renewal comes before the move's `bills_from` (not Paddle's). */
export const BILLS_FROM_NOT_REACHED = 'bills_from_not_reached';

export interface Prediction {
  verdict: Verdict;
  /** Paddle's error code it would answer, or ours (bills_from_not_reached) */
  code?: string;
  /** why, in plain words */
  reason?: string;
  /** waits: from when a later run moves it (a renewal, or bills_from); null: once paid */
  until?: string | null;
  /** will not move: the modes Paddle documents as working for it (none for a canceled one) */
  modes?: ProrationBillingMode[];
}

/** A move's mode and, when it has one, the date its target may first be billed (`YYYY-MM-DD`, UTC). */
export interface MoveTerms {
  proration: ProrationBillingMode;
  billsFrom?: string;
}

const ERRORS = 'https://developer.paddle.com/errors/subscriptions/';

/** Within Paddle's 30-minute lock before `at` (a timestamp or null). */
function locked(at: string | null | undefined, now: number): boolean {
  if (typeof at !== 'string') return false;
  const left = Date.parse(at) - now;
  return left >= 0 && left <= SUBSCRIPTION_LOCK_MS;
}

/** The modes that bill next period, not now (`*_next_billing_period`). */
const billsNextPeriod = (mode: ProrationBillingMode) => mode.endsWith('_next_billing_period');

/** What Paddle refuses whatever the day: the subscription's state against the mode. */
function refusedForMode(
  subscription: SubscriptionRecord,
  mode: ProrationBillingMode,
): Prediction | undefined {
  // subscription_update_when_canceled (400): "Occurs when you try to update a canceled subscription."
  // https://developer.paddle.com/errors/subscriptions/subscription_update_when_canceled
  if (subscription.status === 'canceled') {
    return { verdict: WILL_NOT_MOVE, code: 'subscription_update_when_canceled', reason: 'canceled' };
  }
  if (subscription.status === 'paused') {
    // subscription_update_error_when_paused (501): "cannot be updated with prorate, or bill
    // immediately enabled"; subscription_incorrect_proration_on_paused_subscription (400):
    // "do_not_bill is the only valid proration_billing_mode for paused subscriptions".
    // https://developer.paddle.com/errors/subscriptions/subscription_update_error_when_paused
    // https://developer.paddle.com/errors/subscriptions/subscription_incorrect_proration_on_paused_subscription
    if (mode.startsWith('prorated_') || mode.endsWith('_immediately')) {
      return { verdict: WILL_NOT_MOVE, code: 'subscription_update_error_when_paused', reason: 'paused' };
    }
    // the two pages disagree on full_next_billing_period (neither prorated nor immediate)
    if (mode !== 'do_not_bill') {
      return {
        verdict: NOT_PREDICTED,
        reason: `paused: Paddle's error reference both allows and refuses ${mode} (${ERRORS}subscription_incorrect_proration_on_paused_subscription)`,
      };
    }
  }
  const scheduled = subscription.scheduled_change;
  // subscription_invalid_billing_mode_for_scheduled_change (400): a scheduled pause or cancel takes
  // only do_not_bill, full_immediately or prorated_immediately.
  // https://developer.paddle.com/errors/subscriptions/subscription_invalid_billing_mode_for_scheduled_change
  if (scheduled !== null && CHANGEABLE_WITH_SCHEDULED.includes(scheduled) && billsNextPeriod(mode)) {
    return {
      verdict: WILL_NOT_MOVE,
      code: 'subscription_invalid_billing_mode_for_scheduled_change',
      reason: `a scheduled ${scheduled}`,
    };
  }
  return undefined;
}

/** past_due: Paddle refuses every change until it is paid. */
function pastDue(subscription: SubscriptionRecord): Prediction | undefined {
  // subscription_update_when_past_due (400): "Move the subscription out of the past_due state by
  // updating the payment method, then try again."
  // https://developer.paddle.com/errors/subscriptions/subscription_update_when_past_due
  if (subscription.status !== 'past_due') return undefined;
  return {
    verdict: WAITS,
    code: 'subscription_update_when_past_due',
    reason: 'past due until paid',
    until: null,
  };
}

/**
 * The move's own date not reached: its next bill (its next renewal, or now when it has none: a
 * paused one resumed, say, bills from then) comes before `bills_from`. This outranks every reason
 * that would still send the PATCH (a lock, a question Paddle's pages leave open): a subscription in
 * its renewal lock is no longer locked once it has renewed, and Paddle then takes the change and
 * bills the target at that renewal's successor, before the date the customers were told.
 */
function billsFromNotReached(
  subscription: SubscriptionRecord,
  terms: MoveTerms,
  now: number,
): Prediction | undefined {
  if (terms.billsFrom === undefined) return undefined;
  const from = Date.parse(`${terms.billsFrom}T00:00:00Z`);
  const next = subscription.next_billed_at === null ? now : Date.parse(subscription.next_billed_at);
  if (next >= from) return undefined;
  return {
    verdict: WAITS,
    code: BILLS_FROM_NOT_REACHED,
    reason: `bills_from ${terms.billsFrom} not reached`,
    until: subscription.next_billed_at ?? `${terms.billsFrom}T00:00:00Z`,
  };
}

/** Paddle's "not now": within its 30-minute lock before a renewal or a scheduled change. */
function lockedNow(subscription: SubscriptionRecord, now: number): Prediction | undefined {
  // subscription_locked_processing / subscription_locked_renewal (409): "within the 30 minute
  // subscription lock period"; "Wait for subscription to process/renew before attempting again."
  // https://developer.paddle.com/errors/subscriptions/subscription_locked_processing
  // https://developer.paddle.com/errors/subscriptions/subscription_locked_renewal
  if (subscription.scheduled_change !== null && locked(subscription.scheduled_at, now)) {
    const until = subscription.scheduled_at ?? null;
    return {
      verdict: WAITS,
      code: 'subscription_locked_processing',
      reason: 'a lock near processing',
      until,
    };
  }
  if (locked(subscription.next_billed_at, now)) {
    const until = subscription.next_billed_at;
    return { verdict: WAITS, code: 'subscription_locked_renewal', reason: 'a lock near renewal', until };
  }
  return undefined;
}

/** Where Paddle's pages leave the answer open. */
function unknown(subscription: SubscriptionRecord): Prediction | undefined {
  // The 2023 changelog lets trialing subscriptions replace items (upgrade or downgrade); the error
  // subscription_trialing_items_update_invalid_options says items may not be added or removed in a
  // trial. https://developer.paddle.com/changelog/2023/update-trialing-subscriptions
  // https://developer.paddle.com/errors/subscriptions/subscription_trialing_items_update_invalid_options
  if (subscription.status === 'trialing') {
    return {
      verdict: NOT_PREDICTED,
      reason: "trialing: Paddle's pages both allow and refuse replacing a trial's items",
    };
  }
  // subscription_locked_pending_changes: "while there is a change that is still pending"; the 2025
  // changelog frees only a scheduled pause or cancel, and says nothing of a scheduled resume.
  // https://developer.paddle.com/errors/subscriptions/subscription_locked_pending_changes
  const scheduled = subscription.scheduled_change;
  if (scheduled !== null && !CHANGEABLE_WITH_SCHEDULED.includes(scheduled)) {
    return {
      verdict: NOT_PREDICTED,
      reason: `a scheduled ${scheduled}: Paddle does not say whether it is pending`,
    };
  }
  return undefined;
}

/**
 * What a run does with `subscription` under the move's terms, at `now` (the run's clock). What the
 * mode will not move first; then what waits (past due, the move's bills_from), before anything that is sent: a lock Paddle answers "not now" to, and what its
 * pages leave open.
 */
export function predictMove(subscription: SubscriptionRecord, terms: MoveTerms, now: number): Prediction {
  const refused = refusedForMode(subscription, terms.proration);
  if (refused?.verdict === WILL_NOT_MOVE) return { ...refused, modes: workingModes(subscription, terms) };
  return (
    pastDue(subscription) ??
    billsFromNotReached(subscription, terms, now) ??
    refused ??
    lockedNow(subscription, now) ??
    unknown(subscription) ?? { verdict: MOVES_NOW }
  );
}

/**
 * The modes Paddle documents as moving it (a refusal of none of them), among those the move may
 * use: with `bills_from`, none that bills now.
 * @internal A table test of the modes Paddle documents as moving a subscription.
 */
export function workingModes(subscription: SubscriptionRecord, terms: MoveTerms): ProrationBillingMode[] {
  return PRORATION_BILLING_MODES.filter(
    (mode) =>
      (terms.billsFrom === undefined || MODES_WITH_BILLS_FROM.includes(mode)) &&
      refusedForMode(subscription, mode) === undefined,
  );
}
