// A malformed request is Paddle's 400, never a 500: a path parameter that is not %-encoding, a field
// of the wrong JSON type, a body nested too deep. The sweep sends each write route its valid body
// with one field at a time swapped for a value of another type, in a fixed order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { call, priceBody, productBody } from '../support/emulator.js';

let emulator: RunningEmulator;
let ids: Record<'product' | 'price' | 'subscription' | 'customer' | 'discount', string>;

const discountBody = { description: 'Launch', type: 'percentage', amount: '10' };

beforeAll(async () => {
  emulator = await startEmulator();
  const created = async (path: string, body: unknown) =>
    (await call(emulator, 'POST', path, { body })).body.data.id;
  const product = await created('/products', productBody());
  ids = {
    product,
    price: await created('/prices', priceBody(product)),
    customer: await created('/customers', { email: 'fuzz@example.com' }),
    discount: await created('/discounts', discountBody),
    subscription: (await call(emulator, 'GET', '/subscriptions?status=active')).body.data[0].id,
  };
});
afterAll(() => emulator.close());

const expectPaddle400 = (response: { status: number; body: { error?: unknown } }) => {
  expect(response.status).toBe(400);
  expect(response.body.error).toMatchObject({ type: 'request_error', documentation_url: expect.any(String) });
};

describe('malformed requests', () => {
  it.each([
    ['GET', '/subscriptions/%ZZ'],
    ['GET', '/products/%ZZ'],
    ['PATCH', '/products/%ZZ'],
    ['GET', '/prices/pri_%E0%A4%A'],
  ])('%s %s: a path parameter that is not percent-encoding is 400 bad_request', async (method, path) => {
    const response = await call(emulator, method, path, method === 'GET' ? {} : { body: { name: 'x' } });
    expectPaddle400(response);
    expect(response.body.error.code).toBe('bad_request');
  });

  it.each(['/pricing-preview', '/transactions/preview'])(
    'POST %s: items that is not a list is 400 bad_request naming items',
    async (path) => {
      const response = await call(emulator, 'POST', path, { body: { items: 'pri_x' } });
      expectPaddle400(response);
      expect(response.body.error.errors).toEqual([
        { field: 'items', message: 'Invalid type. Expected: array, given: string' },
      ]);
    },
  );

  it('custom_data nested 3,000 levels deep is 400 invalid_json', async () => {
    const deep = `${'{"a":'.repeat(3_000)}1${'}'.repeat(3_000)}`;
    const rawBody = `{"custom_data":${deep}}`;
    const response = await call(emulator, 'PATCH', `/products/${ids.product}`, { rawBody });
    expectPaddle400(response);
    expect(response.body.error.code).toBe('invalid_json');
  });

  it('no write route answers 500 to a field of another JSON type', async () => {
    const routes: [string, () => string, Record<string, unknown>][] = [
      ['POST', () => '/products', productBody()],
      ['PATCH', () => `/products/${ids.product}`, productBody()],
      ['POST', () => '/prices', priceBody(ids.product)],
      [
        'PATCH',
        () => `/prices/${ids.price}`,
        { description: 'Monthly', unit_price: { amount: '1', currency_code: 'USD' } },
      ],
      ['POST', () => '/customers', { email: 'other@example.com', name: 'x' }],
      ['PATCH', () => `/customers/${ids.customer}`, { name: 'x' }],
      ['POST', () => '/discounts', discountBody],
      ['PATCH', () => `/discounts/${ids.discount}`, discountBody],
      [
        'POST',
        () => '/pricing-preview',
        { items: [{ price_id: ids.price, quantity: 1 }], address: { country_code: 'US' } },
      ],
      [
        'POST',
        () => '/transactions/preview',
        { items: [{ price_id: ids.price, quantity: 1 }], currency_code: 'USD' },
      ],
      ...['', '/preview'].map((tail): [string, () => string, Record<string, unknown>] => [
        'PATCH',
        () => `/subscriptions/${ids.subscription}${tail}`,
        { items: [{ price_id: ids.price, quantity: 1 }], proration_billing_mode: 'do_not_bill' },
      ]),
    ];
    const wrong = ['x', 7, null, [7], { a: [] }];
    const answers: string[] = [];
    for (const [method, path, body] of routes) {
      // the valid body is accepted, so each swap is what a response turns on
      const valid = await call(emulator, method, path(), { body });
      expect(valid.status, `${method} ${path()}: ${JSON.stringify(valid.body)}`).toBeLessThan(300);
      for (const field of Object.keys(body)) {
        for (const value of wrong) {
          const response = await call(emulator, method, path(), { body: { ...body, [field]: value } });
          answers.push(`${response.status} ${method} ${path()} ${field}=${JSON.stringify(value)}`);
        }
      }
    }
    expect(answers.length).toBeGreaterThan(100);
    expect(answers.filter((answer) => answer.startsWith('5'))).toEqual([]);
  });
});
