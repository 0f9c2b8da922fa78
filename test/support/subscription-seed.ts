// A sandbox seeded with subscriptions in every status, on a catalog with overrides, an archived
// price and a cardless trial; the clock stands at NOW, so some subscriptions are within Paddle's
// 30-minute lock. Tests count from SUBSCRIPTIONS itself, so the expectations follow the data.
import { type AccountSeed, type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { manualClock } from './emulator.js';

export const NOW = '2026-01-15T12:00:00.000Z';
const inMinutes = (minutes: number) => new Date(Date.parse(NOW) + minutes * 60_000).toISOString();

/** A valid Paddle id of `prefix`, numbered. */
export const pid = (prefix: string, n: number) => `${prefix}_01h${String(n).padStart(23, '0')}`;

export const PRO = pid('pro', 1);
export const SEATS = pid('pro', 2);
export const MONTHLY = pid('pri', 1);
export const YEARLY = pid('pri', 2);
export const SEAT = pid('pri', 3);
export const LEGACY = pid('pri', 4);
export const CARDLESS = pid('pri', 5);
export const ADDON = pid('pri', 6);
export const [KIM, LEE, MAX] = [1, 2, 3].map((n) => pid('ctm', n)) as [string, string, string];
export const sub = (n: number) => pid('sub', n);

const month = { interval: 'month', frequency: 1 };
const usd = (amount: string) => ({ amount, currency_code: 'USD' });

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
  },
];

export const SUBSCRIPTION_SEED: AccountSeed = {
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
    { id: ADDON, product_id: SEATS, description: 'Add-on', billing_cycle: month, unit_price: usd('900') },
  ],
  subscriptions: SUBSCRIPTIONS,
};

/** An emulator holding SUBSCRIPTION_SEED and nothing else (no demo data), its clock at NOW. */
export function startSubscriptionEmulator(): Promise<RunningEmulator> {
  return startEmulator({ demo: false, seed: { sandbox: SUBSCRIPTION_SEED }, now: manualClock(NOW).now });
}
