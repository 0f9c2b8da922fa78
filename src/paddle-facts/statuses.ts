// The statuses Paddle gives the objects the tool reads (Paddle's OpenAPI: the `status` enums of
// product, price, customer, discount and transaction).

/** A product, price or customer: archived is Paddle's soft delete, and archived objects can return. */
export const CATALOG_STATUSES = ['active', 'archived'] as const;
export type CatalogStatus = (typeof CATALOG_STATUSES)[number];

/**
 * Statuses Paddle sets on a discount by itself: its expires_at passed, or its usage_limit was reached.
 * @internal The contract test holds the statuses to Paddle's OpenAPI.
 */
export const LAPSED_DISCOUNT_STATUSES = ['expired', 'used'] as const;
export type LapsedStatus = (typeof LAPSED_DISCOUNT_STATUSES)[number];

export const DISCOUNT_STATUSES = [...CATALOG_STATUSES, ...LAPSED_DISCOUNT_STATUSES] as const;
export type DiscountStatus = (typeof DISCOUNT_STATUSES)[number];

export function isLapsed(status: string): status is LapsedStatus {
  return (LAPSED_DISCOUNT_STATUSES as readonly string[]).includes(status);
}

/** A transaction's statuses, in the order of its life (canceled and past_due aside). */
export const TRANSACTION_STATUSES = [
  'draft',
  'ready',
  'billed',
  'paid',
  'completed',
  'canceled',
  'past_due',
] as const;

export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];
