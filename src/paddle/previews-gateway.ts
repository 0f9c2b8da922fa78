// What a customer in a country pays, as Paddle previews it: POST /pricing-preview for prices that
// exist (developer.paddle.com/api-reference/pricing-preview) and POST /transactions/preview for a
// price as the catalog wants it, sent as a non-catalog item (…/transactions/preview-transaction).
// Both are direct calls: the item is the wire body apply would send, and the SDK would map it again
// and drop a paid trial's unit_price. Every answer is checked for shape before it is used.
import { z } from 'zod';
import type { PriceWrite, ProductWrite } from '../planner/remote.js';
import { checkAnswer } from './answer-shape.js';
import { rawApi } from './raw-api.js';
import type { Target } from './target.js';

/** One line of a preview: what a customer pays for one unit, in Paddle's strings. */
export interface PreviewLine {
  currency_code: string;
  subtotal: string;
  tax: string;
  total: string;
  /** Paddle's own formatting, where the answer has it (a pricing preview's formatted_totals) */
  formatted_total?: string;
}

/** A price that may not exist yet: under an existing product (`product_id`) or a new one (`product`). */
export type NonCatalogPrice = Omit<PriceWrite, 'product_id' | 'custom_data'> &
  ({ product_id: string } | { product: Pick<ProductWrite, 'name' | 'tax_category'> });

export interface PreviewsGateway {
  /** each price's line for one unit, in order, for a customer in `country` */
  pricing(operation: string, country: string, priceIds: readonly string[]): Promise<PreviewLine[]>;
  /** the same for prices given as the catalog wants them (trials left out: what a paying customer pays) */
  transaction(operation: string, country: string, prices: readonly NonCatalogPrice[]): Promise<PreviewLine[]>;
}

const digits = z.string().regex(/^-?\d+$/, 'expected an amount in the lowest currency unit');
const totals = z.object({ subtotal: digits, tax: digits, total: digits });
const answer = z.object({
  currency_code: z.string().regex(/^[A-Z]{3}$/, 'expected a currency code'),
  details: z.object({
    line_items: z.array(z.object({ totals, formatted_totals: z.object({ total: z.string() }).optional() })),
  }),
});
type Answer = z.infer<typeof answer>;

function linesOf(value: unknown, count: number, operation: string): PreviewLine[] {
  const checked = checkAnswer(answer, value, 'a preview', operation) as Answer;
  const lines = checked.details.line_items;
  const sameLength = z.array(z.unknown()).length(count, `expected ${count} line items`);
  checkAnswer(sameLength, lines, 'a preview of every item asked for', operation);
  return lines.map((line) => ({
    currency_code: checked.currency_code,
    subtotal: line.totals.subtotal,
    tax: line.totals.tax,
    total: line.totals.total,
    ...(line.formatted_totals ? { formatted_total: line.formatted_totals.total } : {}),
  }));
}

export function paddlePreviewsGateway(target: Target, timeoutMs?: number): PreviewsGateway {
  const post = (path: string, body: unknown, operation: string) =>
    rawApi(target, { method: 'POST', path, body, operation, timeoutMs });
  const address = (country: string) => ({ country_code: country });
  return {
    async pricing(operation, country, priceIds) {
      const items = priceIds.map((price_id) => ({ price_id, quantity: 1 }));
      const data = await post('/pricing-preview', { items, address: address(country) }, operation);
      return linesOf(data, priceIds.length, operation);
    },
    async transaction(operation, country, prices) {
      const items = prices.map((price) => ({ price, quantity: 1 }));
      const body = { items, address: address(country), ignore_trials: true };
      const data = await post('/transactions/preview', body, operation);
      return linesOf(data, prices.length, operation);
    },
  };
}
