// --adopt keeps the user's own custom_data (the marker is merged beside it), through the CLI against
// the emulator over real HTTP; a field is removed only when the catalog's custom_data says so.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { tempDir, writeCatalog } from '../support/catalog-files.js';
import { accountApi } from '../support/emulator.js';
import { runCliInProcess } from '../support/run-cli-in-process.js';

let emulator: RunningEmulator;
let dir: string;
const cli = (...args: string[]) =>
  runCliInProcess(args, { env: { PADDLE_API_URL: emulator.url, PADDLE_API_KEY: emulator.apiKey } });

const api = (method: string, path: string, body?: unknown) => accountApi(emulator)(method, path, body);

const catalog = (customData = '') => `version: 1
products:
  app:
    name: App
    tax_category: saas${customData}
    prices:
      monthly:
        description: App monthly
        unit_price: { amount: "900", currency_code: USD }
        billing_cycle: { interval: month, frequency: 1 }
discounts:
  launch:
    description: Launch
    type: percentage
    amount: "10"
    code: KEEPME10
`;

async function seedUnmanaged() {
  const flag = { app_flag: 'keep-me' };
  const product = await api('POST', '/products', { name: 'App', tax_category: 'saas', custom_data: flag });
  const price = await api('POST', '/prices', {
    product_id: product.id,
    description: 'App monthly',
    unit_price: { amount: '900', currency_code: 'USD' },
    billing_cycle: { interval: 'month', frequency: 1 },
    custom_data: flag,
  });
  const discount = await api('POST', '/discounts', {
    description: 'Launch',
    type: 'percentage',
    amount: '10',
    code: 'KEEPME10',
    custom_data: flag,
  });
  return { product: product.id, price: price.id, discount: discount.id };
}

beforeAll(async () => {
  emulator = await startEmulator({ demo: false });
  dir = tempDir();
});
afterAll(() => emulator.close());
beforeEach(() => emulator.reset());

describe('--adopt keeps the custom_data already on the object', { timeout: 60_000 }, () => {
  it('adopt merges the marker into custom_data; plan shows no removal; the next plan says "No changes."', async () => {
    const ids = await seedUnmanaged();
    const file = writeCatalog(dir, catalog(), 'adopt.yaml');
    const plan = await cli('plan', file, '--adopt');
    expect(plan.stdout).not.toContain('→ none');
    const applied = await cli('--json', 'apply', file, '--adopt', '--yes');
    expect(applied.code, applied.stdout + applied.stderr).toBe(0);
    expect((await api('GET', `/products/${ids.product}`)).custom_data).toEqual({
      app_flag: 'keep-me',
      paddle_catalog: { key: 'app' },
    });
    expect((await api('GET', `/prices/${ids.price}`)).custom_data).toEqual({
      app_flag: 'keep-me',
      paddle_catalog: { key: 'app/monthly' },
    });
    expect((await api('GET', `/discounts/${ids.discount}`)).custom_data).toEqual({
      app_flag: 'keep-me',
      paddle_catalog: { key: 'launch' },
    });
    const again = await cli('plan', file, '--detailed-exitcode');
    expect(again.code, again.stdout).toBe(0);
    expect(again.stdout).toContain('No changes.');
  });

  it('a field is removed only when the catalog names custom_data without it, and the plan shows the removal', async () => {
    const ids = await seedUnmanaged();
    const file = writeCatalog(dir, catalog('\n    custom_data: { other: 1 }'), 'replace.yaml');
    const plan = await cli('plan', file, '--adopt');
    expect(plan.stdout).toContain('custom_data {"app_flag":"keep-me"} → {"other":1}');
    const applied = await cli('apply', file, '--adopt', '--yes');
    expect(applied.code, applied.stdout + applied.stderr).toBe(0);
    expect((await api('GET', `/products/${ids.product}`)).custom_data).toEqual({
      other: 1,
      paddle_catalog: { key: 'app' },
    });
  });
});
