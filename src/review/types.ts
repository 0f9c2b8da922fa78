// A plan's consequences for customers: what each review country pays for a price before and after
// the change, how many subscriptions bill it, and what each subscriber move does to the bills of the
// subscriptions on its source. Values only; review.ts reads them from Paddle.
import type { BillTotals } from '../paddle/subscription-previews-gateway.js';
import type { CustomerPrice } from '../planner/customer-prices.js';
import type { SubscriberBreakdown, SubscriberCounts, SubscriberMove } from '../planner/subscribers.js';
import type { Verdict } from '../planner/verdicts.js';

/** @public docs/architecture.md's glossary names it (test/architecture/glossary.test.ts). */
export interface PriceReview extends Partial<SubscriberBreakdown> {
  customers?: CustomerPrice[];
  /** subscriptions that bill the price, by status, as Paddle counts them */
  subscribers?: SubscriberCounts;
}

/**
 * One subscription of a currency that the move changes, with Paddle's preview of the change
 * (PATCH /subscriptions/{id}/preview) sent with the items apply would send.
 */
export interface NextBill {
  currency_code: string;
  /** the sample subscription's id */
  subscription: string;
  /** what it holds after the move, as the preview is sent: each item's catalog key (null: not the catalog's), price id (null: made by this apply) and quantity */
  items?: Array<{ key: string | null; price_id: string | null; quantity: number }>;
  /** how the target was sent: its id, or (a price this apply makes or changes) as a non-catalog price of the catalog's amounts */
  target: 'price_id' | 'non_catalog';
  /** its next bill as it stands (its next_transaction); null when Paddle shows none */
  was: BillTotals | null;
  /** the preview's next_transaction and the next_billed_at it gives; null when Paddle previews none */
  next: { at: string | null; totals: BillTotals } | null;
  /** the preview's immediate_transaction: what the change bills now; absent when it bills nothing now */
  immediate?: BillTotals;
  /** Paddle would not preview the change for this subscription: its error code and words */
  refused?: { code: string; detail: string };
  /** what a run does with the sample now (moves now, waits, …), under every move that takes it; absent in plans saved before it was shown */
  verdict?: Verdict;
  /** why it waits, will not move, or is not predicted */
  reason?: string;
  /** it waits: the day (YYYY-MM-DD) it first pays the new price, words where no day can be said, null where none comes */
  first_bill?: string | null;
}

/** The review's samples of a move, one per currency among the subscriptions read. */
export interface NextBills {
  /** by currency code */
  samples: NextBill[];
  /** the subscriptions read to find them, when more are on the source than were read */
  sampledFrom?: number;
  /** Paddle was not asked: the target is a new price of a new product */
  notPreviewed?: 'new_product';
}

/** The review of one subscriber move. */
export interface MoveReview {
  /** per review country, one unit of the source as Paddle previews it now (`before`) and of the target after, both with tax */
  customers?: CustomerPrice[];
  /** what a sample subscription per currency is billed after the move */
  nextBills?: NextBills;
}

export interface Review {
  /** by price key, `pro/monthly` */
  prices: Record<string, PriceReview>;
  /** by the move's key (moveKey): the moves previewed */
  moves?: Record<string, MoveReview>;
  /** the countries previewed beside each price's override countries */
  countries: string[];
  /** one line for each part Paddle would not show (a key without the permission), and why */
  unavailable: string[];
}

/**
 * The key a move's review and preview go by: `pro/monthly → pro/monthly-2027` (no price key holds an
 * arrow); a --dedupe twin's, whose `from` and `to` are the same key, by its id and the kept twin's.
 */
export const moveKey = (move: SubscriberMove) =>
  move.duplicateOf === undefined ? `${move.from} → ${move.to}` : `${move.fromId} → ${move.duplicateOf}`;

/** What the review holds of a move: nothing when it was not previewed. */
export const moveReviewOf = (review: Review | undefined, move: SubscriberMove): MoveReview =>
  review?.moves?.[moveKey(move)] ?? {};

/** Adds `part` to what the review holds of a move. */
export function reviewMove(review: Review, move: SubscriberMove, part: MoveReview): void {
  review.moves = { ...review.moves, [moveKey(move)]: { ...moveReviewOf(review, move), ...part } };
}
