// What Paddle documents about subscriptions that the emulator and the plan rely on: statuses, how a
// change to items is billed, and when a subscription may not be changed.
// Sources: developer.paddle.com/api-reference/subscriptions (OpenAPI 2025-05-27 `subscription`,
// `subscription_update_proration_billing_mode`), the error reference developer.paddle.com/errors/
// subscriptions/<code>, and the changelog entries named below.

/** The statuses a subscription has (OpenAPI `status-subscription`). */
export const SUBSCRIPTION_STATUSES = ['active', 'canceled', 'past_due', 'paused', 'trialing'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** What a scheduled change does (OpenAPI `subscription_scheduled_change.action`). */
export const SCHEDULED_CHANGE_ACTIONS = ['cancel', 'pause', 'resume'] as const;

/**
 * When a cancel or pause takes effect (OpenAPI `effective_from_nullable`): `next_billing_period` by
 * default, except that "canceling immediately is the default behavior for paused subscriptions"
 * (OpenAPI cancel-subscription).
 */
export const EFFECTIVE_FROM = ['next_billing_period', 'immediately'] as const;

/**
 * How a resume bills (OpenAPI `subscription_on_resume`, developer.paddle.com/changelog/2024/
 * resume-subscription-billing-period-options): a new period charged now by default, or the period
 * the pause kept, with no charge, when it has not ended.
 */
export const ON_RESUME = ['continue_existing_billing_period', 'start_new_billing_period'] as const;

/** How Paddle bills a change to items (OpenAPI `subscription_update_proration_billing_mode`). */
export const PRORATION_BILLING_MODES = [
  'prorated_immediately',
  'prorated_next_billing_period',
  'full_immediately',
  'full_next_billing_period',
  'do_not_bill',
] as const;
export type ProrationBillingMode = (typeof PRORATION_BILLING_MODES)[number];

/** A catalog's move that names no proration charges nothing now: the next renewal bills the new price. */
export const DEFAULT_PRORATION: ProrationBillingMode = 'do_not_bill';

/** The modes that bill now (an immediate transaction), as their names say. */
export const IMMEDIATE_BILLING_MODES: readonly ProrationBillingMode[] = [
  'prorated_immediately',
  'full_immediately',
];

/**
 * The modes a subscription with a scheduled pause or cancel may be changed with: "you must use
 * full_immediately, prorated_immediately, or do_not_bill" (changelog 2025-04-14,
 * update-subscriptions-scheduled-change; error subscription_invalid_billing_mode_for_scheduled_change).
 */
export const MODES_WITH_SCHEDULED_CHANGE: readonly ProrationBillingMode[] = [
  'do_not_bill',
  'full_immediately',
  'prorated_immediately',
];

/** The scheduled changes that no longer block a change to items (same changelog entry). */
export const CHANGEABLE_WITH_SCHEDULED: readonly string[] = ['cancel', 'pause'];

/**
 * A paused subscription's items may change, but not "with prorate, or bill immediately enabled"
 * (error subscription_update_error_when_paused).
 */
export const MODES_WHEN_PAUSED: readonly ProrationBillingMode[] = ['do_not_bill', 'full_next_billing_period'];

/**
 * Changes are refused within 30 minutes of a renewal or of processing (errors
 * subscription_locked_renewal and subscription_locked_processing, 409: "unable to update
 * subscription 30m0s before renewal").
 */
export const SUBSCRIPTION_LOCK_MS = 30 * 60 * 1000;

/** Each error's status and example detail, as the error reference gives them. */
export const SUBSCRIPTION_ERRORS = {
  subscription_locked_renewal: { status: 409, detail: 'unable to update subscription 30m0s before renewal' },
  subscription_locked_processing: {
    status: 409,
    detail: 'unable to update subscription 30m0s before processing',
  },
  subscription_locked_pending_changes: {
    status: 400,
    detail: 'cannot update subscription, pending scheduled changes',
  },
  subscription_update_when_canceled: {
    status: 400,
    detail: 'cannot update subscription, as subscription is canceled',
  },
  // developer.paddle.com/errors/subscriptions/subscription_update_when_past_due: "Move the
  // subscription out of the past_due state by updating the payment method, then try again."
  subscription_update_when_past_due: {
    status: 400,
    detail: "cannot update subscription, as the subscription status is 'past_due'",
  },
  subscription_missing_payment_method_cannot_update: {
    status: 400,
    detail:
      'Automatically-collected subscriptions require a payment method to make changes that result in a charge.',
  },
  subscription_invalid_billing_mode_for_scheduled_change: {
    status: 400,
    detail:
      'Subscription can only be updated with `do_not_bill`, `full_immediately`, or `prorated_immediately` as the `proration_billing_mode` because it has a scheduled change.',
  },
  subscription_update_error_when_paused: {
    status: 501,
    detail: 'paused subscriptions cannot be updated with prorate, or bill immediately enabled',
  },
  subscription_only_update_items_on_paused_subscription: {
    status: 400,
    detail: 'only items can be updated when a subscription is paused',
  },
  // The refusals of cancel, pause, resume and activate (each under developer.paddle.com/errors/subscriptions/).
  subscription_is_canceled_action_invalid: {
    status: 400,
    detail: "action can't be performed on canceled subscription",
  },
  subscription_must_be_paused: { status: 400, detail: 'action can only be performed on paused subscription' },
  // its fix: "If the subscription is paused, resume and attempt the request again"
  subscription_not_active: { status: 400, detail: 'action requires the subscription to be active' },
  subscription_pausing_not_allowed_for_cardless_trial: {
    status: 400,
    detail: "Pausing isn't supported on cardless trial subscriptions before a payment method is added.",
  },
  // its detail names the status: "… Subscription status is '%s'"
  subscription_cannot_activate: {
    status: 400,
    detail: "Only subscriptions which have status 'trialing' can be activated. Subscription status is '%s'",
  },
  subscription_manual_collection_mode_activation_not_allowed: {
    status: 400,
    detail: 'Unable to activate subscription where collection_mode is manual',
  },
  subscription_missing_payment_method_cannot_activate: {
    status: 400,
    detail: 'Automatically-collected subscriptions in trial require a payment method to be activated.',
  },
  subscription_continuing_existing_billing_period_not_allowed: {
    status: 400,
    detail: 'Subscription existing billing period has ended, so it cannot be continued.',
  },
  subscription_continuing_existing_billing_period_not_allowed_no_billing_period: {
    status: 400,
    detail: 'Subscription has no current billing period, so it cannot be continued.',
  },
} as const;
export type SubscriptionErrorCode = keyof typeof SUBSCRIPTION_ERRORS;

/**
 * The refusals that mean "not now": the change is fine but the subscription is busy, and a later try
 * succeeds (the error reference's troubleshooting for each: wait, then try again). A move leaves
 * such a subscription and the next run moves it; consent review is the error reference's
 * subscription_locked_consent_review_period (409).
 */
export const SUBSCRIPTION_LOCK_CODES: readonly string[] = [
  'subscription_locked_renewal',
  'subscription_locked_processing',
  'subscription_locked_pending_changes',
  'subscription_locked_consent_review_period',
  // "Move the subscription out of the past_due state by updating the payment method, then try again."
  'subscription_update_when_past_due',
] satisfies Array<SubscriptionErrorCode | 'subscription_locked_consent_review_period'>;
