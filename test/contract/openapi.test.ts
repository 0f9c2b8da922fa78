// Every kind of emulator response, success and error, on each endpoint, against the OpenAPI schemas.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { call, listPages, priceBody, productBody } from '../support/emulator.js';
import { type ResponseValidator, responseValidator } from '../support/openapi.js';

let emulator: RunningEmulator;
let validator: ResponseValidator;
let productId: string;
let priceId: string;
let customerId: string;
let transactionId: string;
let draftId: string;

beforeAll(async () => {
  validator = responseValidator();
  emulator = await startEmulator();
  productId = (await call(emulator, 'POST', '/products', { body: productBody() })).body.data.id;
  priceId = (
    await call(emulator, 'POST', '/prices', {
      body: priceBody(productId, {
        trial_period: {
          interval: 'day',
          frequency: 7,
          unit_price: { amount: '100', currency_code: 'USD' },
          unit_price_overrides: [
            { country_codes: ['CL'], unit_price: { amount: '900', currency_code: 'CLP' } },
          ],
          requires_payment_method: true,
        },
        unit_price_overrides: [
          { country_codes: ['CL'], unit_price: { amount: '9000', currency_code: 'CLP' } },
        ],
      }),
    })
  ).body.data.id;
  customerId = (await call(emulator, 'GET', '/customers?email=demo@example.com')).body.data[0].id;
  const txns = (await call(emulator, 'GET', `/transactions?customer_id=${customerId}`)).body.data;
  transactionId = txns.find(
    (t: { status: string; details: { totals: { subtotal: string } } }) =>
      t.status === 'completed' && t.details.totals.subtotal !== '0',
  ).id;
  draftId = txns.find((t: { status: string }) => t.status === 'draft').id;
});
afterAll(() => emulator.close());

type Case = [name: string, method: string, template: string, path: () => string, body?: () => unknown];

const CASES: Case[] = [
  ['create product', 'POST', '/products', () => '/products', () => productBody({ name: 'Spec' })],
  ['create product, bad_request', 'POST', '/products', () => '/products', () => ({ colour: 1 })],
  [
    'create product, not approved',
    'POST',
    '/products',
    () => '/products',
    () => productBody({ tax_category: 'ebooks' }),
  ],
  ['list products with prices', 'GET', '/products', () => '/products?include=prices'],
  ['list products, invalid_field', 'GET', '/products', () => '/products?status=gone'],
  ['get product', 'GET', '/products/{product_id}', () => `/products/${productId}?include=prices`],
  [
    'get product, not_found',
    'GET',
    '/products/{product_id}',
    () => '/products/pro_01aaaaaaaaaaaaaaaaaaaaaaaa',
  ],
  [
    'update product',
    'PATCH',
    '/products/{product_id}',
    () => `/products/${productId}`,
    () => ({ description: 'New' }),
  ],
  [
    'create price with a paid trial',
    'POST',
    '/prices',
    () => '/prices',
    () => priceBody(productId, { name: 'Spec' }),
  ],
  [
    'create price, trial rule',
    'POST',
    '/prices',
    () => '/prices',
    () => priceBody(productId, { billing_cycle: null, trial_period: { interval: 'day', frequency: 1 } }),
  ],
  ['list prices', 'GET', '/prices', () => `/prices?product_id=${productId}&include=product`],
  ['get price', 'GET', '/prices/{price_id}', () => `/prices/${priceId}`],
  ['update price', 'PATCH', '/prices/{price_id}', () => `/prices/${priceId}`, () => ({ name: 'Renamed' })],
  [
    'create customer',
    'POST',
    '/customers',
    () => '/customers',
    () => ({ email: 'spec@example.com', name: 'Spec' }),
  ],
  [
    'create customer, conflict',
    'POST',
    '/customers',
    () => '/customers',
    () => ({ email: 'demo@example.com' }),
  ],
  ['list customers', 'GET', '/customers', () => '/customers?email=demo@example.com'],
  ['get customer', 'GET', '/customers/{customer_id}', () => `/customers/${customerId}`],
  ['list transactions', 'GET', '/transactions', () => `/transactions?customer_id=${customerId}`],
  [
    'list transactions page 2',
    'GET',
    '/transactions',
    () => `/transactions?customer_id=${customerId}&order_by=id[ASC]`,
  ],
  ['list transactions, invalid_field', 'GET', '/transactions', () => '/transactions?status=active'],
  ['get transaction', 'GET', '/transactions/{transaction_id}', () => `/transactions/${transactionId}`],
  [
    'get invoice',
    'GET',
    '/transactions/{transaction_id}/invoice',
    () => `/transactions/${transactionId}/invoice`,
  ],
  [
    'get invoice, not available',
    'GET',
    '/transactions/{transaction_id}/invoice',
    () => `/transactions/${draftId}/invoice`,
  ],
];

describe('responses match the OpenAPI schemas', () => {
  it.each(CASES)('%s', async (_name, method, template, path, body) => {
    const res = await call(emulator, method, path(), { body: body?.() });
    expect(validator.check(method, template, res.status, res.body)).toEqual([]);
  });

  it('every transaction of the demo data matches', async () => {
    for (const res of await listPages(emulator, '/transactions'))
      expect(validator.check('GET', '/transactions', res.status, res.body)).toEqual([]);
  });

  it('auth, rate-limit and server errors match the error schema', async () => {
    const limited = await startEmulator({ demo: false, faults: { rateLimit: 1 } });
    await call(limited, 'GET', '/products');
    const responses = [
      await call(emulator, 'GET', '/products', { key: null }),
      await call(emulator, 'GET', '/products', { key: 'pdl_sdbx_apikey_x' }),
      await call(emulator, 'GET', '/products', { key: emulator.addApiKey([]) }),
      await call(limited, 'GET', '/products'),
    ];
    await limited.close();
    for (const res of responses)
      expect(validator.check('GET', '/products', res.status, res.body)).toEqual([]);
  });
});
