// The seed's rules, enforced by the emulator independently of the catalog's validation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { AMOUNT_MAX, CUSTOM_DATA_MAX_BYTES } from '../../src/paddle-facts/limits.js';
import { jsonOfSize } from '../support/catalog-rules.js';
import { call, priceBody, productBody } from '../support/emulator.js';

let emulator: RunningEmulator;
let productId: string;

beforeAll(async () => {
  emulator = await startEmulator({ demo: false });
  productId = (await call(emulator, 'POST', '/products', { body: productBody() })).body.data.id;
});
afterAll(() => emulator.close());

const createPrice = (overrides: Record<string, unknown>, on: RunningEmulator = emulator) =>
  call(on, 'POST', '/prices', { body: priceBody(productId, overrides) });

describe('tax category approval', () => {
  it('tax categories: saas and standard need no approval', async () => {
    for (const tax_category of ['saas', 'standard']) {
      expect(
        (await call(emulator, 'POST', '/products', { body: productBody({ tax_category }) })).status,
      ).toBe(201);
    }
  });

  it('tax categories: a category that needs approval fails with product_tax_category_not_approved, naming the flag', async () => {
    const res = await call(emulator, 'POST', '/products', { body: productBody({ tax_category: 'ebooks' }) });
    expect(res.status).toBe(400);
    // Paddle's answer: its code and detail, no errors[]; the flag only in the emulator's own header
    expect(res.body.error).toMatchObject({
      code: 'product_tax_category_not_approved',
      detail: 'tax category not approved',
    });
    expect(res.body.error.errors).toBeUndefined();
    expect(res.headers.get('x-emulator-hint')).toContain('--approve-tax-categories ebooks');
    const p = (await call(emulator, 'POST', '/products', { body: productBody() })).body.data;
    const patch = await call(emulator, 'PATCH', `/products/${p.id}`, {
      body: { tax_category: 'digital-goods' },
    });
    expect(patch.body.error.code).toBe('product_tax_category_not_approved');
  });

  it('tax categories: an approved category is accepted (option overrides the seed), saas and standard always are', async () => {
    const approved = await startEmulator({
      seed: { sandbox: { approved_tax_categories: ['website-hosting'] } },
      approvedTaxCategories: ['ebooks'],
    });
    const create = async (tax_category: string) =>
      (await call(approved, 'POST', '/products', { body: productBody({ tax_category }) })).body;
    expect((await create('ebooks')).data.tax_category).toBe('ebooks');
    expect((await create('saas')).data.tax_category).toBe('saas');
    expect((await create('website-hosting')).error.code).toBe('product_tax_category_not_approved');
    await approved.close();
  });

  it('tax categories: an unknown category is a bad_request naming tax_category', async () => {
    const res = await call(emulator, 'POST', '/products', {
      body: productBody({ tax_category: 'professional-servicesoft' }),
    });
    expect(res.body.error.code).toBe('bad_request');
    expect(res.body.error.errors[0].field).toBe('tax_category');
  });
});

describe('trial rules', () => {
  it('free trial: a free trial (interval and frequency only) is accepted', async () => {
    expect((await createPrice({ trial_period: { interval: 'day', frequency: 14 } })).status).toBe(201);
  });

  it('paid trial: a paid trial in the price currency is accepted', async () => {
    const res = await createPrice({
      trial_period: { interval: 'day', frequency: 7, unit_price: { amount: '100', currency_code: 'USD' } },
    });
    expect(res.status).toBe(201);
  });

  it('cardless trial: a cardless trial without early access is a 400 bad_request naming the field, the flag in X-Emulator-Hint', async () => {
    const res = await createPrice({
      trial_period: { interval: 'day', frequency: 7, requires_payment_method: false },
    });
    expect([res.status, res.body.error.code]).toEqual([400, 'bad_request']);
    expect(res.body.error.errors[0].field).toBe('trial_period.requires_payment_method');
    expect(res.headers.get('x-emulator-hint')).toContain('--cardless-trials');
  });

  it('cardless trial: a cardless trial with early access is accepted', async () => {
    const early = await startEmulator({ demo: false, cardlessTrials: true });
    const pro = (await call(early, 'POST', '/products', { body: productBody() })).body.data.id;
    const res = await call(early, 'POST', '/prices', {
      body: priceBody(pro, {
        trial_period: { interval: 'day', frequency: 7, requires_payment_method: false },
      }),
    });
    expect(res.status).toBe(201);
    expect(res.body.data.trial_period.requires_payment_method).toBe(false);
    await early.close();
  });

  it('trial-paid-and-cardless: paid and cardless is rejected with trial_is_either_paid_or_cardless', async () => {
    const res = await createPrice({
      trial_period: {
        interval: 'day',
        frequency: 7,
        unit_price: { amount: '100', currency_code: 'USD' },
        requires_payment_method: false,
      },
    });
    expect([res.status, res.body.error.code]).toEqual([400, 'trial_is_either_paid_or_cardless']);
    expect(res.body.error.errors).toBeUndefined();
  });

  it('trial-needs-billing-cycle: a trial on a one-time price is rejected with price_trial_period_requires_billing_cycle', async () => {
    const res = await createPrice({ billing_cycle: null, trial_period: { interval: 'day', frequency: 7 } });
    expect([res.status, res.body.error.code]).toEqual([400, 'price_trial_period_requires_billing_cycle']);
    expect(res.body.error.errors).toBeUndefined();
    // also when a PATCH removes the billing cycle under an existing trial
    const p = (await createPrice({ trial_period: { interval: 'day', frequency: 7 } })).body.data;
    const patch = await call(emulator, 'PATCH', `/prices/${p.id}`, { body: { billing_cycle: null } });
    expect(patch.body.error.code).toBe('price_trial_period_requires_billing_cycle');
  });

  it('paid trial: a paid trial in another currency is a 400 trial_currency_mismatch', async () => {
    const res = await createPrice({
      trial_period: { interval: 'day', frequency: 7, unit_price: { amount: '100', currency_code: 'EUR' } },
    });
    expect([res.status, res.body.error.code]).toEqual([400, 'trial_currency_mismatch']);
  });

  it('paid trial: a paid trial needs a trial override for each price override', async () => {
    const res = await createPrice({
      unit_price_overrides: [{ country_codes: ['GB'], unit_price: { amount: '800', currency_code: 'GBP' } }],
      trial_period: { interval: 'day', frequency: 7, unit_price: { amount: '100', currency_code: 'USD' } },
    });
    expect([res.status, res.body.error.code]).toEqual([400, 'trial_currency_mismatch']);
  });

  it('paid trial: a paid trial has exactly one trial override per price override', async () => {
    const gb = (amount: string) => ({ country_codes: ['GB'], unit_price: { amount, currency_code: 'GBP' } });
    const res = await createPrice({
      unit_price_overrides: [gb('800')],
      trial_period: {
        interval: 'day',
        frequency: 7,
        unit_price: { amount: '100', currency_code: 'USD' },
        unit_price_overrides: [gb('50'), gb('60')],
      },
    });
    expect([res.status, res.body.error.code]).toEqual([400, 'trial_currency_mismatch']);
    // a country priced in two currencies (the API allows it) pairs each trial override by currency
    const gbIn = (currency_code: string) => ({
      country_codes: ['GB'],
      unit_price: { amount: '9', currency_code },
    });
    const twoCurrencies = await createPrice({
      unit_price_overrides: [gbIn('GBP'), gbIn('EUR')],
      trial_period: {
        interval: 'day',
        frequency: 7,
        unit_price: { amount: '100', currency_code: 'USD' },
        unit_price_overrides: [gbIn('EUR'), gbIn('GBP')],
      },
    });
    expect(twoCurrencies.status).toBe(201);
  });

  it('paid trial: an empty trial override list is no override; a free trial with overrides names them', async () => {
    const free = { interval: 'day', frequency: 7 };
    expect((await createPrice({ trial_period: { ...free, unit_price_overrides: [] } })).status).toBe(201);
    const res = await createPrice({
      trial_period: {
        ...free,
        unit_price_overrides: [{ country_codes: ['GB'], unit_price: { amount: '50', currency_code: 'GBP' } }],
      },
    });
    expect([res.status, res.body.error.code]).toEqual([400, 'bad_request']);
    expect(res.body.error.errors[0].field).toBe('trial_period.unit_price_overrides');
  });
});

describe('price fields', () => {
  it('overrides: only country codes Paddle sells to (ISO 3166-1 alpha-2, supported)', async () => {
    const market = (code: string) => ({
      unit_price_overrides: [{ country_codes: [code], unit_price: { amount: '800', currency_code: 'GBP' } }],
    });
    for (const code of ['ZZ', 'KP', 'gb']) {
      const res = await createPrice(market(code));
      expect(res.body.error.errors, code).toEqual([
        { field: 'unit_price_overrides[0].country_codes', message: expect.stringContaining('supported') },
      ]);
    }
    expect((await createPrice(market('XK'))).status).toBe(201);
  });

  it('price name: 1 to 150 characters', async () => {
    const res = await createPrice({ name: 'x'.repeat(151) });
    expect(res.body.error.errors).toEqual([expect.objectContaining({ field: 'name' })]);
    expect((await createPrice({ name: '' })).body.error.errors[0].field).toBe('name');
    expect((await createPrice({ name: 'x'.repeat(150) })).status).toBe(201);
  });

  it('price quantity: minimum at least 1, not above maximum', async () => {
    expect((await createPrice({ quantity: { minimum: 0, maximum: 5 } })).body.error.errors[0]).toEqual({
      field: 'quantity.minimum',
      message: 'Must be greater than or equal to 1',
    });
    expect((await createPrice({ quantity: { minimum: 10, maximum: 5 } })).body.error.errors[0].field).toBe(
      'quantity',
    );
    expect(
      (await createPrice({ quantity: { minimum: 1, maximum: 1_000_000_000 } })).body.error.errors[0].field,
    ).toBe('quantity.maximum');
  });

  it('unit_price: the amount cannot be negative and the currency must be supported', async () => {
    const res = await createPrice({ unit_price: { amount: '-5', currency_code: 'XXX' } });
    expect(res.body.error.errors).toEqual([
      { field: 'unit_price.amount', message: 'The amount cannot be negative' },
      { field: 'unit_price.currency_code', message: 'must be a supported currency code' },
    ]);
  });

  it('billing cycle frequency must be at least 1', async () => {
    const res = await createPrice({ billing_cycle: { interval: 'month', frequency: 0 } });
    expect(res.body.error.code).toBe('price_billing_cycle_frequency_below_1');
  });
});

describe('bounds the emulator keeps on its own (docs/rules.md amount-too-large, custom-data-too-large)', () => {
  const over = `1${AMOUNT_MAX}`;

  it('amount-too-large: a unit price, an override or a flat discount above the bound is a 400 naming the field', async () => {
    const price = await createPrice({
      unit_price: { amount: over, currency_code: 'USD' },
      unit_price_overrides: [{ country_codes: ['DE'], unit_price: { amount: over, currency_code: 'EUR' } }],
    });
    expect(price.status).toBe(400);
    expect(price.body.error.errors.map((e: { field: string }) => e.field)).toEqual([
      'unit_price.amount',
      'unit_price_overrides[0].unit_price.amount',
    ]);
    const discount = await call(emulator, 'POST', '/discounts', {
      body: { description: 'Big', type: 'flat', amount: over, currency_code: 'USD' },
    });
    expect(discount.status).toBe(400);
    expect(discount.body.error.errors[0]).toEqual({
      field: 'amount',
      message: `Must be less than or equal to ${AMOUNT_MAX}`,
    });
    expect((await createPrice({ unit_price: { amount: AMOUNT_MAX, currency_code: 'USD' } })).status).toBe(
      201,
    );
  });

  it('custom-data-too-large: custom_data above the bound is a 400 on create and on update, at the bound it is kept', async () => {
    const big = await call(emulator, 'POST', '/products', {
      body: productBody({ custom_data: jsonOfSize(CUSTOM_DATA_MAX_BYTES + 1) }),
    });
    expect(big.status).toBe(400);
    expect(big.body.error.errors[0].field).toBe('custom_data');
    expect(big.body.error.errors[0].message).toContain(`maximum size of ${CUSTOM_DATA_MAX_BYTES} bytes`);
    const ok = await createPrice({ custom_data: jsonOfSize(CUSTOM_DATA_MAX_BYTES) });
    expect(ok.status).toBe(201);
    const patch = await call(emulator, 'PATCH', `/prices/${ok.body.data.id}`, {
      body: { custom_data: jsonOfSize(CUSTOM_DATA_MAX_BYTES + 1) },
    });
    expect(patch.status).toBe(400);
  });
});

describe('keys', () => {
  it('permissions: a key without price.write cannot create prices (403 forbidden)', async () => {
    const key = emulator.addApiKey(['product.read', 'product.write', 'price.read']);
    const res = await call(emulator, 'POST', '/prices', { key, body: priceBody(productId) });
    expect([res.status, res.body.error.code]).toEqual([403, 'forbidden']);
  });

  it('keys: a key carries its environment in its prefix; keys of either environment are kept apart', async () => {
    const live = emulator.addApiKey(['product.read'], 'production');
    expect(live).toMatch(/^pdl_live_apikey_/);
    expect((await call(emulator, 'GET', '/products', { key: live })).status).toBe(200);
    const forged = live.replace('pdl_live_', 'pdl_sdbx_');
    expect((await call(emulator, 'GET', '/products', { key: forged })).body.error.code).toBe('invalid_token');
  });

  it('keys: seeded keys are accepted with their permissions', async () => {
    const key = 'pdl_sdbx_apikey_01aaaaaaaaaaaaaaaaaaaaaaaa_bbbbbbbbbbbbbbbbbbbbbbbbbb';
    const seeded = await startEmulator({ seed: { api_keys: [{ key, permissions: ['transaction.read'] }] } });
    expect((await call(seeded, 'GET', '/transactions', { key })).status).toBe(200);
    expect((await call(seeded, 'GET', '/products', { key })).body.error.code).toBe('forbidden');
    await seeded.close();
  });
});
