// The review of a plan: what customers in each review country pay for the prices it creates or
// changes, and how many subscriptions bill the prices it changes or archives. Read through the
// gateways (src/paddle), paced: previews within Paddle's preview limit, counts within its API limit.
// A key that may not read one of them gets a line saying what is not shown; the plan goes on.
import type { Calls, RunCallers } from '../paddle/calls.js';
import type { PreviewsGateway } from '../paddle/previews-gateway.js';
import { isForbidden } from '../paddle/remote-error.js';
import { countSubscribers } from '../paddle/subscriber-counts.js';
import type { SubscriptionPreviewsGateway } from '../paddle/subscription-previews-gateway.js';
import type { CustomerPrice } from '../planner/customer-prices.js';
import { changesFeatures } from '../planner/features.js';
import {
  MOVED_STATUSES,
  type SubscriberCounts,
  type SubscriberMove,
  type SubscriptionsGateway,
} from '../planner/subscribers.js';
import type { Plan } from '../planner/types.js';
import { previewCustomers } from './customers.js';
import { reviewNextBills } from './next-bills.js';
import { countTargets, type MoveTarget, moveTargets, previewTargets } from './select.js';
import { moveKey, type Review, reviewMove } from './types.js';

export interface ReviewGateways {
  previews: PreviewsGateway;
  subscriptions: Pick<SubscriptionsGateway, 'count' | 'list'>;
  /** the next bills of moved subscribers (next-bills.ts) */
  subscriptionPreviews: SubscriptionPreviewsGateway;
}

export interface ReviewRequest {
  plan: Plan;
  gateways: ReviewGateways;
  /** the countries previewed beside each price's override countries */
  countries: readonly string[];
  /** the run's callers: counts and next bills within Paddle's API limit, previews within theirs */
  callers: RunCallers;
  /** the run's clock: which next-bill samples move now and which wait */
  now: number;
}

async function reviewSubscribers(request: ReviewRequest, review: Review, calls: Calls): Promise<void> {
  const targets = countTargets(request.plan);
  if (targets.length === 0) return;
  try {
    const ids = targets.map((target) => target.id);
    const counts = await countSubscribers(request.gateways.subscriptions, calls, ids);
    for (const target of targets) {
      const counted = counts.get(target.id);
      const { counts: subscribers, breakdown } = counted ?? {};
      review.prices[target.key] = { ...review.prices[target.key], subscribers, ...breakdown };
    }
  } catch (error) {
    if (!isForbidden(error)) throw error;
    review.unavailable.push(subscribersUnread(request.plan));
  }
}

/** Why no subscriber is counted; the moves' next bills need their counts too (next-bills.ts). */
const subscribersUnread = (plan: Plan) =>
  `Subscribers are not counted${(plan.moves ?? []).length > 0 ? ' and the next bills of moved ones not shown' : ''}: ` +
  'the API key may not list subscriptions (it needs subscription.read).';

/** A move whose source price exists but whose subscribers were not counted (planAccount's count got a 403). */
const uncountedMove = (move: SubscriberMove) => move.fromId !== null && move.subscribers === undefined;

/** Each move's customers, as previewed under the move's key, in the review's moves. */
function reviewMoveCustomers(review: Review, moves: MoveTarget[], customers: Map<string, CustomerPrice[]>) {
  for (const { move } of moves) {
    const lines = customers.get(moveKey(move));
    if (lines) reviewMove(review, move, { customers: lines });
  }
}

/** What customers pay for each price changed and each move. */
async function reviewCustomers(request: ReviewRequest, review: Review): Promise<void> {
  const [prices, moves] = [previewTargets(request.plan), moveTargets(request.plan)];
  const targets = [...prices, ...moves.map((m) => m.target)];
  if (targets.length === 0) return;
  const run = <T>(call: () => Promise<T>) => request.callers.previews.run('read', call);
  try {
    const customers = await previewCustomers(request.gateways.previews, run, targets, request.countries);
    for (const { key } of prices)
      review.prices[key] = { ...review.prices[key], customers: customers.get(key) };
    reviewMoveCustomers(review, moves, customers);
  } catch (error) {
    if (!isForbidden(error)) throw error;
    review.unavailable.push(
      'What customers pay is not shown: the API key may not preview prices (it needs transaction.read).',
    );
  }
}

/**
 * The review: the prices' previews and counts, and each move's customers and next bills (by the
 * move's key). The counts and the next bills go through the run's paced caller, with its account
 * reads, so together they stay within Paddle's 240-a-minute limit; the price previews have a limit
 * of their own.
 */
export async function reviewPlan(request: ReviewRequest): Promise<Review> {
  const review: Review = { prices: {}, moves: {}, countries: [...request.countries], unavailable: [] };
  const { plan, gateways, callers } = request;
  await reviewCustomers(request, review);
  await reviewSubscribers(request, review, callers.calls);
  const line = subscribersUnread(plan);
  if ((plan.moves ?? []).some(uncountedMove) && !review.unavailable.includes(line))
    review.unavailable.push(line);
  await reviewNextBills(
    { plan, gateway: gateways.subscriptionPreviews, calls: callers.calls, now: request.now },
    review,
  );
  return review;
}

/** The existing prices a change touches: updated, replaced, archived, or of a product whose features change. */
function touchedPrices(plan: Plan) {
  const changed = plan.groups
    .flatMap((group) => group.prices)
    .filter(
      (change) => change.action === 'update' || change.action === 'replace' || change.action === 'archive',
    );
  // a product whose features change touches the subscribers of every price it has
  const featured = plan.groups.filter((g) => changesFeatures(g.product)).flatMap((g) => g.prices);
  return [...changed, ...featured].filter((change) => change.id);
}

/**
 * The keys of the prices a change touches whose subscribers the review could not count (a key
 * without subscription.read): a move's source price, a price changed or archived.
 */
export function uncountedPrices(plan: Plan, review: Review | undefined): string[] {
  const prices = review
    ? touchedPrices(plan).filter((change) => review.prices[change.key]?.subscribers === undefined)
    : [];
  const moves = (plan.moves ?? []).filter(uncountedMove);
  return [...new Set([...prices.map((change) => change.key), ...moves.map((move) => move.from)])];
}

/**
 * Whether a change touches subscribers: a price it updates, replaces or archives, a product whose
 * features it changes, or a move, with any subscription on it. An orphan plain plan only names is no
 * change. A count Paddle did not make (-1) may hide some, so it counts as touching; so does a price
 * whose subscribers could not be counted at all (uncountedPrices): nobody saw that none are there.
 */
export function touchesSubscribers(plan: Plan, review: Review | undefined): boolean {
  const any = (counts: SubscriberCounts | undefined) =>
    counts !== undefined && MOVED_STATUSES.some((status) => counts[status] !== 0);
  return (
    touchedPrices(plan).some((change) => any(review?.prices[change.key]?.subscribers)) ||
    (plan.moves ?? []).some((move) => any(move.subscribers)) ||
    uncountedPrices(plan, review).length > 0
  );
}
