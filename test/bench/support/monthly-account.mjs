// The account the clock benches move (clock-move.mjs, clock-jump-webhooks.mjs): `count` monthly
// subscriptions of one USD 10.00 price, over 100 customers in Germany, renewing at 09:00 on every day
// of January 2026 (the 29th–31st among them); `fields(i)` adds or changes fields of subscription i.

import { pid } from '../../support/subscription-account.mjs';

export function monthlySection(count, fields = () => ({})) {
  const customers = Array.from({ length: 100 }, (_, i) => ({
    id: pid('ctm', i),
    email: `c${i}@example.com`,
  }));
  return {
    customers,
    products: [{ id: pid('pro', 1), name: 'Pro', tax_category: 'saas' }],
    prices: [
      {
        id: pid('pri', 1),
        product_id: pid('pro', 1),
        description: 'Monthly',
        unit_price: { amount: '1000', currency_code: 'USD' },
        billing_cycle: { interval: 'month', frequency: 1 },
      },
    ],
    subscriptions: Array.from({ length: count }, (_, i) => ({
      id: pid('sub', i),
      customer_id: customers[i % customers.length].id,
      status: 'active',
      currency_code: 'USD',
      address: { country_code: 'DE' },
      next_billed_at: new Date(Date.UTC(2026, 0, 1 + (i % 31), 9)).toISOString(),
      items: [{ price_id: pid('pri', 1), quantity: 1 }],
      ...fields(i),
    })),
  };
}
