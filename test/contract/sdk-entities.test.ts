// Everything the emulator serves, read by the Node SDK's own entity classes (Paddle wrote them, not
// us): after every example catalog is applied, each product, price, discount, customer and
// transaction it lists — transactions with every include the API offers — is parsed by its class,
// and no field the class reads comes out undefined (a field Paddle sends that the emulator lacks).

import { readdirSync } from 'node:fs';
import { Customer, Discount, Price, Product, Transaction } from '@paddle/paddle-node-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { TAX_CATEGORIES } from '../../src/paddle-facts/tax-categories.js';
import { call, listAll, manualClock } from '../support/emulator.js';
import { runCliInProcess } from '../support/run-cli-in-process.js';
import { undefinedFields } from './undefined-fields.js';

let emulator: RunningEmulator;
// the emulator's clock, fixed: the invoice link's Expires is read against it, not the wall clock
const clock = manualClock('2026-03-02T10:00:00.000Z');

const everything = (path: string) => listAll(emulator, path);

beforeAll(async () => {
  emulator = await startEmulator({
    now: clock.now,
    cardlessTrials: true,
    approvedTaxCategories: [...TAX_CATEGORIES],
    seed: {
      sandbox: {
        discounts: [
          { id: 'dsc_01hv8wptq8987qeep44cyrewp9', description: 'Welcome', type: 'percentage', amount: '10' },
        ],
        transactions: [
          {
            customer_id: 'ctm_01hv8wt8nffez4p2t6typn4a5j',
            status: 'completed',
            currency_code: 'USD',
            billed_at: '2025-01-01T00:00:00Z',
            discount_id: 'dsc_01hv8wptq8987qeep44cyrewp9',
            details: { totals: { subtotal: '1000', discount: '100', tax: '72' } },
          },
        ],
        customers: [{ id: 'ctm_01hv8wt8nffez4p2t6typn4a5j', email: 'kim@example.com', name: 'Kim' }],
      },
    },
  });
  const env = { PADDLE_API_URL: emulator.url, PADDLE_API_KEY: emulator.apiKey };
  for (const file of readdirSync('catalogs').filter((f) => f.endsWith('.yaml'))) {
    const run = await runCliInProcess(['apply', `catalogs/${file}`, '--yes'], { env });
    expect(run.code, `${file}: ${run.stderr}`).toBe(0);
  }
});
afterAll(() => emulator.close());

describe('the SDK entity classes read every record the emulator serves with no field undefined', () => {
  const ALL = 'status=active,archived';
  it.each([
    ['products', `/products?${ALL}&include=prices`, (r: never) => new Product(r)],
    ['prices', `/prices?${ALL}&include=product`, (r: never) => new Price(r)],
    ['discounts', '/discounts?status=active,archived,expired,used', (r: never) => new Discount(r)],
    ['customers', `/customers?${ALL}`, (r: never) => new Customer(r)],
    [
      'transactions',
      '/transactions?include=address,adjustments,adjustments_totals,available_payment_methods,business,customer,discount',
      (r: never) => new Transaction(r),
    ],
  ])('%s', async (_, path, parse) => {
    const records = await everything(path);
    expect(records.length).toBeGreaterThan(0);
    const missing = records.flatMap((record) =>
      undefinedFields(parse(record as never)).map((p) => `${record.id}${p}`),
    );
    expect(missing).toEqual([]);
  });
});

describe('transactions as Paddle’s SDKs read them', () => {
  it('adjusted_totals has Paddle’s fields only, payout totals their rates, includes their entities', async () => {
    const [txn] = await everything('/transactions?include=customer,discount,adjustments_totals');
    const seeded = (await everything('/transactions?include=customer,discount')).find((t) => t.discount_id);
    const details = (txn as { details: Record<string, Record<string, unknown>> }).details;
    expect(Object.keys(details.adjusted_totals ?? {}).sort()).toEqual(
      [
        'subtotal',
        'tax',
        'total',
        'grand_total',
        'grand_total_tax',
        'fee',
        'retained_fee',
        'earnings',
        'currency_code',
      ].sort(),
    );
    const sdk = new Transaction(seeded as never);
    expect(sdk.customer?.email).toBe('kim@example.com');
    expect(sdk.discount?.id).toBe('dsc_01hv8wptq8987qeep44cyrewp9');
    expect(sdk.details?.payoutTotals).toMatchObject({ exchangeRate: '1.0', feeRate: '0.05' });
    expect(sdk.details?.adjustedPayoutTotals).toMatchObject({ retainedFee: '0', exchangeRate: '1.0' });
  });

  it('the invoice answer carries the Expires header the OpenAPI description requires: one hour on', async () => {
    const [txn] = await everything('/transactions?status=completed');
    const res = await call(emulator, 'GET', `/transactions/${txn?.id}/invoice`);
    expect(res.status).toBe(200);
    expect(res.headers.get('expires')).toBe('Mon, 02 Mar 2026 11:00:00 GMT');
  });
});
