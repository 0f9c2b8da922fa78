// Whether a PATCH /subscriptions/{id} (or its preview) may change a subscription: the body's shape,
// then the errors Paddle documents for changing one (developer.paddle.com/errors/subscriptions/…;
// statuses, details and the 30-minute lock in src/paddle-facts/subscriptions.ts).
import { paddleIdPattern } from '../../paddle-facts/ids.js';
import {
  CHANGEABLE_WITH_SCHEDULED,
  IMMEDIATE_BILLING_MODES,
  MODES_WHEN_PAUSED,
  MODES_WITH_SCHEDULED_CHANGE,
  PRORATION_BILLING_MODES,
  type ProrationBillingMode,
  SUBSCRIPTION_ERRORS,
  SUBSCRIPTION_LOCK_MS,
  type SubscriptionErrorCode,
} from '../../paddle-facts/subscriptions.js';
import { ApiFailure, badRequest } from '../api-error.js';
import type { WireRecord } from '../types.js';
import { type Body, FieldErrors, isObject } from '../validate.js';

/** The fields the emulator changes; Paddle's others (customer, dates, discount…) it does not. */
const HANDLED = ['items', 'proration_billing_mode', 'on_payment_failure', 'custom_data', 'scheduled_change'];
const PRICE_ID = paddleIdPattern('pri');

interface ItemChange {
  /** absent for a non-catalog item, which sends a `price` object instead */
  price_id?: string;
  /** a non-catalog price (with `product_id` or a `product`), checked when the item is built */
  price?: Body;
  /** absent: an item kept keeps its quantity ("you can omit the quantity", update-subscription) */
  quantity?: number;
}

export interface SubscriptionChange {
  items?: ItemChange[];
  mode?: ProrationBillingMode;
  body: Body;
}

/** Paddle's refusal `code`, as its error reference gives it; `value` fills the detail's `%s`. */
export function subscriptionError(code: SubscriptionErrorCode, value = ''): ApiFailure {
  const { status, detail } = SUBSCRIPTION_ERRORS[code];
  return new ApiFailure(status, code, detail.replace('%s', value), { group: 'subscriptions' });
}

function checkItems(items: unknown, errors: FieldErrors): void {
  if (!Array.isArray(items)) {
    errors.add('items', 'Invalid type. Expected: array, given: ' + (items === null ? 'null' : typeof items));
    return;
  }
  if (items.length < 1 || items.length > 100) errors.add('items', 'Array must have 1 to 100 items');
  items.forEach((item, i) => {
    if (!errors.object(`items[${i}]`, item)) return;
    // a non-catalog item: its price is checked as a price create when the item is built
    if (isObject(item.price)) {
      if (item.quantity === undefined) errors.add(`items[${i}]`, 'quantity is required');
    } else if (typeof item.price_id !== 'string' || !PRICE_ID.test(item.price_id)) {
      errors.add(`items[${i}].price_id`, 'Does not match pattern ^pri_[a-z\\d]{26}$');
    }
    if (item.quantity !== undefined && errors.integer(`items[${i}].quantity`, item.quantity)) {
      if (item.quantity < 1) errors.add(`items[${i}].quantity`, 'Must be greater than or equal to 1');
    }
  });
}

/** The body's shape (400 bad_request with every field at once), as a change to apply. */
export function checkChangeBody(body: Body): SubscriptionChange {
  const unhandled = Object.keys(body).filter((k) => !HANDLED.includes(k));
  if (unhandled.length > 0) {
    throw badRequest(unhandled.map((field) => ({ field, message: 'not supported' }))).withHint(
      `the emulator changes only ${HANDLED.join(', ')} of a subscription`,
    );
  }
  const errors = new FieldErrors();
  if (body.items !== undefined) checkItems(body.items, errors);
  errors.oneOf('proration_billing_mode', body.proration_billing_mode, PRORATION_BILLING_MODES);
  errors.oneOf('on_payment_failure', body.on_payment_failure, ['apply_change', 'prevent_change']);
  errors.customData(body.custom_data);
  // "You can only set the scheduled_change field to null" (subscription_scheduled_change_invalid_update)
  if (body.scheduled_change !== undefined && body.scheduled_change !== null) {
    throw new ApiFailure(
      400,
      'subscription_scheduled_change_invalid_update',
      "You can only set the `scheduled_change` field to `null`. Other updates aren't allowed.",
      { group: 'subscriptions' },
    );
  }
  // "you must include the proration_billing_mode field" when items change (update-subscription)
  if (body.items !== undefined && body.proration_billing_mode === undefined) {
    errors.add('proration_billing_mode', 'proration_billing_mode is required when items are updated');
  }
  if (errors.list.length > 0) throw badRequest(errors.list);
  return {
    ...(Array.isArray(body.items) ? { items: body.items.filter(isObject) as unknown as ItemChange[] } : {}),
    ...(body.proration_billing_mode ? { mode: body.proration_billing_mode as ProrationBillingMode } : {}),
    body,
  };
}

/** Within 30 minutes before `at` (a timestamp or null). */
function within30Minutes(at: unknown, nowMs: number): boolean {
  if (typeof at !== 'string') return false;
  const left = Date.parse(at) - nowMs;
  return left >= 0 && left <= SUBSCRIPTION_LOCK_MS;
}

/**
 * The state checks. What the mode can never do comes first (a canceled subscription, a paused one
 * or one with a scheduled pause or cancel under a mode Paddle refuses for it: waiting would not
 * help), then what passes (past_due until paid, the 30-minute locks), as the tool predicts them
 * (src/moves/predict.ts). Which scheduled changes still count as "pending" after the 2025 change
 * (pause and cancel no longer do) Paddle does not list: the emulator takes a scheduled resume as
 * pending. "Processing" it takes as a scheduled change that takes effect within 30 minutes;
 * "renewal" as next_billed_at within 30 minutes.
 */
export function checkChangeAllowed(
  subscription: WireRecord,
  change: SubscriptionChange,
  nowMs: number,
): void {
  if (subscription.status === 'canceled') throw subscriptionError('subscription_update_when_canceled');
  if (subscription.status === 'paused') checkPausedChange(change);
  const scheduled =
    change.body.scheduled_change === null ? null : (subscription.scheduled_change as WireRecord | null);
  const freed = scheduled !== null && CHANGEABLE_WITH_SCHEDULED.includes(scheduled.action);
  if (freed && change.mode && !MODES_WITH_SCHEDULED_CHANGE.includes(change.mode)) {
    throw subscriptionError('subscription_invalid_billing_mode_for_scheduled_change');
  }
  if (subscription.status === 'past_due') throw subscriptionError('subscription_update_when_past_due');
  checkLocks(subscription, scheduled, nowMs);
  if (scheduled && !freed) throw subscriptionError('subscription_locked_pending_changes');
}

/**
 * The 30-minute locks: "processing" a scheduled change that takes effect within 30 minutes,
 * "renewal" a next_billed_at within 30 minutes.
 */
export function checkLocks(subscription: WireRecord, scheduled: WireRecord | null, nowMs: number): void {
  if (scheduled && within30Minutes(scheduled.effective_at, nowMs)) {
    throw subscriptionError('subscription_locked_processing');
  }
  if (within30Minutes(subscription.next_billed_at, nowMs))
    throw subscriptionError('subscription_locked_renewal');
}

function checkPausedChange(change: SubscriptionChange): void {
  const others = Object.keys(change.body).filter((k) => k !== 'items' && k !== 'proration_billing_mode');
  if (others.length > 0) throw subscriptionError('subscription_only_update_items_on_paused_subscription');
  if (change.mode && !MODES_WHEN_PAUSED.includes(change.mode)) {
    throw subscriptionError('subscription_update_error_when_paused');
  }
}

/**
 * Whether the subscription has a saved payment method. Paddle does not show it on the record; the
 * emulator reads it from the items: a trial that does not require a payment method (a cardless
 * trial, price trial_period.requires_payment_method false) has none until it converts.
 */
export function hasPaymentMethod(subscription: WireRecord): boolean {
  if (subscription.status !== 'trialing') return true;
  return !(subscription.items as WireRecord[]).some(
    (item) => item.price?.trial_period?.requires_payment_method === false,
  );
}

/** A charge now on an automatically-collected subscription needs a payment method. */
export function checkCanCharge(
  subscription: WireRecord,
  mode: ProrationBillingMode | undefined,
  charge: bigint,
): void {
  if (!mode || !IMMEDIATE_BILLING_MODES.includes(mode) || charge <= 0n) return;
  if (subscription.collection_mode !== 'automatic' || hasPaymentMethod(subscription)) return;
  throw subscriptionError('subscription_missing_payment_method_cannot_update');
}
