// --dedupe converges in one run, through the CLI against the emulator over real HTTP, in the cases
// where the object the plan keeps is not the one that is active.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { tempDir, writeCatalog } from '../support/catalog-files.js';
import { accountApi } from '../support/emulator.js';
import { ROOT } from '../support/run-cli.js';
import { runCliInProcess } from '../support/run-cli-in-process.js';

let emulator: RunningEmulator;
let dir: string;
const cli = (...args: string[]) =>
  runCliInProcess(args, { env: { PADDLE_API_URL: emulator.url, PADDLE_API_KEY: emulator.apiKey } });

const api = (method: string, path: string, body?: unknown) => accountApi(emulator)(method, path, body);

const proCatalog = `version: 1
products:
  pro:
    name: Pro
    tax_category: saas
    prices:
      monthly:
        description: Pro monthly
        unit_price: { amount: "2900", currency_code: USD }
        billing_cycle: { interval: month, frequency: 1 }
`;

beforeAll(async () => {
  emulator = await startEmulator({ demo: false });
  dir = tempDir();
});
afterAll(() => emulator.close());
beforeEach(() => emulator.reset());

describe('apply --dedupe converges in one run', { timeout: 90_000 }, () => {
  it("the kept product's price is archived and the newer twin's is active: one run verifies", async () => {
    const file = writeCatalog(dir, proCatalog, 'pro.yaml');
    const first = await cli('--json', 'apply', file, '--yes');
    expect(first.code, first.stderr).toBe(0);
    const applied = JSON.parse(first.stdout);
    const keptPrice = applied.products.pro.prices.monthly.id as string;
    await api('PATCH', `/prices/${keptPrice}`, { status: 'archived' });
    const twin = await api('POST', '/products', {
      name: 'Pro',
      tax_category: 'saas',
      custom_data: { paddle_catalog: { key: 'pro' } },
    });
    const twinPrice = await api('POST', '/prices', {
      product_id: twin.id,
      description: 'Pro monthly',
      unit_price: { amount: '2900', currency_code: 'USD' },
      billing_cycle: { interval: 'month', frequency: 1 },
      custom_data: { paddle_catalog: { key: 'pro/monthly' } },
    });

    const dedupe = await cli('--json', 'apply', file, '--dedupe', '--yes');
    expect(dedupe.code, dedupe.stdout + dedupe.stderr).toBe(0);
    expect(JSON.parse(dedupe.stdout).verified).toBe(true);
    expect((await api('GET', `/prices/${keptPrice}`)).status).toBe('active');
    expect((await api('GET', `/prices/${twinPrice.id}`)).status).toBe('archived');
    expect((await api('GET', `/products/${twin.id}`)).status).toBe('archived');
    const again = await cli('plan', file, '--detailed-exitcode');
    expect(again.code, again.stdout).toBe(0);
  });

  it("the newer twin holds the catalog's code: dedupe keeps that twin, archives the other, and LAUNCH25 stays redeemable", async () => {
    const file = writeCatalog(
      dir,
      readFileSync(join(ROOT, 'catalogs/launch-discounts.yaml'), 'utf8'),
      'l.yaml',
    );
    const first = await cli('--json', 'apply', file, '--yes');
    expect(first.code, first.stderr).toBe(0);
    const original = JSON.parse(first.stdout).discounts.launch.id as string;
    const managed = await api('PATCH', `/discounts/${original}`, { code: 'OLDCODE' });
    // the same discount again, with the catalog's code and the same marker (a copy made by hand)
    const copied = ['description', 'type', 'amount', 'recur', 'maximum_recurring_intervals', 'usage_limit'];
    const twin = await api('POST', '/discounts', {
      ...Object.fromEntries(['restrict_to', 'expires_at', ...copied].map((f) => [f, managed[f]])),
      code: 'LAUNCH25',
      custom_data: { paddle_catalog: { key: 'launch' } },
    });

    const dedupe = await cli('--json', 'apply', file, '--dedupe', '--yes');
    expect(dedupe.code, dedupe.stdout + dedupe.stderr).toBe(0);
    expect(JSON.parse(dedupe.stdout).verified).toBe(true);
    expect(await api('GET', `/discounts/${twin.id}`)).toMatchObject({ status: 'active', code: 'LAUNCH25' });
    expect(await api('GET', `/discounts/${original}`)).toMatchObject({ status: 'archived', code: 'OLDCODE' });
    const again = await cli('plan', file, '--detailed-exitcode');
    expect(again.code, again.stdout).toBe(0);
  });
});
