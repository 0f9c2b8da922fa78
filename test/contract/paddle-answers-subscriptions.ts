// Paddle's documented answers to a change of a subscription it refuses: the example response of
// each developer.paddle.com/errors/subscriptions/<code> page (DOCS, as in paddle-answers.ts), sent
// to the subscription of test/support/subscription-account.mjs (SUBSCRIPTIONS) that is in that state.
import { ADDON, sub } from '../support/subscription-account.mjs';
import { docs, domain, type RecordedAnswer } from './paddle-answers.js';

const change = (id: number, mode: string, extra: Record<string, unknown> = {}) => ({
  method: 'PATCH',
  path: `/subscriptions/${sub(id)}`,
  body: { items: [{ price_id: ADDON, quantity: 1 }], proration_billing_mode: mode, ...extra },
});

const answer = (
  name: string,
  code: string,
  status: number,
  detail: string,
  request: RecordedAnswer['request'],
) => ({
  name,
  source: docs('subscriptions', code),
  request,
  status,
  error: domain('subscriptions', code, detail),
});

export const SUBSCRIPTION_ANSWERS: RecordedAnswer[] = [
  answer(
    'a change within 30 minutes of the renewal',
    'subscription_locked_renewal',
    409,
    'unable to update subscription 30m0s before renewal',
    change(8, 'do_not_bill'),
  ),
  answer(
    'a change within 30 minutes of a scheduled change taking effect',
    'subscription_locked_processing',
    409,
    'unable to update subscription 30m0s before processing',
    change(9, 'do_not_bill'),
  ),
  answer(
    'a change while a resume is pending',
    'subscription_locked_pending_changes',
    400,
    'cannot update subscription, pending scheduled changes',
    change(5, 'do_not_bill'),
  ),
  answer(
    'a change to a canceled subscription',
    'subscription_update_when_canceled',
    400,
    'cannot update subscription, as subscription is canceled',
    change(6, 'prorated_immediately'),
  ),
  answer(
    'a change to a past_due subscription',
    'subscription_update_when_past_due',
    400,
    "cannot update subscription, as the subscription status is 'past_due'",
    change(4, 'do_not_bill'),
  ),
  answer(
    'a charge now on an automatically-collected subscription without a payment method',
    'subscription_missing_payment_method_cannot_update',
    400,
    'Automatically-collected subscriptions require a payment method to make changes that result in a charge.',
    change(3, 'full_immediately'),
  ),
  answer(
    'a next-period billing mode on a subscription scheduled to pause',
    'subscription_invalid_billing_mode_for_scheduled_change',
    400,
    'Subscription can only be updated with `do_not_bill`, `full_immediately`, or `prorated_immediately` as the `proration_billing_mode` because it has a scheduled change.',
    change(10, 'full_next_billing_period'),
  ),
  answer(
    'a paused subscription changed with proration',
    'subscription_update_error_when_paused',
    501,
    'paused subscriptions cannot be updated with prorate, or bill immediately enabled',
    change(11, 'prorated_immediately'),
  ),
  answer(
    'a paused subscription changed beyond its items',
    'subscription_only_update_items_on_paused_subscription',
    400,
    'only items can be updated when a subscription is paused',
    change(11, 'do_not_bill', { custom_data: { note: 'x' } }),
  ),
  answer(
    'a scheduled change set to anything but null',
    'subscription_scheduled_change_invalid_update',
    400,
    "You can only set the `scheduled_change` field to `null`. Other updates aren't allowed.",
    { method: 'PATCH', path: `/subscriptions/${sub(1)}`, body: { scheduled_change: { action: 'cancel' } } },
  ),
];

const act = (id: number, action: string, body: Record<string, unknown> = {}) => ({
  method: 'POST',
  path: `/subscriptions/${sub(id)}/${action}`,
  body,
});

/** Paddle's documented refusals of a cancel, pause, resume or activation, each to the subscription in that state. */
export const ACTION_ANSWERS: RecordedAnswer[] = [
  answer(
    'a cancel of a canceled subscription',
    'subscription_is_canceled_action_invalid',
    400,
    "action can't be performed on canceled subscription",
    act(6, 'cancel'),
  ),
  answer(
    'a cancel of a past_due subscription',
    'subscription_update_when_past_due',
    400,
    "cannot update subscription, as the subscription status is 'past_due'",
    act(4, 'cancel', { effective_from: 'immediately' }),
  ),
  answer(
    'a cancel within 30 minutes of the renewal',
    'subscription_locked_renewal',
    409,
    'unable to update subscription 30m0s before renewal',
    act(8, 'cancel'),
  ),
  answer(
    'a pause of a paused subscription',
    'subscription_not_active',
    400,
    'action requires the subscription to be active',
    act(11, 'pause'),
  ),
  answer(
    'a pause of a cardless trial',
    'subscription_pausing_not_allowed_for_cardless_trial',
    400,
    "Pausing isn't supported on cardless trial subscriptions before a payment method is added.",
    act(3, 'pause'),
  ),
  answer(
    'a resume of an active subscription',
    'subscription_must_be_paused',
    400,
    'action can only be performed on paused subscription',
    act(1, 'resume', { effective_from: 'immediately' }),
  ),
  answer(
    'a resume continuing a billing period the subscription does not have',
    'subscription_continuing_existing_billing_period_not_allowed_no_billing_period',
    400,
    'Subscription has no current billing period, so it cannot be continued.',
    act(11, 'resume', { effective_from: 'immediately', on_resume: 'continue_existing_billing_period' }),
  ),
  answer(
    'an activation of an active subscription',
    'subscription_cannot_activate',
    400,
    "Only subscriptions which have status 'trialing' can be activated. Subscription status is 'active'",
    act(1, 'activate'),
  ),
  answer(
    'an activation of a cardless trial',
    'subscription_missing_payment_method_cannot_activate',
    400,
    'Automatically-collected subscriptions in trial require a payment method to be activated.',
    act(3, 'activate'),
  ),
];
