// Paddle's Price object always carries trial_period.requires_payment_method, true unless sent: every
// route that answers a price says so, whether the price was created, updated or seeded.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { call, priceBody, productBody } from '../support/emulator.js';

const trial = { interval: 'day', frequency: 14 };
const seeded = 'pri_01h00000000000000000000tr1';
let emulator: RunningEmulator;
let productId: string;

beforeAll(async () => {
  emulator = await startEmulator({
    seed: {
      sandbox: {
        products: [{ id: 'pro_01h00000000000000000000tr1', name: 'Seeded', tax_category: 'saas' }],
        prices: [
          {
            id: seeded,
            product_id: 'pro_01h00000000000000000000tr1',
            description: 'Seeded trial',
            unit_price: { amount: '100', currency_code: 'USD' },
            billing_cycle: { interval: 'month', frequency: 1 },
            trial_period: trial,
          },
        ],
      },
    },
  });
  productId = (await call(emulator, 'POST', '/products', { body: productBody() })).body.data.id;
});
afterAll(() => emulator.close());

describe('a price trial without requires_payment_method', () => {
  it('create, get, list and update answer requires_payment_method: true', async () => {
    const created = await call(emulator, 'POST', '/prices', {
      body: priceBody(productId, { trial_period: trial }),
    });
    const id = created.body.data.id;
    expect(created.body.data.trial_period).toEqual({ ...trial, requires_payment_method: true });
    const got = await call(emulator, 'GET', `/prices/${id}`);
    expect(got.body.data.trial_period.requires_payment_method).toBe(true);
    const listed = await call(emulator, 'GET', `/prices?id=${id}`);
    expect(listed.body.data[0].trial_period.requires_payment_method).toBe(true);
    const updated = await call(emulator, 'PATCH', `/prices/${id}`, {
      body: { trial_period: { interval: 'day', frequency: 7 } },
    });
    expect(updated.body.data.trial_period).toEqual({
      interval: 'day',
      frequency: 7,
      requires_payment_method: true,
    });
  });

  it('a seeded price answers it too', async () => {
    const got = await call(emulator, 'GET', `/prices/${seeded}`);
    expect(got.body.data.trial_period).toEqual({ ...trial, requires_payment_method: true });
  });
});
