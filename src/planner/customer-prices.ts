// What one unit of a price costs a customer in a country, as Paddle previews it: the review's
// figures under a price change and under a subscriber move (values only; src/review reads them).

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
