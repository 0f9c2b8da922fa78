// A price that changes currency, against the emulator over real HTTP: the plan line prints the old
// amount in the old currency, and the review previews what customers pay now in the currency the
// price bills now, not in the batch of the currency it moves to.
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { tempDir, writeCatalog } from '../support/catalog-files.js';
import { marker } from '../support/marker.mjs';
import { runCliInProcess } from '../support/run-cli-in-process.js';
import { month, pid } from '../support/subscription-account.mjs';

const remotePrice = (n: number, key: string, amount: string, currency_code: string) => ({
  id: pid('pri', n),
  product_id: pid('pro', 1),
  description: key,
  billing_cycle: month,
  unit_price: { amount, currency_code },
  custom_data: marker(key),
});

const SEED = {
  products: [{ id: pid('pro', 1), name: 'Pro', tax_category: 'saas', custom_data: marker('pro') }],
  prices: [remotePrice(1, 'pro/monthly', '2400', 'USD'), remotePrice(2, 'pro/euro', '1000', 'EUR')],
};

/** pro/monthly rises in USD; pro/euro moves from €10.00 to $12.94, so both bill USD after. */
const CATALOG = `version: 1
products:
  pro:
    name: Pro
    tax_category: saas
    prices:
      monthly:
        description: pro/monthly
        unit_price: { amount: "2900", currency_code: USD }
        billing_cycle: { interval: month, frequency: 1 }
      euro:
        description: pro/euro
        unit_price: { amount: "1294", currency_code: USD }
        billing_cycle: { interval: month, frequency: 1 }
`;

let emulator: RunningEmulator;
let dir: string;
const run = (args: string[]) =>
  runCliInProcess(args, { env: { PADDLE_API_URL: emulator.url, PADDLE_API_KEY: emulator.apiKey }, cwd: dir });

beforeAll(async () => {
  emulator = await startEmulator({ demo: false, seed: { sandbox: SEED as never } });
  dir = tempDir();
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await emulator.close();
});

describe('a price that changes currency', () => {
  it('the plan line: the old amount in the old currency, the new in the new', async () => {
    const file = writeCatalog(dir, CATALOG);
    const { stdout } = await run(['plan', file, '--countries', 'DE']);
    expect(stdout).toContain('unit_price.amount 1000 EUR (€10.00) → 1294 USD ($12.94)');
    expect(stdout).toContain('unit_price.currency_code "EUR" → "USD"');
    expect(stdout).toMatch(/DE {2}EUR → USD {2}€11\.90 → \$15\.40/);
  });

  it('the review: before in the currency the price bills now, after in the new one', async () => {
    const file = writeCatalog(dir, CATALOG);
    const { stdout } = await run(['--json', 'plan', file, '--countries', 'DE']);
    const doc = JSON.parse(stdout);
    const euro = doc.changes.find((c: { key: string }) => c.key === 'pro/euro');
    expect(euro.customers).toEqual([
      expect.objectContaining({
        country: 'DE',
        currency_code: 'USD',
        before: expect.objectContaining({
          currency_code: 'EUR',
          subtotal: '1000',
          formatted_total: '€11.90',
        }),
        after: expect.objectContaining({ subtotal: '1294' }),
      }),
    ]);
  });
});
