// The event types the emulator serves (GET /event-types) and takes in a notification setting's
// `subscribed_events`: the emulator's own copy of a Paddle fact, since it stands in for Paddle.
// Names, order, groups and descriptions as Paddle's list-event-types answer gives them
// (https://developer.paddle.com/api-reference/event-types/list-event-types; the OpenAPI's example
// of it), plus the event types Paddle documented after that description: transaction.revised,
// api_key.*, api_key_exposure.created, client_token.*, payment_method.* and discount_group.*
// (https://developer.paddle.com/webhooks, each event's page; discount_group.* since June 2025:
// https://developer.paddle.com/changelog/2025/discount-groups). Their `group` is not in any answer
// of Paddle's we have: it is named after the entity, as every group Paddle sends is.
// test/contract/event-types.test.ts holds the names to the OpenAPI's enum and the Node SDK's.

export interface EventType {
  name: string;
  description: string;
  group: string;
  available_versions: number[];
}

// biome-ignore format: one event type a line reads as the table it is
const TABLE: readonly [group: string, name: string, description: string][] = [
  ['Transaction', 'transaction.billed', 'Occurs when a transaction is billed. Its status field changes to billed and billed_at is populated.'],
  ['Transaction', 'transaction.canceled', 'Occurs when a transaction is canceled. Its status field changes to canceled.'],
  ['Transaction', 'transaction.completed', 'Occurs when a transaction is completed. Its status field changes to completed.'],
  ['Transaction', 'transaction.created', 'Occurs when a transaction is created.'],
  ['Transaction', 'transaction.paid', 'Occurs when a transaction is paid. Its status field changes to paid.'],
  ['Transaction', 'transaction.past_due', 'Occurs when a transaction becomes past due. Its status field changes to past_due.'],
  ['Transaction', 'transaction.payment_failed', 'Occurs when a payment fails for a transaction. The payments array is updated with details of the payment attempt.'],
  ['Transaction', 'transaction.ready', 'Occurs when a transaction is ready to be billed. Its status field changes to ready.'],
  ['Transaction', 'transaction.revised', 'Occurs when a transaction is revised.'],
  ['Transaction', 'transaction.updated', 'Occurs when a transaction is updated.'],
  ['Subscription', 'subscription.activated', 'Occurs when a subscription becomes active. Its status field changes to active. This means any trial period has elapsed and Paddle has successfully billed the customer.'],
  ['Subscription', 'subscription.canceled', 'Occurs when a subscription is canceled. Its status field changes to canceled.'],
  ['Subscription', 'subscription.created', 'Occurs when a subscription is created. subscription.trialing or subscription.activated typically follow.'],
  ['Subscription', 'subscription.imported', 'Occurs when a subscription is imported.'],
  ['Subscription', 'subscription.past_due', 'Occurs when a subscription has an unpaid transaction. Its status changes to past_due.'],
  ['Subscription', 'subscription.paused', 'Occurs when a subscription is paused. Its status field changes to paused.'],
  ['Subscription', 'subscription.resumed', 'Occurs when a subscription is resumed after being paused. Its status field changes to active.'],
  ['Subscription', 'subscription.trialing', 'Occurs when a subscription enters trial period.'],
  ['Subscription', 'subscription.updated', 'Occurs when a subscription is updated.'],
  ['Product', 'product.created', 'Occurs when a product is created.'],
  ['Product', 'product.imported', 'Occurs when a product is imported.'],
  ['Product', 'product.updated', 'Occurs when a product is updated.'],
  ['Price', 'price.created', 'Occurs when a price is created.'],
  ['Price', 'price.imported', 'Occurs when a price is imported.'],
  ['Price', 'price.updated', 'Occurs when a price is updated.'],
  ['Customer', 'customer.created', 'Occurs when a customer is created.'],
  ['Customer', 'customer.imported', 'Occurs when a customer is imported.'],
  ['Customer', 'customer.updated', 'Occurs when a customer is updated.'],
  ['Address', 'address.created', 'Occurs when an address is created.'],
  ['Address', 'address.imported', 'Occurs when a address is imported.'],
  ['Address', 'address.updated', 'Occurs when an address is updated.'],
  ['Business', 'business.created', 'Occurs when a business is created.'],
  ['Business', 'business.imported', 'Occurs when a business is imported.'],
  ['Business', 'business.updated', 'Occurs when a business is updated.'],
  ['Adjustment', 'adjustment.created', 'Occurs when an adjustment is created.'],
  ['Adjustment', 'adjustment.updated', 'Occurs when an adjustment is updated, the only time an adjustment will be updated is when the status changes from pending to approved or from pending to rejected.'],
  ['Payout', 'payout.created', 'Occurs when a payout is created.'],
  ['Payout', 'payout.paid', 'Occurs when a payout is paid.'],
  ['Discount', 'discount.created', 'Occurs when a discount is created.'],
  ['Discount', 'discount.imported', 'Occurs when a discount is imported.'],
  ['Discount', 'discount.updated', 'Occurs when a discount is updated.'],
  ['Discount Group', 'discount_group.created', 'Occurs when a discount group is created.'],
  ['Discount Group', 'discount_group.updated', 'Occurs when a discount group is updated.'],
  ['Report', 'report.created', 'Occurs when a report is created.'],
  ['Report', 'report.updated', 'Occurs when a report is updated.'],
  ['Payment Method', 'payment_method.saved', 'Occurs when a customer saves a payment method to their account.'],
  ['Payment Method', 'payment_method.deleted', 'Occurs when a customer removes a payment method from their account.'],
  ['API Key', 'api_key.created', 'Occurs when an API key is created.'],
  ['API Key', 'api_key.expired', 'Occurs when an API key has expired.'],
  ['API Key', 'api_key.expiring', 'Occurs when an API key is due to expire.'],
  ['API Key', 'api_key.revoked', 'Occurs when an API key is revoked.'],
  ['API Key', 'api_key.updated', 'Occurs when an API key is updated.'],
  ['API Key Exposure', 'api_key_exposure.created', 'Occurs when an API key exposure is detected.'],
  ['Client Token', 'client_token.created', 'Occurs when a client-side token is created.'],
  ['Client Token', 'client_token.revoked', 'Occurs when a client-side token is revoked.'],
  ['Client Token', 'client_token.updated', 'Occurs when a client-side token is updated.'],
];

/** Every event type, in the order Paddle lists them; each call a fresh copy. */
export function eventTypes(): EventType[] {
  return TABLE.map(([group, name, description]) => ({ name, description, group, available_versions: [1] }));
}

const BY_NAME = new Map(eventTypes().map((type) => [type.name, type]));

/** The event type named `name`, as a notification setting holds it; undefined when Paddle has none. */
export function eventType(name: string): EventType | undefined {
  const type = BY_NAME.get(name);
  return type && structuredClone(type);
}

/** Every event type name, sorted. */
export const EVENT_NAMES: readonly string[] = [...BY_NAME.keys()].sort();
