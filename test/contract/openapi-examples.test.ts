// Real records in, real records out: a seed made of Paddle's own documented examples (the OpenAPI
// description's product, price, customer and transaction) passes the seed checks, and each record
// is served back exactly as given, in a response that matches the OpenAPI schemas.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { checkSeed, seedSchema } from '../../src/emulator/seed-file.js';
import type { EmulatorSeed } from '../../src/emulator/types.js';
import { call } from '../support/emulator.js';
import { type ResponseValidator, readSpec, responseValidator, SPEC_FILE } from '../support/openapi.js';

const SPEC = readSpec(SPEC_FILE);

/** The documented 200 example of GET `path`: the record under `data`. */
function example(path: string): Record<string, unknown> {
  const examples = SPEC.paths[path].get.responses['200'].content['application/json'].examples;
  return (Object.values(examples)[0] as { value: { data: Record<string, unknown> } }).value.data;
}

const RECORDS = {
  products: ['/products/{product_id}', example('/products/{product_id}')],
  prices: ['/prices/{price_id}', example('/prices/{price_id}')],
  customers: ['/customers/{customer_id}', example('/customers/{customer_id}')],
  transactions: ['/transactions/{transaction_id}', example('/transactions/{transaction_id}')],
} as const;

let emulator: RunningEmulator;
let validator: ResponseValidator;

beforeAll(async () => {
  const sandbox = Object.fromEntries(Object.entries(RECORDS).map(([name, [, record]]) => [name, [record]]));
  const seed = checkSeed(seedSchema, 'paddle-examples.yaml', { sandbox }, 'seed file') as EmulatorSeed;
  emulator = await startEmulator({ demo: false, seed });
  validator = responseValidator();
});
afterAll(() => emulator.close());

describe('Paddle’s documented examples as seed records', () => {
  it('the documented transaction has details.totals.currency_code and numbers in fee and earnings', () => {
    const totals = (RECORDS.transactions[1].details as { totals: Record<string, unknown> }).totals;
    expect(totals.currency_code).toBe('USD');
  });

  it.each(Object.entries(RECORDS))(
    'a %s record is served back as given and matches the schema',
    async (name, [template, record]) => {
      const response = await call(emulator, 'GET', `/${name}/${record.id}`);
      expect(response.status).toBe(200);
      expect(response.body.data).toEqual(record);
      expect(validator.check('GET', template, 200, response.body)).toEqual([]);
    },
  );

  it.each(Object.entries(RECORDS))(
    'a %s list serves it unchanged and matches the schema',
    async (name, [template, record]) => {
      const query = name === 'transactions' ? '' : '?status=active,archived';
      const response = await call(emulator, 'GET', `/${name}${query}`);
      expect(response.body.data).toEqual([record]);
      expect(validator.check('GET', template.replace(/\/\{\w+\}$/, ''), 200, response.body)).toEqual([]);
    },
  );

  it('fee and earnings may be null until a transaction completes', () => {
    const draft = structuredClone(RECORDS.transactions[1]) as Record<string, unknown> & {
      details: { totals: Record<string, unknown> };
    };
    draft.status = 'billed';
    draft.details.totals.fee = null;
    draft.details.totals.earnings = null;
    expect(() =>
      checkSeed(seedSchema, 's', { sandbox: { transactions: [draft] } }, 'seed file'),
    ).not.toThrow();
  });
});
