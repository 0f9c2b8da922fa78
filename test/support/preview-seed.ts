// A sandbox for previews: the subscription seed's catalog (a monthly price with GB and euro
// overrides) plus a tax-inclusive price, discounts, and yen enabled for conversion.
import type { AccountSeed } from '../../src/emulator/index.js';
import { PRO, pid, SEAT, SUBSCRIPTION_SEED } from './subscription-account.mjs';

export const INCLUSIVE = pid('pri', 7);
export const TEN_PERCENT = pid('dsc', 1);
export const FIVE_DOLLARS = pid('dsc', 2);
export const HALF_OFF_SEATS = pid('dsc', 3);

export const PREVIEW_SEED: AccountSeed = {
  ...SUBSCRIPTION_SEED,
  enabled_currencies: ['JPY'],
  prices: [
    ...(SUBSCRIPTION_SEED.prices ?? []),
    {
      id: INCLUSIVE,
      product_id: PRO,
      description: 'Inclusive',
      tax_mode: 'internal',
      billing_cycle: { interval: 'month', frequency: 1 },
      unit_price: { amount: '1000', currency_code: 'USD' },
      unit_price_overrides: [{ country_codes: ['DE'], unit_price: { amount: '1190', currency_code: 'EUR' } }],
    },
  ],
  discounts: [
    { id: TEN_PERCENT, description: 'Ten percent', type: 'percentage', amount: '10' },
    { id: FIVE_DOLLARS, description: 'Five dollars', type: 'flat', amount: '500', currency_code: 'USD' },
    {
      id: HALF_OFF_SEATS,
      description: 'Half off seats',
      type: 'percentage',
      amount: '50',
      restrict_to: [SEAT],
    },
  ],
};
