// A plan's consequences for customers: what each review country pays for a price before and after
// the change, and how many subscriptions bill it. Values only; review.ts reads them from Paddle.
import type { CustomerPrice } from '../plan/customer-prices.js';
import type { SubscriberBreakdown, SubscriberCounts } from '../plan/subscribers.js';

export interface PriceReview extends Partial<SubscriberBreakdown> {
  customers?: CustomerPrice[];
  /** subscriptions that bill the price, by status, as Paddle counts them */
  subscribers?: SubscriberCounts;
}

export interface Review {
  /** by price key, `pro/monthly` */
  prices: Record<string, PriceReview>;
  /** the countries previewed beside each price's override countries */
  countries: string[];
  /** one line for each part Paddle would not show (a key without the permission), and why */
  unavailable: string[];
}

export const EMPTY_REVIEW: Review = { prices: {}, countries: [], unavailable: [] };
