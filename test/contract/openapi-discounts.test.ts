// Every kind of /discounts response, success and error, against Paddle's OpenAPI description.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { call, priceBody, productBody } from '../support/emulator.js';
import { FULL_SPEC_FILE, type ResponseValidator, responseValidator } from '../support/openapi.js';

let emulator: RunningEmulator;
let validator: ResponseValidator;
let productId: string;
let priceId: string;
let discountId: string;

const body = (fields: Record<string, unknown> = {}) => ({
  description: 'Spec offer',
  type: 'percentage',
  amount: '10',
  ...fields,
});

beforeAll(async () => {
  validator = responseValidator(FULL_SPEC_FILE);
  emulator = await startEmulator();
  productId = (await call(emulator, 'POST', '/products', { body: productBody() })).body.data.id;
  priceId = (await call(emulator, 'POST', '/prices', { body: priceBody(productId) })).body.data.id;
  discountId = (
    await call(emulator, 'POST', '/discounts', {
      body: body({ code: 'SPEC10', recur: true, maximum_recurring_intervals: 3, restrict_to: [productId] }),
    })
  ).body.data.id;
});
afterAll(() => emulator.close());

type Case = [name: string, method: string, template: string, path: () => string, body?: () => unknown];

const CASES: Case[] = [
  [
    'create discount, flat with everything',
    'POST',
    '/discounts',
    () => '/discounts',
    () =>
      body({
        type: 'flat_per_seat',
        amount: '500',
        currency_code: 'EUR',
        code: 'SPECFLAT',
        usage_limit: 5,
        restrict_to: [priceId],
        expires_at: '2099-01-31T23:59:59Z',
        custom_data: { paddle_catalog: { key: 'flat' } },
      }),
  ],
  ['create discount, generated code', 'POST', '/discounts', () => '/discounts', () => body()],
  ['create discount, bad_request', 'POST', '/discounts', () => '/discounts', () => body({ amount: '500%' })],
  [
    'create discount, code conflict',
    'POST',
    '/discounts',
    () => '/discounts',
    () => body({ code: 'spec10' }),
  ],
  [
    'create discount, restricted product not active',
    'POST',
    '/discounts',
    () => '/discounts',
    () => body({ restrict_to: ['pro_01aaaaaaaaaaaaaaaaaaaaaaaa'] }),
  ],
  ['list discounts', 'GET', '/discounts', () => '/discounts?status=active,archived'],
  ['list discounts by code', 'GET', '/discounts', () => '/discounts?code=spec10&per_page=1'],
  ['list discounts, invalid_field', 'GET', '/discounts', () => '/discounts?status=gone'],
  ['get discount', 'GET', '/discounts/{discount_id}', () => `/discounts/${discountId}`],
  [
    'get discount, not_found',
    'GET',
    '/discounts/{discount_id}',
    () => '/discounts/dsc_01aaaaaaaaaaaaaaaaaaaaaaaa',
  ],
  [
    'update discount',
    'PATCH',
    '/discounts/{discount_id}',
    () => `/discounts/${discountId}`,
    () => ({ amount: '15', restrict_to: null }),
  ],
  [
    'archive discount',
    'PATCH',
    '/discounts/{discount_id}',
    () => `/discounts/${discountId}`,
    () => ({ status: 'archived' }),
  ],
];

describe('/discounts responses match the OpenAPI schemas', () => {
  it.each(CASES)('%s', async (_name, method, template, path, requestBody) => {
    const res = await call(emulator, method, path(), { body: requestBody?.() });
    expect(validator.check(method, template, res.status, res.body)).toEqual([]);
  });
});
