// A discount's life as Paddle describes it (OpenAPI `status-discount`): `active` and `archived` are
// set by the user; Paddle sets `expired` when `expires_at` elapses and `used` when `times_used`
// reaches `usage_limit`. The emulator works the status out from those fields whenever discounts are
// read or written, so moving its clock or seeding `times_used` is all a test needs.
import type { Collection } from '../state.js';
import type { WireRecord } from '../types.js';

// The emulator keeps its own copy of this Paddle fact on purpose: test/contract/paddle-facts.test.ts.
export const DISCOUNT_STATUSES = ['active', 'archived', 'expired', 'used'] as const;

/** Transactions that count as a redemption of the discount they carry (money was asked or taken). */
const REDEEMING = new Set(['billed', 'paid', 'completed']);

/** The status Paddle shows at `nowMs`; an archived discount stays archived. */
export function discountStatus(discount: WireRecord, nowMs: number): string {
  if (discount.status === 'archived') return 'archived';
  if (typeof discount.expires_at === 'string' && Date.parse(discount.expires_at) <= nowMs) return 'expired';
  const limit = discount.usage_limit;
  if (typeof limit === 'number' && Number(discount.times_used ?? 0) >= limit) return 'used';
  return 'active';
}

/** Brings every discount's status up to `now` (updated_at is left alone: the user changed nothing). */
export function refreshDiscountStatuses(discounts: Collection, now: Date): void {
  const nowMs = now.getTime();
  for (const discount of discounts.all()) discount.status = discountStatus(discount, nowMs);
}

/** How many of `transactions` redeemed each discount id. */
export function redemptions(transactions: readonly WireRecord[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const t of transactions) {
    if (typeof t.discount_id !== 'string' || !REDEEMING.has(String(t.status))) continue;
    counts.set(t.discount_id, (counts.get(t.discount_id) ?? 0) + 1);
  }
  return counts;
}
