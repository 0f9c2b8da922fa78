// The subscription accounts the tests and the bench scripts seed, built from one set of ids (NOW,
// pid, PRO, MONTHLY, ADDON, …). Two accounts: SUBSCRIPTION_SEED holds subscriptions in every status
// on a catalog with overrides, an archived price and a cardless trial, some within Paddle's
// 30-minute lock at NOW (tests count from SUBSCRIPTIONS itself, so the expectations follow the
// data); SEED is the account whose managed price pro/monthly has subscribers, and CATALOG moves them
// to pro/monthly-2027 with a declared proration. Plain JavaScript (its types in the .d.mts): the bench
// scripts (plain node, no TypeScript) take the same builders as the tests.
import { marker } from './marker.mjs';

export const NOW = '2026-01-15T12:00:00.000Z';
const inMinutes = (/** @type {number} */ minutes) =>
  new Date(Date.parse(NOW) + minutes * 60_000).toISOString();

/** A valid Paddle id of `prefix`, numbered. @param {string} prefix @param {number} n */
export const pid = (prefix, n) => `${prefix}_01h${String(n).padStart(23, '0')}`;
/** The subscription numbered `n`. @param {number} n */
export const sub = (n) => pid('sub', n);
export const month = { interval: 'month', frequency: 1 };
/** @param {string} amount */
const usd = (amount) => ({ amount, currency_code: 'USD' });

export const PRO = pid('pro', 1);
const SEATS = pid('pro', 2);
export const MONTHLY = pid('pri', 1);
export const YEARLY = pid('pri', 2);
export const SEAT = pid('pri', 3);
export const LEGACY = pid('pri', 4);
export const CARDLESS = pid('pri', 5);
export const ADDON = pid('pri', 6);
export const KIM = pid('ctm', 1);
export const LEE = pid('ctm', 2);
const MAX = pid('ctm', 3);

/** The add-on both accounts sell: USD 5.00 a month of pro, which a subscription may hold beside its price. */
export const ADDON_PRICE = {
  id: ADDON,
  product_id: PRO,
  description: 'Add-on',
  billing_cycle: month,
  unit_price: usd('500'),
};

// ---- every status ----

export const SUBSCRIPTIONS = [
  {
    id: sub(1),
    customer_id: KIM,
    status: 'active',
    currency_code: 'USD',
    next_billed_at: '2026-02-01T00:00:00.000Z',
    items: [
      { price_id: MONTHLY, quantity: 1 },
      { price_id: SEAT, quantity: 5 },
    ],
  },
  {
    id: sub(2),
    customer_id: LEE,
    status: 'active',
    currency_code: 'USD',
    items: [{ price_id: MONTHLY, quantity: 1 }],
  },
  {
    id: sub(3),
    customer_id: MAX,
    status: 'trialing',
    currency_code: 'USD',
    next_billed_at: '2026-01-20T00:00:00.000Z',
    items: [{ price_id: CARDLESS, quantity: 1 }],
  },
  {
    id: sub(4),
    customer_id: KIM,
    status: 'past_due',
    currency_code: 'USD',
    items: [{ price_id: YEARLY, quantity: 1 }],
  },
  {
    id: sub(5),
    customer_id: LEE,
    status: 'paused',
    currency_code: 'USD',
    items: [{ price_id: MONTHLY, quantity: 1 }],
    scheduled_change: { action: 'resume', effective_at: '2026-03-01T00:00:00.000Z' },
  },
  {
    id: sub(6),
    customer_id: MAX,
    status: 'canceled',
    currency_code: 'USD',
    items: [{ price_id: LEGACY, quantity: 1 }],
  },
  {
    id: sub(7),
    customer_id: MAX,
    status: 'active',
    currency_code: 'USD',
    items: [{ price_id: LEGACY, quantity: 2 }],
  },
  {
    id: sub(8),
    customer_id: KIM,
    status: 'active',
    currency_code: 'USD',
    next_billed_at: inMinutes(10),
    items: [{ price_id: MONTHLY, quantity: 1 }],
  },
  {
    id: sub(9),
    customer_id: LEE,
    status: 'active',
    currency_code: 'USD',
    next_billed_at: inMinutes(10),
    items: [{ price_id: MONTHLY, quantity: 1 }],
    scheduled_change: { action: 'cancel', effective_at: inMinutes(10) },
  },
  {
    id: sub(10),
    customer_id: MAX,
    status: 'active',
    currency_code: 'USD',
    collection_mode: 'manual',
    next_billed_at: '2026-02-01T00:00:00.000Z',
    items: [{ price_id: SEAT, quantity: 3 }],
    scheduled_change: { action: 'pause' },
  },
  {
    id: sub(11),
    customer_id: KIM,
    status: 'paused',
    currency_code: 'USD',
    items: [{ price_id: SEAT, quantity: 1 }],
    // paused with no billing period, as Paddle paused one before December 2024
    current_billing_period: null,
  },
];

export const SUBSCRIPTION_SEED = {
  customers: [KIM, LEE, MAX].map((id, i) => ({ id, email: `c${i}@example.com`, name: `Customer ${i}` })),
  products: [
    { id: PRO, name: 'Pro', tax_category: 'saas' },
    { id: SEATS, name: 'Seats', tax_category: 'saas' },
  ],
  prices: [
    {
      id: MONTHLY,
      product_id: PRO,
      description: 'Pro monthly',
      billing_cycle: month,
      unit_price: usd('2400'),
      unit_price_overrides: [
        { country_codes: ['GB'], unit_price: { amount: '2000', currency_code: 'GBP' } },
        { country_codes: ['DE', 'FR'], unit_price: { amount: '2200', currency_code: 'EUR' } },
      ],
    },
    {
      id: YEARLY,
      product_id: PRO,
      description: 'Pro yearly',
      billing_cycle: { interval: 'year', frequency: 1 },
      unit_price: usd('24000'),
    },
    { id: SEAT, product_id: SEATS, description: 'Seat', billing_cycle: month, unit_price: usd('500') },
    {
      id: LEGACY,
      product_id: PRO,
      description: 'Legacy',
      billing_cycle: month,
      unit_price: usd('1900'),
      status: 'archived',
    },
    {
      id: CARDLESS,
      product_id: PRO,
      description: 'Trial',
      billing_cycle: month,
      unit_price: usd('2400'),
      trial_period: { interval: 'day', frequency: 14, requires_payment_method: false },
    },
    ADDON_PRICE,
  ],
  subscriptions: SUBSCRIPTIONS,
};

// ---- subscriber moves ----

/**
 * A managed monthly USD 10.00 price of pro, the catalog's `key` (its description too, unless given).
 * @param {string} id @param {string} key @param {string} [description]
 */
export const managedPrice = (id, key, description = key) => ({
  id,
  product_id: PRO,
  description,
  billing_cycle: month,
  unit_price: usd('1000'),
  custom_data: marker(key),
});

/** What the catalog declares: Paddle bills the change now, prorated (not the default do_not_bill). */
export const PRORATION = 'prorated_immediately';

/**
 * An active USD subscription `sub(n)` of one pro/monthly, changed by `fields`.
 * @param {number} n @param {Record<string, unknown>} [fields]
 */
export const subscription = (n, fields = {}) => ({
  id: sub(n),
  customer_id: pid('ctm', 1),
  status: 'active',
  currency_code: 'USD',
  next_billed_at: '2026-02-01T00:00:00.000Z',
  items: [{ price_id: MONTHLY, quantity: 1 }],
  ...fields,
});

/** The account's one customer and its product pro. */
export const CUSTOMER = { id: pid('ctm', 1), email: 'c@example.com', name: 'C' };
export const PRO_PRODUCT = { id: PRO, name: 'Pro', tax_category: 'saas', custom_data: marker('pro') };
/**
 * The managed price pro/monthly: USD 24.00 a month, with `overrides` (default DE at EUR 22.00).
 * @param {unknown[]} [overrides]
 */
export const proMonthly = (
  overrides = [{ country_codes: ['DE'], unit_price: { amount: '2200', currency_code: 'EUR' } }],
) => ({
  id: MONTHLY,
  product_id: PRO,
  description: 'Pro monthly',
  billing_cycle: month,
  unit_price: usd('2400'),
  unit_price_overrides: overrides,
  custom_data: marker('pro/monthly'),
});

/**
 * The account of the moves: one with two items (the other item stays), one in euros, one with a
 * scheduled cancel (Paddle lets it change since its changelog 2025-04-14,
 * update-subscriptions-scheduled-change), one renewing within 30 minutes of NOW (Paddle refuses it:
 * subscription_locked_renewal), one canceled (not moved).
 */
export const SEED = {
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
    subscription(4, { next_billed_at: inMinutes(10) }),
    subscription(5, { status: 'canceled' }),
  ],
};

/**
 * `count` more active subscriptions on the source price (quantities 1–3), to fill more than a page of 200.
 * @param {number} count
 */
export const moreSubscriptions = (count) =>
  Array.from({ length: count }, (_, i) =>
    subscription(100 + i, { items: [{ price_id: MONTHLY, quantity: 1 + (i % 3) }] }),
  );

const monthly = {
  description: 'Pro monthly',
  name: 'Monthly',
  unit_price: usd('2400'),
  billing_cycle: month,
  unit_price_overrides: [{ country_codes: ['DE'], unit_price: { amount: '2200', currency_code: 'EUR' } }],
};
/** The catalog that moves SEED's pro/monthly subscribers to pro/monthly-2027 (USD 29.00), PRORATION. */
export const CATALOG = {
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
          unit_price: usd('2900'),
          subscribers_from: ['monthly'],
          proration: PRORATION,
        },
      },
    },
  },
};

/** CATALOG with pro/monthly archived in the same change: its subscribers move, then it retires. */
export const RETIRING = {
  ...CATALOG,
  products: {
    pro: {
      ...CATALOG.products.pro,
      prices: { ...CATALOG.products.pro.prices, monthly: { ...monthly, status: 'archived' } },
    },
  },
};

/** A monthly USD price of `amount` (minor units), as a catalog writes it. @param {string} amount */
const monthlyUsd = (amount) => ({ description: 'x', unit_price: usd(amount), billing_cycle: month });

/**
 * A catalog of products each with a monthly price and its rise, `monthly-2027`: per product key its
 * name, the amount now and the amount after (the notices' and one-date tables' catalog).
 * @param {Record<string, [name: string, now: string, after: string]>} products
 */
export const risingCatalog = (products) => ({
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
});
