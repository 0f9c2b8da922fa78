// An account whose managed price pro/monthly has subscribers, and a catalog that moves them to a
// new price pro/monthly-2027 with a declared proration. The subscriptions: one with two items (the
// other item stays), one in euros, one with a scheduled cancel (Paddle lets it change since its
// changelog 2025-04-14, update-subscriptions-scheduled-change), one renewing within 30 minutes of NOW
// (Paddle refuses it: subscription_locked_renewal), one canceled (not moved). Shared by the apply
// test, the OpenAPI check of the requests a move sends and the plan's next bills (its builders).
import type { Catalog } from '../../src/catalog/schema.js';
import type { AccountSeed } from '../../src/emulator/index.js';
import { marker } from './marker.mjs';
import { pid } from './subscription-seed.js';

export const NOW = '2026-01-15T12:00:00.000Z';
export { pid };
export const [PRO, MONTHLY, ADDON] = [pid('pro', 1), pid('pri', 1), pid('pri', 2)];
export const sub = (n: number) => pid('sub', n);
export const month = { interval: 'month', frequency: 1 } as const;

/** A managed monthly USD 10.00 price of pro, the catalog's `key` (its description too, unless given). */
export const managedPrice = (id: string, key: string, description = key) => ({
  id,
  product_id: PRO,
  description,
  billing_cycle: month,
  unit_price: { amount: '1000', currency_code: 'USD' },
  custom_data: marker(key),
});

/** What the catalog declares: Paddle bills the change now, prorated (not the default do_not_bill). */
export const PRORATION = 'prorated_immediately';

/** An active USD subscription `sub(n)` of one pro/monthly, changed by `fields`. */
export const subscription = (n: number, fields: Record<string, unknown> = {}) => ({
  id: sub(n),
  customer_id: pid('ctm', 1),
  status: 'active',
  currency_code: 'USD',
  next_billed_at: '2026-02-01T00:00:00.000Z',
  items: [{ price_id: MONTHLY, quantity: 1 }],
  ...fields,
});

/** The account's one customer, its product pro, and the add-on price a subscription may hold too. */
export const CUSTOMER = { id: pid('ctm', 1), email: 'c@example.com', name: 'C' };
export const PRO_PRODUCT = { id: PRO, name: 'Pro', tax_category: 'saas', custom_data: marker('pro') };
export const ADDON_PRICE = {
  id: ADDON,
  product_id: PRO,
  description: 'Add-on',
  billing_cycle: month,
  unit_price: { amount: '500', currency_code: 'USD' },
};
/** The managed price pro/monthly: USD 24.00 a month, with `overrides` (default DE at EUR 22.00). */
export const proMonthly = (
  overrides: unknown[] = [{ country_codes: ['DE'], unit_price: { amount: '2200', currency_code: 'EUR' } }],
) => ({
  id: MONTHLY,
  product_id: PRO,
  description: 'Pro monthly',
  billing_cycle: month,
  unit_price: { amount: '2400', currency_code: 'USD' },
  unit_price_overrides: overrides,
  custom_data: marker('pro/monthly'),
});

export const SEED: AccountSeed = {
  customers: [CUSTOMER],
  products: [PRO_PRODUCT],
  prices: [{ ...proMonthly(), name: 'Monthly' }, ADDON_PRICE],
  subscriptions: [
    subscription(1, {
      items: [
        { price_id: MONTHLY, quantity: 3 },
        { price_id: ADDON, quantity: 2 },
      ],
    }),
    subscription(2, { currency_code: 'EUR' }),
    subscription(3, { scheduled_change: { action: 'cancel', effective_at: '2026-02-01T00:00:00.000Z' } }),
    subscription(4, { next_billed_at: '2026-01-15T12:10:00.000Z' }),
    subscription(5, { status: 'canceled' }),
  ],
};

/** `count` more active subscriptions on the source price (quantities 1–3), to fill more than a page of 200. */
export const moreSubscriptions = (count: number) =>
  Array.from({ length: count }, (_, i) =>
    subscription(100 + i, { items: [{ price_id: MONTHLY, quantity: 1 + (i % 3) }] }),
  );

const monthly = {
  description: 'Pro monthly',
  name: 'Monthly',
  unit_price: { amount: '2400', currency_code: 'USD' as const },
  billing_cycle: month,
  unit_price_overrides: [
    { country_codes: ['DE' as const], unit_price: { amount: '2200', currency_code: 'EUR' as const } },
  ],
};
export const CATALOG: Catalog = {
  version: 1,
  products: {
    pro: {
      name: 'Pro',
      tax_category: 'saas',
      prices: {
        monthly,
        'monthly-2027': {
          ...monthly,
          description: 'Pro monthly 2027',
          unit_price: { amount: '2900', currency_code: 'USD' },
          subscribers_from: ['monthly'],
          proration: PRORATION,
        },
      },
    },
  },
};

/** A monthly USD price of `amount` (minor units), as a catalog writes it. */
const monthlyUsd = (amount: string) => ({
  description: 'x',
  unit_price: { amount, currency_code: 'USD' as const },
  billing_cycle: month,
});

/**
 * A catalog of products each with a monthly price and its rise, `monthly-2027`: per product key its
 * name, the amount now and the amount after (the notices' and one-date tables' catalog).
 */
export const risingCatalog = (products: Record<string, [name: string, now: string, after: string]>) =>
  ({
    products: Object.fromEntries(
      Object.entries(products).map(([key, [name, now, after]]) => [
        key,
        {
          name,
          tax_category: 'saas',
          prices: { monthly: monthlyUsd(now), 'monthly-2027': monthlyUsd(after) },
        },
      ]),
    ),
  }) as unknown as Catalog;
