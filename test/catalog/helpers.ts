// Builds small catalogs for rule tables: a valid base with one product and one price, and the
// fields a test changes. Written out with the yaml library, so numbers stay numbers.
import { stringify } from 'yaml';
import type { CatalogIssue } from '../../src/catalog/issue.js';
import { readCatalog } from '../../src/catalog/read.js';

export type Json = Record<string, unknown>;

export const basePrice = (): Json => ({
  description: 'Pro monthly',
  name: 'Monthly',
  unit_price: { amount: '1000', currency_code: 'USD' },
  billing_cycle: { interval: 'month', frequency: 1 },
});

export function catalogWith(
  options: { price?: Json; product?: Json; environments?: Json; top?: Json } = {},
): string {
  return stringify({
    version: 1,
    ...(options.environments ? { environments: options.environments } : {}),
    products: {
      pro: {
        name: 'Pro',
        tax_category: 'saas',
        ...options.product,
        prices: { monthly: { ...basePrice(), ...options.price } },
      },
    },
    ...options.top,
  });
}

export function issuesOf(text: string, environment: 'sandbox' | 'production' = 'sandbox'): CatalogIssue[] {
  return readCatalog('catalog.yaml', text, { environment }).issues;
}

export const errorsOf = (text: string, environment?: 'sandbox' | 'production') =>
  issuesOf(text, environment).filter((issue) => issue.severity === 'error');

export const PRICE = 'products.pro.prices.monthly';

/** custom_data whose JSON is `bytes` long (for the size bound, custom-data-too-large). */
export const jsonOfSize = (bytes: number): Json => ({ blob: 'x'.repeat(bytes - '{"blob":""}'.length) });
