// A catalog price's unit amount in a subscription's currency, pure: the base price in its currency,
// the one override in another, and words (never a guess) when overrides of one currency differ or
// none is in it.
import { describe, expect, it } from 'vitest';
import type { CatalogPrice } from '../../src/catalog/schema.js';
import { unitAmountIn } from '../../src/notices/amounts.js';

const price = {
  description: 'Pro monthly',
  unit_price: { amount: '2400', currency_code: 'USD' },
  unit_price_overrides: [
    { country_codes: ['DE', 'AT'], unit_price: { amount: '2200', currency_code: 'EUR' } },
    { country_codes: ['FR'], unit_price: { amount: '2300', currency_code: 'EUR' } },
    { country_codes: ['GB'], unit_price: { amount: '2000', currency_code: 'GBP' } },
    { country_codes: ['JP'], unit_price: { amount: '3000', currency_code: 'JPY' } },
  ],
} as CatalogPrice;

describe('unit amount in a currency', () => {
  it.each([
    ['USD', { minor: '2400', formatted: '$24.00' }],
    ['GBP', { minor: '2000', formatted: '£20.00' }],
    ['JPY', { minor: '3000', formatted: '¥3,000' }],
    ['EUR', { minor: null, formatted: 'by country: €22.00 (DE, AT); €23.00 (FR)' }],
    ['CAD', { minor: null, formatted: 'no CAD amount in the catalog' }],
  ])('%s', (currency, amount) => {
    expect(unitAmountIn(price, currency)).toEqual(amount);
  });

  it('a price not in the catalog says so', () => {
    expect(unitAmountIn(undefined, 'USD')).toEqual({ minor: null, formatted: 'not in the catalog' });
  });
});
