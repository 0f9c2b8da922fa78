// A subscription as Paddle sends it (OpenAPI `subscription`), built from the short form a seed may
// give ({id, customer_id, status, currency_code, items: [{price_id, quantity}], optional dates and
// scheduled_change}). Each item carries the price and product as they were when the item was added
// (changelog 2024-02-07 and 2024-07-08: subscription items hold a snapshot of their price).
import type { IdFactory } from './ids.js';
import { addCycles, type BillingCycle } from './renewal-schedule.js';
import { billingDetails } from './transaction-shape.js';
import type { WireRecord } from './types.js';

const MONTHLY = { interval: 'month', frequency: 1 };

export interface ItemContext {
  /** the subscription's status: a trialing subscription's items are trialing */
  status: string;
  at: string;
  period: { starts_at: string; ends_at: string } | null;
  /** when the subscription is next billed, if not at the period's end (its items are too) */
  next_billed_at?: string | null;
}

/** One item of a subscription: the price and product as they are now, with its billing dates. */
export function subscriptionItem(
  price: WireRecord,
  product: WireRecord,
  quantity: number,
  ctx: ItemContext,
): WireRecord {
  const recurring = price.billing_cycle !== null && price.billing_cycle !== undefined;
  const trialing = ctx.status === 'trialing';
  return {
    // a canceled subscription's items stay active, as Paddle's examples of one show them (OpenAPI
    // cancel-subscription 200, webhooks subscription.canceled)
    status: trialing ? 'trialing' : 'active',
    quantity,
    recurring,
    created_at: ctx.at,
    updated_at: ctx.at,
    previously_billed_at: trialing ? null : (ctx.period?.starts_at ?? null),
    next_billed_at: recurring
      ? ctx.next_billed_at !== undefined
        ? ctx.next_billed_at
        : (ctx.period?.ends_at ?? null)
      : null,
    trial_dates: trialing && ctx.period ? { ...ctx.period } : null,
    price: structuredClone(price),
    product: structuredClone(product),
  };
}

/** A seeded subscription in Paddle's full shape: its items already hold price objects. */
function isFullSubscription(seed: WireRecord): boolean {
  const items = seed.items as WireRecord[] | undefined;
  return Array.isArray(items) && items.length > 0 && typeof items[0]?.price === 'object';
}

/** Where to find the prices and products a short-form subscription names. */
export interface CatalogLookup {
  price(id: string): WireRecord | undefined;
  product(id: string): WireRecord | undefined;
}

interface Dates {
  period: { starts_at: string; ends_at: string } | null;
  next_billed_at: string | null;
}

/**
 * When a subscription with `change` scheduled is next billed, its items too, instead of at `periodEnd`:
 * a cancel or a pause at the end of the period leaves it nothing to bill, except a pause with a
 * resume date, billed on resuming then, as Paddle's pause example shows (OpenAPI pause-subscription
 * 200: next_billed_at, its items' too, equal to scheduled_change.resume_at; the API reference's
 * next_billed_at is "when this subscription is next scheduled to be billed", and a resume bills a
 * new period by default: developer.paddle.com/api-reference/subscriptions/resume-subscription).
 * A paused subscription's scheduled resume changes nothing here: Paddle shows no example of one.
 */
export function nextBilledWith(
  change: WireRecord | null | undefined,
  periodEnd: string | null,
): string | null {
  if (change?.action === 'cancel') return null;
  if (change?.action === 'pause') return (change.resume_at as string | null | undefined) ?? null;
  return periodEnd;
}

/**
 * The billing period and next billing date a short form implies for its status. A paused one keeps
 * its period, as a pause now does ("Paddle retains the billing period against the subscription when
 * you pause", developer.paddle.com/changelog/2024/resume-subscription-billing-period-options), and is
 * billed nothing until it resumes.
 */
function billingDates(seed: WireRecord, startedAt: string, cycle: BillingCycle): Dates {
  if (seed.status === 'canceled') {
    return { period: seed.current_billing_period ?? null, next_billed_at: seed.next_billed_at ?? null };
  }
  const given = (seed.next_billed_at as string | null | undefined) ?? undefined;
  const next = given ?? addCycles(startedAt, cycle);
  // a period from the start keeps its day (31 Jan to 28 Feb); one back from a given date may clamp
  const starts = given === undefined ? startedAt : addCycles(given, cycle, -1);
  const period = seed.current_billing_period ?? { starts_at: starts, ends_at: next };
  // one paused with no period, as Paddle left one paused before then, is seeded with null
  if (seed.status === 'paused')
    return { period: seed.current_billing_period === null ? null : period, next_billed_at: given ?? null };
  return { period, next_billed_at: nextBilledWith(seed.scheduled_change, next) };
}

function scheduledChange(seed: WireRecord, dates: Dates): WireRecord | null {
  const change = seed.scheduled_change as WireRecord | null | undefined;
  if (!change) return null;
  return {
    action: change.action,
    effective_at: change.effective_at ?? dates.period?.ends_at ?? dates.next_billed_at,
    resume_at: change.resume_at ?? null,
  };
}

function shortItems(seed: WireRecord, catalog: CatalogLookup, ctx: ItemContext): WireRecord[] {
  return (seed.items as WireRecord[]).map((item) => {
    const price = catalog.price(item.price_id);
    if (!price)
      throw new Error(`seed subscription ${seed.id ?? ''}: no price ${item.price_id} in the account`);
    const product = catalog.product(price.product_id) ?? { id: price.product_id };
    return subscriptionItem(price, product, (item.quantity as number | undefined) ?? 1, ctx);
  });
}

/** Expands a short-form subscription; a full one is kept as given (given an id when it has none). */
export function expandSubscription(
  seed: WireRecord,
  catalog: CatalogLookup,
  ids: IdFactory,
  defaultAt: string,
): WireRecord {
  if (isFullSubscription(seed)) {
    // an id left out is made, as a short form's is: a record without one could not be read back
    const id = (seed.id as string | undefined) ?? ids.next('sub', Date.parse(seed.created_at ?? defaultAt));
    return { id, ...structuredClone(seed) };
  }
  const createdAt = (seed.created_at as string | undefined) ?? defaultAt;
  const startedAt = (seed.started_at as string | undefined) ?? createdAt;
  const firstPrice = catalog.price((seed.items as WireRecord[])[0]?.price_id);
  const cycle = seed.billing_cycle ?? firstPrice?.billing_cycle ?? MONTHLY;
  const status = seed.status as string;
  // a trialing subscription's period is its trial: the price's trial_period from its start
  // (developer.paddle.com/build/trials/extend-activate-change-date-trials)
  const trial = status === 'trialing' ? (firstPrice?.trial_period as BillingCycle | null | undefined) : null;
  const dates = billingDates(seed, startedAt, trial ?? cycle);
  const items = shortItems(seed, catalog, {
    status,
    at: createdAt,
    period: dates.period,
    next_billed_at: dates.next_billed_at,
  });
  const atMs = Date.parse(createdAt);
  const id = (seed.id as string | undefined) ?? ids.next('sub', atMs);
  const mode = (seed.collection_mode as string | undefined) ?? 'automatic';
  return {
    id,
    status,
    customer_id: seed.customer_id,
    address_id: (seed.address_id as string | undefined) ?? ids.next('add', atMs),
    business_id: seed.business_id ?? null,
    currency_code: seed.currency_code,
    created_at: createdAt,
    updated_at: (seed.updated_at as string | undefined) ?? createdAt,
    started_at: startedAt,
    first_billed_at: seed.first_billed_at ?? (status === 'trialing' ? null : startedAt),
    next_billed_at: dates.next_billed_at,
    paused_at: seed.paused_at ?? (status === 'paused' ? createdAt : null),
    canceled_at: seed.canceled_at ?? (status === 'canceled' ? createdAt : null),
    discount: seed.discount ?? null,
    collection_mode: mode,
    billing_details: seed.billing_details ?? billingDetails(mode),
    current_billing_period: dates.period,
    billing_cycle: { ...cycle },
    scheduled_change: scheduledChange(seed, dates),
    management_urls: managementUrls(id, mode),
    items,
    custom_data: seed.custom_data ?? null,
    import_meta: null,
  };
}

/** The customer portal links Paddle gives (OpenAPI `subscription_management_urls`). */
function managementUrls(id: string, mode: string): WireRecord {
  const base = `https://sandbox-buyer-portal.paddle.com/subscriptions/${id}`;
  return {
    update_payment_method: mode === 'automatic' ? `${base}/update-payment-method` : null,
    cancel: `${base}/cancel`,
  };
}
