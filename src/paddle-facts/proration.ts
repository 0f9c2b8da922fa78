// What Paddle documents about changing a subscription's items, each fact once.

/**
 * How Paddle bills a change to a subscription's items: the `proration_billing_mode` that
 * `PATCH /subscriptions/{id}` requires whenever items change
 * (https://developer.paddle.com/api-reference/subscriptions/update-subscription).
 */
export const PRORATION_BILLING_MODES = [
  'prorated_immediately',
  'prorated_next_billing_period',
  'full_immediately',
  'full_next_billing_period',
  'do_not_bill',
] as const;
export type ProrationBillingMode = (typeof PRORATION_BILLING_MODES)[number];

/** A move that names no proration charges nothing now: the next renewal bills the new price. */
export const DEFAULT_PRORATION: ProrationBillingMode = 'do_not_bill';
