// Paddle's notification settings (webhook and email destinations): the event names a destination may
// subscribe to, its types and traffic sources, the limits of its fields, and the signing secret's
// shape. The event names are the OpenAPI's `event_type_name` enum
// (https://developer.paddle.com/api-reference/notification-settings/create-notification-setting)
// and the names Paddle documented after that description was cut, each on its own webhook page
// (https://developer.paddle.com/webhooks/discount-groups/discount-group-created: discount groups
// since June 2025; client tokens; API key exposure); test/contract/notification-facts.test.ts holds
// them against the OpenAPI with those pages' names added (test/support/openapi-overlay.ts).

/** Every event name Paddle lists, in its own order. */
export const EVENT_NAMES = [
  'address.created',
  'address.imported',
  'address.updated',
  'adjustment.created',
  'adjustment.updated',
  'api_key.created',
  'api_key.expired',
  'api_key.expiring',
  'api_key.revoked',
  'api_key.updated',
  'api_key_exposure.created',
  'business.created',
  'business.imported',
  'business.updated',
  'client_token.created',
  'client_token.revoked',
  'client_token.updated',
  'customer.created',
  'customer.imported',
  'customer.updated',
  'discount.created',
  'discount.imported',
  'discount.updated',
  'discount_group.created',
  'discount_group.updated',
  'payment_method.saved',
  'payment_method.deleted',
  'payout.created',
  'payout.paid',
  'price.created',
  'price.imported',
  'price.updated',
  'product.created',
  'product.imported',
  'product.updated',
  'report.created',
  'report.updated',
  'subscription.activated',
  'subscription.canceled',
  'subscription.created',
  'subscription.imported',
  'subscription.past_due',
  'subscription.paused',
  'subscription.resumed',
  'subscription.trialing',
  'subscription.updated',
  'transaction.billed',
  'transaction.canceled',
  'transaction.completed',
  'transaction.created',
  'transaction.paid',
  'transaction.past_due',
  'transaction.payment_failed',
  'transaction.ready',
  'transaction.revised',
  'transaction.updated',
] as const;

/** Where a destination delivers: a webhook endpoint (url) or an email address. */
export const NOTIFICATION_TYPES = ['url', 'email'] as const;
/** Paddle's default when a create leaves `type` out is none: the field is required; ours is url. */
export const DEFAULT_NOTIFICATION_TYPE = 'url';

/** Real events, simulated ones, or both; Paddle's default on create is platform. */
export const TRAFFIC_SOURCES = ['platform', 'simulation', 'all'] as const;
export const DEFAULT_TRAFFIC_SOURCE = 'platform';

/** description: 1–500 characters; destination: 1–2048 (the OpenAPI's notification_setting). */
export const NOTIFICATION_DESCRIPTION_MAX = 500;
export const NOTIFICATION_DESTINATION_MAX = 2048;

/** A discount group's name: 1–500 characters, unique in the account, archived groups included. */
export const DISCOUNT_GROUP_NAME_MAX = 500;

/** The signing secret Paddle returns on every notification setting (`endpoint_secret_key`). */
export const ENDPOINT_SECRET_PATTERN = /^pdl_ntfset_[a-zA-Z0-9]{26}_[a-zA-Z0-9]{32}$/;
/** Anything shaped like one, wherever it stands in a text (masked like an API key). */
export const ENDPOINT_SECRET_SHAPE = /pdl_ntfset_[A-Za-z0-9_]+/g;
