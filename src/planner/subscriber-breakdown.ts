// What a listing of subscriptions tells beyond their statuses: how many bill in each currency, and
// how many of each status have a scheduled change (a cancel or pause at the end of the period, a
// resume of a paused one: OpenAPI `subscription.scheduled_change`). Counted from the same listing
// as the statuses, so it costs no request of its own; absent where Paddle's totals were asked
// instead of listing (a price with very many subscriptions).
import { SCHEDULED_CHANGE_ACTIONS } from '../paddle-facts/subscriptions.js';
import {
  MOVED_STATUSES,
  type MovedStatus,
  type ScheduledAction,
  type SubscriberBreakdown,
  type SubscriptionRecord,
} from './subscribers.js';

const isAction = (action: string): action is ScheduledAction =>
  (SCHEDULED_CHANGE_ACTIONS as readonly string[]).includes(action);

/** Adds one listed subscription to a breakdown (the statuses a move counts only). */
function add(breakdown: SubscriberBreakdown, subscription: SubscriptionRecord): void {
  const status = subscription.status as MovedStatus;
  if (!MOVED_STATUSES.includes(status)) return;
  const { subscribers_by_currency: currencies, subscribers_scheduled: scheduled } = breakdown;
  currencies[subscription.currency_code] = (currencies[subscription.currency_code] ?? 0) + 1;
  const action = subscription.scheduled_change;
  if (action === null || !isAction(action)) return;
  const of = scheduled[status] ?? {};
  of[action] = (of[action] ?? 0) + 1;
  scheduled[status] = of;
}

/**
 * The subscriptions listed with an item on each of `priceIds`, by currency and scheduled change
 * (a subscription listed twice counts once, as countByPrice counts it).
 */
export function breakdownByPrice(
  priceIds: readonly string[],
  listed: readonly SubscriptionRecord[],
): Map<string, SubscriberBreakdown> {
  const breakdowns = new Map<string, SubscriberBreakdown>(
    priceIds.map((id) => [id, { subscribers_by_currency: {}, subscribers_scheduled: {} }]),
  );
  for (const subscription of new Map(listed.map((s) => [s.id, s])).values()) {
    for (const id of new Set(subscription.items.map((item) => item.price_id))) {
      const of = breakdowns.get(id);
      if (of) add(of, subscription);
    }
  }
  return breakdowns;
}
