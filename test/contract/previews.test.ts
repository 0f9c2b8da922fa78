// The preview routes against Paddle's OpenAPI description and the Node SDK's own classes: every
// answer validates, and pricingPreview.preview and transactions.preview read them with no field
// undefined.
import type { Paddle } from '@paddle/paddle-node-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { call, manualClock } from '../support/emulator.js';
import { FULL_SPEC_FILE, type ResponseValidator, responseValidator } from '../support/openapi.js';
import { INCLUSIVE, PREVIEW_SEED, TEN_PERCENT } from '../support/preview-seed.js';
import { sdkOf } from '../support/sdk.js';
import { CARDLESS, MONTHLY, NOW, PRO, SEAT } from '../support/subscription-account.mjs';
import { undefinedFields } from './undefined-fields.js';

let emulator: RunningEmulator;
let paddle: Paddle;
let validator: ResponseValidator;

beforeAll(async () => {
  validator = responseValidator(FULL_SPEC_FILE);
  emulator = await startEmulator({ demo: false, seed: { sandbox: PREVIEW_SEED }, now: manualClock(NOW).now });
  paddle = sdkOf(emulator);
});
afterAll(() => emulator.close());

const items = [
  { price_id: MONTHLY, quantity: 2 },
  { price_id: SEAT, quantity: 3 },
  { price_id: INCLUSIVE, quantity: 1 },
];
const newPrice = {
  description: 'Pro monthly, new',
  product_id: PRO,
  billing_cycle: { interval: 'month', frequency: 1 },
  trial_period: { interval: 'day', frequency: 14 },
  tax_mode: 'external',
  unit_price: { amount: '2900', currency_code: 'USD' },
  unit_price_overrides: [{ country_codes: ['GB'], unit_price: { amount: '2400', currency_code: 'GBP' } }],
};
const newProduct = { ...newPrice, product_id: undefined, product: { name: 'Pro Max', tax_category: 'saas' } };

describe('preview answers validate against Paddle’s OpenAPI description', () => {
  it.each([
    ['/pricing-preview', { items, address: { country_code: 'DE' }, discount_id: TEN_PERCENT }],
    ['/pricing-preview', { items, address: { country_code: 'JP', postal_code: '100-0001' } }],
    ['/pricing-preview', { items, customer_ip_address: '203.0.113.7' }],
    ['/pricing-preview', { items: [] }],
    ['/transactions/preview', { items, address: { country_code: 'GB' }, discount_id: TEN_PERCENT }],
    ['/transactions/preview', { items: [{ price: newPrice, quantity: 1 }], address: { country_code: 'GB' } }],
    ['/transactions/preview', { items: [{ price: newProduct, quantity: 1 }], ignore_trials: true }],
    ['/transactions/preview', { items: [{ price_id: CARDLESS, quantity: 1, include_in_totals: false }] }],
  ])('POST %s', async (path, body) => {
    const res = await call(emulator, 'POST', path, { body });
    expect(validator.check('POST', path, res.status, res.body)).toEqual([]);
  });
});

describe('the Node SDK reads every preview with no field undefined', () => {
  it('pricingPreview.preview, per country, with a discount', async () => {
    const preview = await paddle.pricingPreview.preview({
      items: [{ priceId: MONTHLY, quantity: 1 }],
      address: { countryCode: 'GB' },
      discountId: TEN_PERCENT,
    });
    expect(preview.currencyCode).toBe('GBP');
    expect(preview.details.lineItems[0]?.formattedTotals.total).toBe('£21.60');
    expect(undefinedFields(preview)).toEqual([]);
  });

  it('transactions.preview, with a catalog price and one that does not exist yet', async () => {
    const preview = await paddle.transactions.preview({
      items: [
        { priceId: MONTHLY, quantity: 1 },
        {
          quantity: 1,
          price: {
            description: 'Pro monthly, new',
            productId: PRO,
            billingCycle: { interval: 'month', frequency: 1 },
            unitPrice: { amount: '2900', currencyCode: 'USD' },
            unitPriceOverrides: [
              { countryCodes: ['GB'], unitPrice: { amount: '2400', currencyCode: 'GBP' } },
            ],
          },
        },
      ],
      address: { countryCode: 'GB' },
    });
    expect(preview.details.totals.total).toBe(String((2000 + 2400) * 1.2));
    expect(undefinedFields(preview)).toEqual([]);
  });
});
