// Subscriptions over the real SDK, for moving subscribers between prices: count them, list them,
// change their items. Returns our own records (src/planner/subscribers.ts); SDK classes never leave
// src/paddle, and every answer is checked for shape before it is used (answer-shape.ts).
import type {
  Subscription as SdkSubscription,
  SubscriptionStatus as SdkSubscriptionStatus,
  SubscriptionsResource,
} from '@paddle/paddle-node-sdk';
import { InternalError, RemoteError } from '../errors.js';
import type { ProrationBillingMode } from '../paddle-facts/subscriptions.js';
import type { SubscriptionItem, SubscriptionRecord, SubscriptionsGateway } from '../planner/subscribers.js';
import { checkAnswer, estimatedTotal, subscriptionAnswer } from './answer-shape.js';
import { rawEnvelope } from './raw-api.js';
import { BAD_RESPONSE } from './remote-error.js';
import { callPaddle, createSubscriptions } from './sdk.js';
import {
  IDS_PER_REQUEST,
  idChunks,
  MAX_SUBSCRIPTION_PAGES,
  SUBSCRIPTIONS_PAGE_SIZE,
} from './subscription-lists.js';
import type { Target } from './target.js';

export function paddleSubscriptionsGateway(target: Target, timeoutMs?: number): SubscriptionsGateway {
  const subscriptions = createSubscriptions(target, timeoutMs);
  return {
    count: (operation, priceIds, statuses) =>
      countSubscriptions(target, operation, priceIds, statuses, timeoutMs),
    list: (operation, priceIds, statuses, pace) =>
      listByPrice(subscriptions, operation, priceIds, statuses, pace),
    // any status: one canceled meanwhile is still read (and then left alone)
    read: (operation, ids, pace) =>
      ids.length === 0
        ? Promise.resolve([])
        : listSubscriptions(subscriptions, operation, { id: [...ids] }, pace),
    updateItems: (operation, id, items, proration) =>
      updateItems(subscriptions, operation, id, items, proration),
  };
}

/**
 * One page of one item, for its `estimated_total`: the count Paddle documents for a filtered list
 * (https://developer.paddle.com/api-reference/subscriptions/list-subscriptions; `price_id` and
 * `status` each "a comma-separated list"). Read without the SDK, whose collection reads a missing
 * total as 0 — a count nobody could tell from "no one".
 */
async function countSubscriptions(
  target: Target,
  operation: string,
  priceIds: readonly string[],
  statuses: readonly string[],
  timeoutMs: number | undefined,
): Promise<number> {
  if (priceIds.length > IDS_PER_REQUEST)
    throw new InternalError(`a count names at most ${IDS_PER_REQUEST} prices`);
  const query = new URLSearchParams({
    price_id: priceIds.join(','),
    status: statuses.join(','),
    per_page: '1',
  });
  const path = `/subscriptions?${query.toString()}`;
  const envelope = await rawEnvelope(target, { method: 'GET', path, operation, timeoutMs });
  const total = (envelope.meta?.pagination as { estimated_total?: unknown } | undefined)?.estimated_total;
  return checkAnswer(estimatedTotal, total, 'a count (meta.pagination.estimated_total)', operation);
}

/** The list's filters we send: `price_id` and `status`, or `id` (comma-separated lists, as Paddle takes them). */
interface ListFilter {
  priceId?: string[];
  status?: string[];
  id?: string[];
}

/** Every subscription in `statuses` on any of `priceIds`, a list per IDS_PER_REQUEST ids. */
async function listByPrice(
  subscriptions: SubscriptionsResource,
  operation: string,
  priceIds: readonly string[],
  statuses: readonly string[],
  pace?: () => Promise<void>,
): Promise<SubscriptionRecord[]> {
  const records: SubscriptionRecord[] = [];
  for (const priceId of idChunks(priceIds)) {
    const filter = { priceId, status: [...statuses] };
    records.push(...(await listSubscriptions(subscriptions, operation, filter, pace)));
  }
  return records;
}

async function listSubscriptions(
  subscriptions: SubscriptionsResource,
  operation: string,
  filter: ListFilter,
  pace?: () => Promise<void>,
): Promise<SubscriptionRecord[]> {
  return callPaddle(operation, async () => {
    const collection = subscriptions.list({
      ...filter,
      status: filter.status as SdkSubscriptionStatus[] | undefined,
      perPage: SUBSCRIPTIONS_PAGE_SIZE,
    });
    const records: SubscriptionRecord[] = [];
    for (let page = 0; collection.hasMore; page += 1) {
      if (page >= MAX_SUBSCRIPTION_PAGES) throw tooManyPages(operation);
      await pace?.();
      for (const subscription of await collection.next()) records.push(checked(subscription, operation));
    }
    return records;
  });
}

/**
 * `PATCH /subscriptions/{id}` with every item (Paddle removes the items a PATCH leaves out) and the
 * proration billing mode it requires when items change
 * (https://developer.paddle.com/api-reference/subscriptions/update-subscription).
 */
async function updateItems(
  subscriptions: SubscriptionsResource,
  operation: string,
  id: string,
  items: readonly SubscriptionItem[],
  proration: ProrationBillingMode,
): Promise<SubscriptionRecord> {
  const body = {
    items: items.map((item) => ({ priceId: item.price_id, quantity: item.quantity })),
    prorationBillingMode: proration,
  };
  return callPaddle(operation, async () => checked(await subscriptions.update(id, body), operation));
}

function tooManyPages(operation: string): RemoteError {
  const detail = `stopped paging: the list goes on past ${MAX_SUBSCRIPTION_PAGES} pages`;
  return new RemoteError({ code: BAD_RESPONSE, detail, operation });
}

const checked = (subscription: SdkSubscription, operation: string): SubscriptionRecord =>
  checkAnswer(subscriptionAnswer, toRecord(subscription), 'a subscription', operation);

function toRecord(subscription: SdkSubscription): SubscriptionRecord {
  return {
    id: subscription.id,
    status: subscription.status,
    currency_code: subscription.currencyCode,
    items: (subscription.items ?? []).map((item) => ({
      price_id: item.price?.id,
      quantity: item.quantity,
    })) as SubscriptionItem[],
    scheduled_change: subscription.scheduledChange?.action ?? null,
    scheduled_at: subscription.scheduledChange?.effectiveAt ?? null,
    next_billed_at: subscription.nextBilledAt ?? null,
    period_starts_at: subscription.currentBillingPeriod?.startsAt ?? null,
    customer_id: subscription.customerId,
    ...(subscription.billingCycle
      ? {
          billing_cycle: {
            interval: subscription.billingCycle.interval,
            frequency: subscription.billingCycle.frequency,
          },
        }
      : {}),
  };
}
