// What a subscription is billed next, and what a change of its items would bill, as Paddle previews
// them: a page of the subscriptions on a price (GET /subscriptions, list-subscriptions), one
// subscription's next bill as it stands (GET /subscriptions/{id}?include=next_transaction,
// get-subscription) and a preview of a change (PATCH /subscriptions/{id}/preview,
// https://developer.paddle.com/api-reference/subscriptions/preview-subscription-update: "your response
// includes immediate_transaction, next_transaction, and recurring_transaction_details"). Direct
// calls, so a non-catalog price goes as the wire body it is; every answer is checked for shape.
import { z } from 'zod';
import type { ProrationBillingMode } from '../paddle-facts/subscriptions.js';
import type { MovedStatus, SubscriptionRecord } from '../planner/subscribers.js';
import { checkAnswer, checkList, subscriptionAnswer } from './answer-shape.js';
import type { NonCatalogPrice } from './previews-gateway.js';
import { nextLinkPath, rawApi, rawApiPage } from './raw-api.js';
import { SUBSCRIPTIONS_PAGE_SIZE } from './subscription-lists.js';
import type { Target } from './target.js';

/** A bill's totals as Paddle previews it (OpenAPI `transaction_totals`), in the lowest currency unit. */
export interface BillTotals {
  currency_code: string;
  subtotal: string;
  tax: string;
  total: string;
  /** "total due on a transaction after credits but before any payments" */
  grand_total: string;
}

/**
 * One item of a previewed change: an existing price by id, or a price that does not exist as the
 * catalog wants it yet, sent as a non-catalog price of an existing product (OpenAPI
 * `subscription_item_create_with_price`).
 */
export type PreviewItem =
  | { price_id: string; quantity: number }
  | { price: Extract<NonCatalogPrice, { product_id: string }>; quantity: number };

interface UpdatePreview {
  /** when the subscription is next billed after the change (the preview's next_billed_at) */
  next_billed_at: string | null;
  /** next_transaction's totals: null when Paddle previews none ("scheduled to cancel or pause") */
  next: BillTotals | null;
  /** immediate_transaction's totals: null when the change bills nothing now */
  immediate: BillTotals | null;
}

export interface SubscriptionPreviewsGateway {
  /** one page of the subscriptions with an item on `priceId` in `statuses`; `next` continues it */
  page(
    operation: string,
    priceId: string,
    statuses: readonly MovedStatus[],
    next?: string,
  ): Promise<{ records: SubscriptionRecord[]; next?: string }>;
  /** the subscription's next bill as it stands; null when Paddle shows none */
  nextBill(operation: string, id: string): Promise<BillTotals | null>;
  /** what changing the subscription's items to `items` would bill */
  previewItems(
    operation: string,
    id: string,
    items: readonly PreviewItem[],
    proration: ProrationBillingMode,
  ): Promise<UpdatePreview>;
}

const amount = z.string().regex(/^-?\d+$/, 'expected an amount in the lowest currency unit');
const totals = z.object({
  currency_code: z.string().regex(/^[A-Z]{3}$/, 'expected a currency code'),
  subtotal: amount,
  tax: amount,
  total: amount,
  grand_total: amount,
});
const transaction = z.object({ details: z.object({ totals }) }).nullable();
const timestamp = z.iso.datetime({ offset: true, error: 'expected an RFC 3339 date-time' });
const current = z.object({ next_transaction: transaction });
const preview = z.object({
  next_billed_at: timestamp.nullable(),
  next_transaction: transaction,
  immediate_transaction: transaction,
});
const listed = z.object({
  id: z.string(),
  status: z.string(),
  currency_code: z.string(),
  items: z.array(z.object({ quantity: z.number(), price: z.object({ id: z.string() }) })),
  scheduled_change: z.object({ action: z.string(), effective_at: z.string().nullish() }).nullable(),
  next_billed_at: z.string().nullable(),
  // what the sample's first bill at the new price is stepped by (src/moves/first-bill.ts)
  billing_cycle: z.object({ interval: z.string(), frequency: z.number() }).nullish(),
});

/** Only the totals the tool shows, as Paddle documents them. */
const totalsOf = (t: z.infer<typeof transaction>): BillTotals | null =>
  t === null
    ? null
    : {
        currency_code: t.details.totals.currency_code,
        subtotal: t.details.totals.subtotal,
        tax: t.details.totals.tax,
        total: t.details.totals.total,
        grand_total: t.details.totals.grand_total,
      };

function record(subscription: z.infer<typeof listed>, operation: string): SubscriptionRecord {
  const mapped = {
    id: subscription.id,
    status: subscription.status,
    currency_code: subscription.currency_code,
    items: subscription.items.map((item) => ({ price_id: item.price.id, quantity: item.quantity })),
    scheduled_change: subscription.scheduled_change?.action ?? null,
    scheduled_at: subscription.scheduled_change?.effective_at ?? null,
    next_billed_at: subscription.next_billed_at,
    ...(subscription.billing_cycle
      ? {
          billing_cycle: {
            interval: subscription.billing_cycle.interval,
            frequency: subscription.billing_cycle.frequency,
          },
        }
      : {}),
  };
  return checkAnswer(subscriptionAnswer, mapped, 'a subscription', operation);
}

export function paddleSubscriptionPreviewsGateway(
  target: Target,
  timeoutMs?: number,
): SubscriptionPreviewsGateway {
  return {
    async page(operation, priceId, statuses, next) {
      const query = new URLSearchParams({
        price_id: priceId,
        status: statuses.join(','),
        per_page: String(SUBSCRIPTIONS_PAGE_SIZE),
      });
      const path = next ?? `/subscriptions?${query.toString()}`;
      const page = await rawApiPage(target, { method: 'GET', path, operation, timeoutMs });
      const records = checkList(listed, page.data, 'a list of subscriptions', operation).map((s) =>
        record(s, operation),
      );
      return { records, ...(page.next ? { next: nextLinkPath(target, page.next, operation) } : {}) };
    },
    async nextBill(operation, id) {
      const path = `/subscriptions/${encodeURIComponent(id)}?include=next_transaction`;
      const data = await rawApi(target, { method: 'GET', path, operation, timeoutMs });
      return totalsOf(
        checkAnswer(current, data, 'a subscription with its next transaction', operation).next_transaction,
      );
    },
    async previewItems(operation, id, items, proration) {
      const path = `/subscriptions/${encodeURIComponent(id)}/preview`;
      const body = { items, proration_billing_mode: proration };
      const data = await rawApi(target, { method: 'PATCH', path, body, operation, timeoutMs });
      const checked = checkAnswer(preview, data, 'a subscription preview', operation);
      return {
        next_billed_at: checked.next_billed_at,
        next: totalsOf(checked.next_transaction),
        immediate: totalsOf(checked.immediate_transaction),
      };
    },
  };
}
