// /subscriptions: list (Paddle's filters), get (include next_transaction and
// recurring_transaction_details), update and preview an update of items
// (developer.paddle.com/api-reference/subscriptions). All statuses are listed unless `status`
// narrows them.
import { SCHEDULED_CHANGE_ACTIONS, SUBSCRIPTION_STATUSES } from '../../paddle-facts/subscriptions.js';
import { badRequest, entityArchived, notFound } from '../api-error.js';
import type { Reply, Route, RouteContext } from '../core.js';
import { timestamp } from '../ids.js';
import { CATALOG_LIST, enumFilter, idFilter, listReply } from '../list.js';
import { nonCatalogItem } from '../preview/request.js';
import { periodAfterNextEnds } from '../renewal-schedule.js';
import {
  checkCanCharge,
  checkChangeAllowed,
  checkChangeBody,
  type SubscriptionChange,
} from '../rules/subscription-update.js';
import type { AccountState } from '../state.js';
import {
  type ChangeBill,
  changeBill,
  linesTotal,
  previewDetails,
  recurringLines,
  type TaxPlace,
  taxPlace,
  updateSummary,
} from '../subscription-billing.js';
import { subscriptionItem } from '../subscription-shape.js';
import type { WireRecord } from '../types.js';
import { type Body, isObject } from '../validate.js';
import { findOr404, includes, pathPattern } from './common.js';

// Paddle's include values; both need only subscription.read (OpenAPI include_subscription_query)
const INCLUDES = {
  next_transaction: 'subscription.read',
  recurring_transaction_details: 'subscription.read',
};

function list(ctx: RouteContext): Reply {
  const q = ctx.query;
  const ids = idFilter(q, 'id', 'sub');
  const customers = idFilter(q, 'customer_id', 'ctm');
  const prices = idFilter(q, 'price_id', 'pri');
  const addresses = idFilter(q, 'address_id', 'add');
  const statuses = enumFilter(q, 'status', SUBSCRIPTION_STATUSES);
  const modes = enumFilter(q, 'collection_mode', ['automatic', 'manual']);
  const actions = enumFilter(q, 'scheduled_change_action', SCHEDULED_CHANGE_ACTIONS);
  const records = ctx.account.state.subscriptions
    .all()
    .filter(
      (s) =>
        (!ids || ids.includes(s.id)) &&
        (!customers || customers.includes(s.customer_id)) &&
        (!prices || s.items.some((item: WireRecord) => prices.includes(item.price?.id))) &&
        (!addresses || addresses.includes(s.address_id)) &&
        (!statuses || statuses.includes(s.status)) &&
        (!modes || modes.includes(s.collection_mode)) &&
        (!actions || (s.scheduled_change !== null && actions.includes(s.scheduled_change?.action))),
    );
  return listReply(ctx, records, CATALOG_LIST);
}

/** The next renewal: what the items bill for the next period, plus what a change left for it. */
function nextTransaction(
  state: AccountState,
  subscription: WireRecord,
  place: TaxPlace,
  extra: ChangeBill | null,
): WireRecord | null {
  const next = subscription.next_billed_at as string | null;
  if (!next) return null;
  const currency = subscription.currency_code as string;
  const lines = [...recurringLines(subscription.items, currency), ...(extra?.charge ?? [])];
  const credit = linesTotal(extra?.credit ?? [], place);
  return {
    billing_period: { starts_at: next, ends_at: periodAfterNextEnds(state, subscription) },
    details: previewDetails(lines, currency, place, credit),
    adjustments: [],
  };
}

function get(ctx: RouteContext): Reply {
  const include = includes(ctx, INCLUDES);
  const subscription = findOr404(ctx.account.state.subscriptions, ctx.params[0] as string, 'Subscription');
  const place = taxPlace(ctx.account, subscription);
  const extra: WireRecord = {};
  if (include.has('next_transaction'))
    extra.next_transaction = nextTransaction(ctx.account.state, subscription, place, null);
  if (include.has('recurring_transaction_details')) {
    const currency = subscription.currency_code as string;
    extra.recurring_transaction_details = previewDetails(
      recurringLines(subscription.items, currency),
      currency,
      place,
    );
  }
  return { data: { ...subscription, ...extra } };
}

/** A record without its id when the id is null: Paddle's `price` and `product` allow no null id. */
function withoutNullId(record: WireRecord): WireRecord {
  const { id, ...rest } = record;
  return id === null || id === undefined ? rest : record;
}

/**
 * A non-catalog price of a non-catalog product: Paddle's answer must name the price's product_id
 * (OpenAPI `price` requires it) and Paddle does not say which id a preview gives a product it has
 * not made, so the emulator previews non-catalog prices of existing products only.
 */
function refuseNewProduct(price: Body, i: number): void {
  if (!isObject(price.product)) return;
  throw badRequest([{ field: `items[${i}].price.product`, message: 'not supported' }]).withHint(
    'the emulator previews a non-catalog price on a subscription with the product_id of an existing product only',
  );
}

/**
 * The items after the change: kept items keep their price snapshot, new ones take the price now,
 * and a non-catalog item (a preview only) takes the price it sends, with no id.
 */
function changedItems(ctx: RouteContext, subscription: WireRecord, change: SubscriptionChange): WireRecord[] {
  const at = timestamp(ctx.core.now());
  const period = subscription.current_billing_period;
  // a new item is billed next when the subscription is
  const context = { status: subscription.status, at, period, next_billed_at: subscription.next_billed_at };
  return (change.items ?? []).map((wanted, i) => {
    if (wanted.price !== undefined) {
      refuseNewProduct(wanted.price, i);
      const item = nonCatalogItem(ctx, wanted as unknown as Body, `items[${i}]`);
      return subscriptionItem(withoutNullId(item.price), withoutNullId(item.product), item.quantity, context);
    }
    const kept = (subscription.items as WireRecord[]).find((item) => item.price.id === wanted.price_id);
    if (kept) {
      const quantity = wanted.quantity ?? kept.quantity;
      return quantity === kept.quantity
        ? structuredClone(kept)
        : { ...structuredClone(kept), quantity, updated_at: at };
    }
    const price = ctx.account.state.prices.get(wanted.price_id as string);
    if (!price) throw notFound('Price', wanted.price_id as string);
    if (price.status === 'archived') throw entityArchived('Price', price.id);
    const product = ctx.account.state.products.get(price.product_id) ?? { id: price.product_id };
    return subscriptionItem(price, product, wanted.quantity ?? 1, context);
  });
}

interface Outcome {
  updated: WireRecord;
  bill: ChangeBill | null;
}

/** The subscription as the change leaves it, and what the change bills; throws Paddle's errors. */
function applyChange(ctx: RouteContext): Outcome {
  const change = checkChangeBody(ctx.body);
  const subscription = findOr404(ctx.account.state.subscriptions, ctx.params[0] as string, 'Subscription');
  const nowMs = ctx.core.now().getTime();
  checkChangeAllowed(subscription, change, nowMs);
  const updated: WireRecord = { ...structuredClone(subscription), updated_at: timestamp(ctx.core.now()) };
  let bill: ChangeBill | null = null;
  if (change.items) {
    updated.items = changedItems(ctx, subscription, change);
    bill = changeBill(subscription, updated.items, change.mode as string, nowMs);
    const place = taxPlace(ctx.account, subscription);
    checkCanCharge(
      subscription,
      change.mode,
      linesTotal(bill.charge, place) - linesTotal(bill.credit, place),
    );
  }
  if (change.body.custom_data !== undefined) updated.custom_data = change.body.custom_data;
  if (change.body.scheduled_change === null && subscription.scheduled_change) {
    updated.scheduled_change = null;
    if (subscription.status !== 'paused') {
      // billed at the period's end again, its items too (a scheduled pause or cancel left them otherwise)
      const next = subscription.current_billing_period?.ends_at ?? null;
      updated.next_billed_at = next;
      for (const item of updated.items as WireRecord[]) if (item.recurring) item.next_billed_at = next;
    }
  }
  return { updated, bill };
}

/**
 * Paddle adds a non-catalog item to a subscription as a custom price of its own; the emulator keeps
 * no custom prices, so it previews such a change but does not make it.
 */
function refuseNonCatalogUpdate(ctx: RouteContext): void {
  const items = Array.isArray(ctx.body.items) ? (ctx.body.items as unknown[]) : [];
  const custom = items.flatMap((item, i) => (isObject(item) && isObject(item.price) ? [i] : []));
  if (custom.length === 0) return;
  throw badRequest(custom.map((i) => ({ field: `items[${i}].price`, message: 'not supported' }))).withHint(
    'the emulator previews a non-catalog item on a subscription (PATCH /subscriptions/{id}/preview) but does not add one',
  );
}

function update(ctx: RouteContext): Reply {
  refuseNonCatalogUpdate(ctx);
  const { updated } = applyChange(ctx);
  const stored = ctx.account.state.subscriptions.get(updated.id) as WireRecord;
  Object.assign(stored, updated);
  return { data: stored };
}

function preview(ctx: RouteContext): Reply {
  const { updated, bill } = applyChange(ctx);
  const { id: _id, ...shape } = updated;
  const currency = updated.currency_code as string;
  const mode = (ctx.body.proration_billing_mode as string | undefined) ?? '';
  const period = updated.current_billing_period as WireRecord | null;
  const place = taxPlace(ctx.account, updated);
  const now =
    bill !== null &&
    period !== null &&
    mode.endsWith('_immediately') &&
    (bill.charge.length > 0 || linesTotal(bill.credit, place) > 0n);
  const later = bill !== null && mode.endsWith('_next_billing_period') ? bill : null;
  return {
    data: {
      ...shape,
      immediate_transaction: now
        ? {
            billing_period: { ...period },
            details: previewDetails(bill.charge, currency, place, linesTotal(bill.credit, place)),
            adjustments: [],
          }
        : null,
      next_transaction: nextTransaction(ctx.account.state, updated, place, later),
      recurring_transaction_details: previewDetails(recurringLines(updated.items, currency), currency, place),
      update_summary: bill && mode !== 'do_not_bill' ? updateSummary(bill, currency, place) : null,
    },
  };
}

export const subscriptionRoutes: Route[] = [
  { method: 'GET', pattern: pathPattern('/subscriptions'), permission: 'subscription.read', handle: list },
  {
    method: 'GET',
    pattern: pathPattern('/subscriptions/{id}'),
    permission: 'subscription.read',
    handle: get,
  },
  {
    method: 'PATCH',
    pattern: pathPattern('/subscriptions/{id}'),
    permission: 'subscription.write',
    handle: update,
  },
  {
    method: 'PATCH',
    pattern: pathPattern('/subscriptions/{id}/preview'),
    // a preview changes nothing: Paddle asks only subscription.read (OpenAPI x-permissions)
    permission: 'subscription.read',
    handle: preview,
  },
];
