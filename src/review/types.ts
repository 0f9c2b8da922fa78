// A plan's consequences for customers: what each review country pays for a price before and after
// the change, and how many subscriptions bill it. Values only; review.ts reads them from Paddle.
import type { SubscriberCounts } from '../plan/subscribers.js';

/** One unit of a price for a customer in a country, as Paddle previews it (amounts in the lowest unit). */
export interface PaidAmounts {
  subtotal: string;
  tax: string;
  total: string;
  /** Paddle's formatting where its answer has one (pricing preview), ours otherwise (en-US) */
  formatted_total: string;
}

export interface CustomerPrice {
  country: string;
  currency_code: string;
  /** what the price charges now (absent for a price this plan creates) */
  before?: PaidAmounts & { currency_code: string };
  after: PaidAmounts;
}

export interface PriceReview {
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
