import { describe, expect, it } from 'vitest';
import { priceCreateBody, priceUpdateBody, productCreateBody } from '../../src/operations/bodies.js';
import { needsRawApi } from '../../src/paddle/catalog-writes.js';
import { priceState, productState } from '../../src/planner/normalize.js';
import { monthlyPrice, paidTrialPrice, yearlyPrice } from '../support/catalogs.js';

describe('request bodies', () => {
  it('a product create carries the marker beside the user custom_data, and no nulls', () => {
    const body = productCreateBody(
      { key: 'pro', catalog: 'default' },
      productState({ name: 'Pro', tax_category: 'saas', custom_data: { tier: 2 } }),
    );
    expect(body).toEqual({
      name: 'Pro',
      tax_category: 'saas',
      custom_data: { tier: 2, paddle_catalog: { key: 'pro' } },
    });
  });

  it('a price create sends no Paddle defaults (quantity 1–100, account_setting, no overrides)', () => {
    const body = priceCreateBody(
      { key: 'pro/monthly', catalog: 'default' },
      priceState(monthlyPrice()),
      'pro_1',
    );
    expect(body).toEqual({
      product_id: 'pro_1',
      description: 'Monthly',
      name: 'Monthly',
      unit_price: { amount: '1000', currency_code: 'USD' },
      billing_cycle: { interval: 'month', frequency: 1 },
      trial_period: { interval: 'day', frequency: 14 },
      custom_data: { paddle_catalog: { key: 'pro/monthly' } },
    });
    expect(needsRawApi(body)).toBe(false);
  });

  it('paid trial: a paid trial body keeps trial_period.unit_price and goes through the direct API', () => {
    const body = priceCreateBody(
      { key: 'pro/trial', catalog: 'default' },
      priceState(paidTrialPrice()),
      'pro_1',
    );
    expect(body.trial_period?.unit_price).toEqual({ amount: '100', currency_code: 'USD' });
    expect(needsRawApi(body)).toBe(true);
  });

  it('an update sends only the touched top-level fields, whole', () => {
    const desired = priceState(yearlyPrice());
    const body = priceUpdateBody({ key: 'pro/yearly', catalog: 'default' }, desired, [
      { path: 'unit_price.amount', before: '9000', after: '10000' },
    ]);
    expect(body).toEqual({ unit_price: { amount: '10000', currency_code: 'USD' } });
  });
});
