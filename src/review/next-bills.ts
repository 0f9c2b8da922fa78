// What a move does to a subscriber's bill: for each move with subscribers, one subscription per
// currency (the next best when Paddle refuses to preview one) is previewed with the items apply
// would send it (PATCH /subscriptions/{id}/preview,
// https://developer.paddle.com/api-reference/subscriptions/preview-subscription-update), beside its next
// bill as it stands. Reads within Paddle's API limit (240 a minute: the 1,000 a minute is for the
// pricing and transaction previews only, developer.paddle.com/api-reference/about/rate-limiting).

import { InternalError, RemoteError } from '../errors.js';
import { type MoveBody, type MovingSubscription, moveBody } from '../moves/compile.js';
import type { Ref } from '../operations/compile.js';
import type { Calls } from '../paddle/calls.js';
import type { NonCatalogPrice } from '../paddle/previews-gateway.js';
import { isFinalRefusal, isForbidden } from '../paddle/remote-error.js';
import type { PreviewItem, SubscriptionPreviewsGateway } from '../paddle/subscription-previews-gateway.js';
import { MOVED_STATUSES, type SubscriberMove, type SubscriptionRecord } from '../planner/subscribers.js';
import type { Plan, PriceChange } from '../planner/types.js';
import { nonCatalogPrice } from './customers.js';
import { samplesOf, timingOf } from './samples.js';
import { isCustomerFacing, previewTargetOf } from './select.js';
import { type NextBill, type NextBills, type Review, reviewMove } from './types.js';

/**
 * Pages of the source's subscriptions read for samples: 5 of 200. Paddle's list has no currency
 * filter, so a currency only subscriptions past the first 1,000 pay in has no sample; the plan says
 * how many were read when there are more.
 * @internal The next-bills test counts the pages read against it.
 */
export const SAMPLE_PAGES = 5;

export interface NextBillsRequest {
  plan: Plan;
  gateway: SubscriptionPreviewsGateway;
  /** the run's paced caller, which its other reads go through: one budget of Paddle's limit for all */
  calls: Calls;
  /** the run's clock: which samples move now and which wait (src/moves/predict.ts) */
  now: number;
}

/** How a move's target is sent: its id, or the catalog's price as a non-catalog price of its product. */
type Naming =
  | { price_id: string }
  | { price: Extract<NonCatalogPrice, { product_id: string }> }
  | { newProduct: true };

/** A price Paddle bills as the catalog wants it already: it exists, is active, and this apply leaves its amounts. */
function billsAsWanted(change: PriceChange | undefined): boolean {
  if (change === undefined) return false;
  if (change.action === 'adopt' && change.archived) return false;
  const inPlace = change.action === 'unchanged' || change.action === 'update' || change.action === 'adopt';
  return inPlace && !isCustomerFacing(change);
}

function naming(plan: Plan, move: SubscriberMove): Naming {
  const change = plan.groups.flatMap((g) => g.prices).find((c) => c.key === move.to);
  if (move.toId !== null && billsAsWanted(change)) return { price_id: move.toId };
  const target = previewTargetOf(plan, move.to);
  if (target?.productId === undefined) return { newProduct: true };
  return { price: nonCatalogPrice(target) as Extract<NonCatalogPrice, { product_id: string }> };
}

/** The body apply would send, a target without an id (or one this apply changes) by its key. */
const sentBody = (planned: MovingSubscription, namings: ReadonlyMap<SubscriberMove, Naming>): MoveBody =>
  moveBody(planned, (move): string | Ref => {
    const named = namings.get(move);
    return named && 'price_id' in named ? named.price_id : { $ref: move.to };
  });

/** The items of that body as a preview takes them, a target by key as its non-catalog price. */
function previewItems(
  body: MoveBody,
  planned: MovingSubscription,
  namings: ReadonlyMap<SubscriberMove, Naming>,
): PreviewItem[] {
  return body.items.map((item) => {
    if (typeof item.price_id === 'string') return { price_id: item.price_id, quantity: item.quantity };
    const ref = item.price_id.$ref;
    const move = planned.moves.find((m) => m.to === ref);
    const named = move && namings.get(move);
    if (!named || !('price' in named)) throw new InternalError(`no price to preview for ${ref}`);
    return { price: named.price, quantity: item.quantity };
  });
}

/** What a sample holds after the move: each item by its catalog key where it has one, and quantity. */
function sampleItems(plan: Plan, body: MoveBody): NonNullable<NextBill['items']> {
  const keys = new Map(plan.groups.flatMap((g) => g.prices).map((change) => [change.id, change.key]));
  return body.items.map(({ price_id, quantity }) =>
    typeof price_id === 'string'
      ? { key: keys.get(price_id) ?? null, price_id, quantity }
      : { key: price_id.$ref, price_id: null, quantity },
  );
}

async function readSource(
  gateway: SubscriptionPreviewsGateway,
  calls: Calls,
  move: SubscriberMove,
): Promise<{ read: SubscriptionRecord[]; more: boolean }> {
  const read: SubscriptionRecord[] = [];
  let next: string | undefined;
  for (let page = 0; page < SAMPLE_PAGES; page += 1) {
    const operation = `list subscriptions of ${move.from} for samples`;
    const answer = await calls.run('read', () =>
      gateway.page(operation, move.fromId as string, MOVED_STATUSES, next),
    );
    read.push(...answer.records);
    next = answer.next;
    if (next === undefined) return { read, more: false };
  }
  return { read, more: true };
}

/**
 * A refusal of Paddle's about this one subscription (a 4xx but a 403, which is about the key, or a
 * 429; or Paddle's final 501, as for a paused one under a prorating mode): shown, the review goes on.
 */
const isRefusal = (error: unknown): error is RemoteError =>
  error instanceof RemoteError &&
  (isFinalRefusal(error) ||
    ((error.details.status ?? 0) >= 400 &&
      (error.details.status ?? 0) < 500 &&
      error.details.status !== 403 &&
      error.code !== 'too_many_requests'));

async function previewSample(
  request: NextBillsRequest,
  calls: Calls,
  move: SubscriberMove,
  planned: MovingSubscription,
  namings: ReadonlyMap<SubscriberMove, Naming>,
): Promise<NextBill> {
  const { gateway } = request;
  const { subscription } = planned;
  const body = sentBody(planned, namings);
  const sample = {
    currency_code: subscription.currency_code,
    subscription: subscription.id,
    items: sampleItems(request.plan, body),
    target: 'price_id' in (namings.get(move) ?? {}) ? ('price_id' as const) : ('non_catalog' as const),
    ...timingOf(move, planned, request.now),
  };
  const operation = `preview moving ${subscription.id} to ${move.to}`;
  try {
    const [was, preview] = await Promise.all([
      calls.run('read', () => gateway.nextBill(`read the next bill of ${subscription.id}`, subscription.id)),
      calls.run('read', () =>
        gateway.previewItems(
          operation,
          subscription.id,
          previewItems(body, planned, namings),
          move.proration,
        ),
      ),
    ]);
    return {
      ...sample,
      was,
      next: preview.next ? { at: preview.next_billed_at, totals: preview.next } : null,
      ...(preview.immediate ? { immediate: preview.immediate } : {}),
    };
  } catch (error) {
    if (!isRefusal(error)) throw error;
    return { ...sample, was: null, next: null, refused: { code: error.code, detail: error.message } };
  }
}

async function moveBills(
  request: NextBillsRequest,
  calls: Calls,
  move: SubscriberMove,
  namings: ReadonlyMap<SubscriberMove, Naming>,
): Promise<NextBills> {
  if ('newProduct' in (namings.get(move) ?? {})) return { samples: [], notPreviewed: 'new_product' };
  const { read, more } = await readSource(request.gateway, calls, move);
  const previewable = (m: SubscriberMove) => !('newProduct' in (namings.get(m) ?? {}));
  const moves = request.plan.moves ?? [];
  // a currency's subscriptions one after the other, until Paddle previews one: the last refusal stands
  const firstPreviewed = async ([first, ...rest]: MovingSubscription[]): Promise<NextBill> => {
    const bill = await previewSample(request, calls, move, first as MovingSubscription, namings);
    return bill.refused && rest.length > 0 ? firstPreviewed(rest) : bill;
  };
  const samples = await Promise.all(
    samplesOf(move, moves, read, previewable, request.now).map(firstPreviewed),
  );
  return { samples, ...(more ? { sampledFrom: read.length } : {}) };
}

/** A move whose source holds subscriptions, counted: one the review previews. */
function hasSubscribers(move: SubscriberMove): boolean {
  const counts = move.subscribers;
  return (
    move.fromId !== null && counts !== undefined && MOVED_STATUSES.some((status) => counts[status] !== 0)
  );
}

/**
 * Each move's next bills, in the review's moves. A move whose subscribers could not be counted (a key
 * without subscription.read) is not previewed, its line says so; a 403 here gets one line in the review.
 */
export async function reviewNextBills(request: NextBillsRequest, review: Review): Promise<void> {
  const { plan, calls } = request;
  const moves = plan.moves ?? [];
  const namings = new Map(moves.map((move) => [move, naming(plan, move)]));
  try {
    const bills = await Promise.all(
      moves.map((move) => (hasSubscribers(move) ? moveBills(request, calls, move, namings) : undefined)),
    );
    moves.forEach((move, i) => {
      const nextBills = bills[i];
      if (nextBills) reviewMove(review, move, { nextBills });
    });
  } catch (error) {
    if (!isForbidden(error)) throw error;
    review.unavailable.push(
      'Next bills of moved subscribers are not shown: the API key may not preview subscription changes (it needs subscription.read).',
    );
  }
}
