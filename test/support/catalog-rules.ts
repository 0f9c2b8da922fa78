// Builds small catalogs for rule tables: a valid base with one product and one price, and the
// fields a test changes. Written out with the yaml library, so numbers stay numbers.
import { expect } from 'vitest';
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

/** A row of a rule table: a catalog and the one error it has at its position, or none (null). */
export interface RuleRow {
  title: string;
  text: string;
  expected: { rule: string; path: string; line: number; column: number; message: RegExp } | null;
}

/** The row's catalog has exactly its expected error (rule, path, line:column, message), or none. */
export function expectRow({ text, expected }: RuleRow): void {
  const errors = errorsOf(text);
  if (expected === null) {
    expect(errors).toEqual([]);
    return;
  }
  expect(errors).toHaveLength(1);
  const [found] = errors;
  const { rule, path, line, column } = expected;
  expect(found).toMatchObject({ rule, path, line, column });
  expect(found?.message).toMatch(expected.message);
}
