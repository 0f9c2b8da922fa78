// A customer's addresses (the ones subscriptions are taxed by) against Paddle's OpenAPI
// description: the list and the get validate, and an address of another customer is a 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { call } from '../support/emulator.js';
import { FULL_SPEC_FILE, responseValidator } from '../support/openapi.js';
import { KIM, LEE, pid } from '../support/subscription-account.mjs';

const HOME = pid('add', 1);

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startEmulator({
    demo: false,
    seed: {
      sandbox: {
        customers: [
          { id: KIM, email: 'kim@example.com' },
          { id: LEE, email: 'lee@example.com' },
        ],
        addresses: [{ id: HOME, customer_id: KIM, country_code: 'DE', city: 'Berlin' }],
      },
    },
  });
});
afterAll(() => emulator.close());

describe('addresses validate against Paddle’s OpenAPI description', () => {
  it('lists and gets a customer’s address in Paddle’s shape', async () => {
    const validator = responseValidator(FULL_SPEC_FILE);
    const list = await call(emulator, 'GET', `/customers/${KIM}/addresses`);
    expect(list.body.data.map((a: { id: string }) => a.id)).toEqual([HOME]);
    expect(validator.check('GET', '/customers/{customer_id}/addresses', 200, list.body)).toEqual([]);
    const one = await call(emulator, 'GET', `/customers/${KIM}/addresses/${HOME}`);
    expect(one.body.data).toMatchObject({ country_code: 'DE', city: 'Berlin', first_line: null });
    expect(validator.check('GET', '/customers/{customer_id}/addresses/{address_id}', 200, one.body)).toEqual(
      [],
    );
  });

  it('an address asked for under another customer is not found', async () => {
    const res = await call(emulator, 'GET', `/customers/${LEE}/addresses/${HOME}`);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
  });
});
