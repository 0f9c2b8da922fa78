// Subscribers who move with the catalog: the shape of a move a catalog's `subscribers_from` asks
// for (plan-moves.ts finds them), and the subscriptions they touch, in our own types (src/paddle maps
// Paddle's subscription entity into these; nothing here does I/O).
import type {
  ProrationBillingMode,
  SCHEDULED_CHANGE_ACTIONS,
  SubscriptionStatus,
} from '../paddle-facts/subscriptions.js';
import type { MoveVerdicts } from './verdicts.js';

/**
 * The statuses whose subscriptions are counted and moved. A canceled subscription bills no more
 * and Paddle refuses changes to it (`subscription_update_when_canceled`, its error reference), so
 * it is neither counted nor moved; a paused or past-due one still has items that its next bill
 * charges. (https://developer.paddle.com/api-reference/subscriptions/overview: `status`)
 */
export const MOVED_STATUSES = [
  'active',
  'trialing',
  'past_due',
  'paused',
] as const satisfies readonly SubscriptionStatus[];
export type MovedStatus = (typeof MOVED_STATUSES)[number];

/** What a scheduled change does (OpenAPI `subscription_scheduled_change.action`). */
export type ScheduledAction = (typeof SCHEDULED_CHANGE_ACTIONS)[number];

/** Of each status, the subscriptions with a scheduled change, by its action; a status with none is left out. */
export type ScheduledCounts = Partial<Record<MovedStatus, Partial<Record<ScheduledAction, number>>>>;

/** Named as `plan --json` names them, so a review carries them as they are shown. */
export interface SubscriberBreakdown {
  /** by currency code */
  subscribers_by_currency: Record<string, number>;
  subscribers_scheduled: ScheduledCounts;
}

/** How many subscriptions of each status have an item on a price, as Paddle counts them. */
export type SubscriberCounts = Record<MovedStatus, number>;

export interface SubscriptionItem {
  price_id: string;
  quantity: number;
}

/** A subscription as a move reads it: what its PATCH must send back, and what the review shows. */
export interface SubscriptionRecord {
  id: string;
  status: string;
  currency_code: string;
  items: SubscriptionItem[];
  /** `cancel`, `pause` or `resume` when one is scheduled (Paddle has no scheduled price change) */
  scheduled_change: string | null;
  /** when the scheduled change takes effect (its `effective_at`); absent where not read */
  scheduled_at?: string | null;
  next_billed_at: string | null;
  /** the customer it bills (`ctm_…`); absent where not read */
  customer_id?: string;
  /** how often it renews; absent where not read */
  billing_cycle?: { interval: string; frequency: number };
  /**
   * when its current billing period began (`current_billing_period.starts_at`; null when it has
   * none, as a paused one); absent where not read. A past-due one has owed that period's renewal
   * since then
   */
  period_starts_at?: string | null;
}

/** What moving subscribers needs from Paddle; src/paddle implements it over the SDK. */
export interface SubscriptionsGateway {
  /**
   * `estimated_total` of a list with `price_id` and `status` filters (each a comma-separated list,
   * so it counts the subscriptions with an item on any of the prices, in any of the statuses)
   */
  count(operation: string, priceIds: readonly string[], statuses: readonly MovedStatus[]): Promise<number>;
  /**
   * every subscription of these statuses with an item on one of `priceIds`, page by page; `pace` is
   * awaited before each page, so each one counts against the rate limit
   */
  list(
    operation: string,
    priceIds: readonly string[],
    statuses: readonly MovedStatus[],
    pace?: () => Promise<void>,
  ): Promise<SubscriptionRecord[]>;
  /** the subscriptions with these ids, whatever their status (`id` filter), page by page as `list` */
  read(operation: string, ids: readonly string[], pace?: () => Promise<void>): Promise<SubscriptionRecord[]>;
  /** `PATCH /subscriptions/{id}` with the full items list and the proration billing mode */
  updateItems(
    operation: string,
    id: string,
    items: readonly SubscriptionItem[],
    proration: ProrationBillingMode,
  ): Promise<SubscriptionRecord>;
}

/** One price's subscribers moving to another, as the catalog asks and the account stands. */
export interface SubscriberMove {
  kind: 'subscribers';
  /** `pro/monthly` */
  from: string;
  /** `pro/monthly-2027` */
  to: string;
  /** the source's id in the account; null while it does not exist (no one is on it yet) */
  fromId: string | null;
  /** the target's id in the account; null when this apply creates it */
  toId: string | null;
  proration: ProrationBillingMode;
  /** the first day the target may bill a moved subscription (`YYYY-MM-DD`, UTC): the catalog's `bills_from` */
  billsFrom?: string;
  /** the subscriptions on the source when the plan was made; absent when they could not be counted */
  subscribers?: SubscriberCounts;
  /** what the run does with each subscription on the source, as the plan read them; absent when not read */
  verdicts?: MoveVerdicts;
  /** those subscriptions by currency and scheduled change; absent where they were not listed */
  breakdown?: SubscriberBreakdown;
  /**
   * --dedupe: the source is an extra twin of the key (`from` and `to` are that key), archived once
   * its subscribers are on the kept twin, this id (`toId`) (twin-moves.ts)
   */
  duplicateOf?: string;
  /** why its subscribers cannot move to the kept twin: apply refuses to archive it while it has any */
  blocked?: string;
}

/** No subscription in any status. */
export const NO_SUBSCRIBERS: SubscriberCounts = { active: 0, trialing: 0, past_due: 0, paused: 0 };

/**
 * The subscriptions listed with an item on each of `priceIds`, counted by status (a subscription
 * listed twice counts once; one with items on two of the prices counts for each).
 */
export function countByPrice(
  priceIds: readonly string[],
  listed: readonly SubscriptionRecord[],
): Map<string, SubscriberCounts> {
  const counts = new Map(priceIds.map((id) => [id, { ...NO_SUBSCRIBERS }]));
  for (const subscription of new Map(listed.map((s) => [s.id, s])).values()) {
    const status = subscription.status as MovedStatus;
    if (!MOVED_STATUSES.includes(status)) continue;
    for (const id of new Set(subscription.items.map((item) => item.price_id))) {
      const of = counts.get(id);
      if (of) of[status] += 1;
    }
  }
  return counts;
}

/**
 * Each move with the subscriptions listed on its source counted by status: apply lists every one it
 * moves, so it counts them without asking Paddle for estimates.
 */
export function countListed(
  moves: readonly SubscriberMove[],
  listed: readonly SubscriptionRecord[],
): SubscriberMove[] {
  const sources = moves.flatMap((move) => (move.fromId === null ? [] : [move.fromId]));
  const counts = countByPrice(sources, listed);
  return moves.map((move) =>
    move.fromId === null
      ? move
      : { ...move, subscribers: { ...(counts.get(move.fromId) ?? NO_SUBSCRIBERS) } },
  );
}
