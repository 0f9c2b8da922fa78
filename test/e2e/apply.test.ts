// `apply` (the CLI in-process) against the emulator: confirmation guards, report, files, partial failure.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { PRO_CATALOG, tempDir, writeCatalog } from '../support/catalog-files.js';
import { runCliInProcess } from '../support/run-cli-in-process.js';

let emulator: RunningEmulator;
let dir: string;
let file: string;
const env = (apiKey = emulator.apiKey) => ({ PADDLE_API_URL: emulator.url, PADDLE_API_KEY: apiKey });
const writes = () => emulator.requests().filter((r) => r.method !== 'GET');

beforeAll(async () => {
  emulator = await startEmulator();
  dir = tempDir();
  file = writeCatalog(dir, PRO_CATALOG());
});
afterAll(() => emulator.close());
beforeEach(() => emulator.reset());

describe('apply: confirmation', () => {
  it('without a terminal and without --yes it refuses, names --yes, and writes nothing', async () => {
    const result = await runCliInProcess(['apply', file], { env: env() });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('--yes');
    expect(writes()).toEqual([]);
  });

  it('--production with a sandbox key is refused before any call', async () => {
    const result = await runCliInProcess(['apply', file, '--production', '--yes'], { env: env() });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('sandbox key');
    expect(emulator.requests()).toEqual([]);
  });

  it('a live key without --production is refused before any call', async () => {
    const live = emulator.addApiKey(
      ['product.read', 'product.write', 'price.read', 'price.write'],
      'production',
    );
    const result = await runCliInProcess(['apply', file, '--yes'], { env: env(live) });
    expect(result.code).toBe(1);
    expect(emulator.requests()).toEqual([]);
  });

  it('--production without a terminal and without --yes reads, then refuses and writes nothing', async () => {
    const live = emulator.addApiKey(
      ['product.read', 'product.write', 'price.read', 'price.write'],
      'production',
    );
    const result = await runCliInProcess(['apply', file, '--production'], { env: env(live) });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('PRODUCTION');
    expect(writes()).toEqual([]);
  });
});

describe('apply: report', () => {
  it('--json: the apply document with pro_/pri_ ids; --ids-out and --env-out files', async () => {
    const result = await runCliInProcess(
      ['--json', 'apply', file, '--yes', '--ids-out', join(dir, 'ids.json'), '--env-out', join(dir, '.env')],
      { env: env() },
    );
    expect(result.code).toBe(0);
    const doc = JSON.parse(result.stdout);
    expect(doc).toMatchObject({ ok: true, environment: 'sandbox', verified: true });
    // the run's requests: the account read, the writes and the verification read, each counted
    expect(doc.requests).toBe(emulator.requests().length);
    expect(doc.requests).toBeGreaterThan(writes().length);
    expect(doc.products.pro.id).toMatch(/^pro_/);
    expect(doc.products.pro.prices.monthly).toMatchObject({ action: 'create', status: 'applied' });
    expect(doc.products.pro.prices.monthly.id).toMatch(/^pri_/);
    const ids = JSON.parse(readFileSync(join(dir, 'ids.json'), 'utf8'));
    expect(ids).toEqual({
      format: 'paddle-catalog-ids/1',
      catalog: 'default',
      environments: {
        sandbox: {
          baseUrl: emulator.url,
          readAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
          products: { pro: doc.products.pro.id },
          prices: {
            'pro/monthly': doc.products.pro.prices.monthly.id,
            'pro/yearly': doc.products.pro.prices.yearly.id,
          },
          discounts: {},
        },
      },
    });
    expect(readFileSync(join(dir, '.env'), 'utf8')).toBe(
      `PADDLE_PRICE_PRO_MONTHLY=${doc.products.pro.prices.monthly.id}\n` +
        `PADDLE_PRICE_PRO_YEARLY=${doc.products.pro.prices.yearly.id}\n` +
        `PADDLE_PRODUCT_PRO=${doc.products.pro.id}\n`,
    );
  });

  it('the human report is a key → id table, then "Verified"; a re-run writes nothing', async () => {
    const first = await runCliInProcess(['apply', file, '--yes'], { env: env() });
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/pro\/monthly\s+pri_\w+\s+created/);
    expect(first.stderr).toContain('Verified');
    const before = writes().length;
    const again = await runCliInProcess(['apply', file], { env: env() });
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('No changes.');
    expect(writes().length).toBe(before);
  });

  it('permissions: a key without price.write: products created, ids reported, the hint names price.write, exit 1', async () => {
    const key = emulator.addApiKey(['product.read', 'product.write', 'price.read']);
    const result = await runCliInProcess(['--json', 'apply', file, '--yes'], { env: env(key) });
    expect(result.code).toBe(1);
    const doc = JSON.parse(result.stdout);
    expect(doc.ok).toBe(false);
    expect(doc.verified).toBe(false);
    expect(doc.products.pro).toMatchObject({ action: 'create', status: 'applied' });
    expect(doc.products.pro.id).toMatch(/^pro_/);
    expect(doc.error).toMatchObject({ code: 'forbidden' });
    expect(doc.error.hint).toContain('price.write');
    expect(doc.remaining.join('\n')).toContain('New price');
  });

  it('on a partial failure the human output lists the rest as dashboard steps', async () => {
    const key = emulator.addApiKey(['product.read', 'product.write', 'price.read']);
    const result = await runCliInProcess(['apply', file, '--yes'], { env: env(key) });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('price.write');
    expect(result.stderr).toMatch(/1\. Catalog → Products → pro_\w+ → New price: description "Pro /);
  });
});

describe('apply --local (the README quick start, no account)', () => {
  it('applies an example catalog to an in-process emulator, verifies and prints the ids', async () => {
    const result = await runCliInProcess(['apply', 'catalogs/saas-starter.yaml', '--local', '--yes']);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('local emulator');
    expect(result.stdout).toMatch(/starter\/monthly\s+pri_\w+\s+created/);
    expect(result.stderr).toContain('Verified');
  });
});

describe('apply --local asks like every other target', () => {
  it('without a terminal and without --yes it refuses (exit 1) and applies nothing', async () => {
    const result = await runCliInProcess(['apply', 'catalogs/saas-starter.yaml', '--local']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'Refusing to apply without confirmation: there is no terminal to ask on.',
    );
    expect(result.stderr).toContain('Pass --yes');
    expect(result.stderr).not.toContain('Verified');
    expect(result.stdout).not.toMatch(/pri_\w+\s+created/);
  });
});

const OVERRIDES = `version: 1
products:
  pro:
    name: Pro
    tax_category: saas
    prices:
      monthly:
        description: Pro monthly
        unit_price: { amount: "2900", currency_code: USD }
        billing_cycle: { interval: month, frequency: 1 }
        trial_period:
          interval: day
          frequency: 7
          unit_price: { amount: "100", currency_code: USD }
          unit_price_overrides:
            - { country_codes: [GB], unit_price: { amount: "100", currency_code: GBP } }
            - { country_codes: [FR, DE], unit_price: { amount: "100", currency_code: EUR } }
            - { country_codes: [JP], unit_price: { amount: "150", currency_code: JPY } }
        unit_price_overrides:
          - { country_codes: [FR, DE], unit_price: { amount: "2700", currency_code: EUR } }
          - { country_codes: [GB], unit_price: { amount: "2300", currency_code: GBP } }
          - { country_codes: [JP], unit_price: { amount: "4200", currency_code: JPY } }
`;
const EVERY_OVERRIDE =
  '7-day paid trial at 100 USD ($1.00) with trial overrides DE,FR: 100 EUR (€1.00); GB: 100 GBP (£1.00); JP: 150 JPY (¥150), country overrides DE,FR: 2700 EUR (€27.00); GB: 2300 GBP (£23.00); JP: 4200 JPY (¥4,200)';

describe('what a reviewer sees of a price before it exists', () => {
  it('plan create lines spell out every country override: countries, amount, currency', async () => {
    const file = writeCatalog(dir, OVERRIDES, 'overrides.yaml');
    const result = await runCliInProcess(['plan', file], { env: env() });
    expect(result.code, result.stderr).toBe(0);
    // a line that long puts its country overrides on lines of their own
    const trial = EVERY_OVERRIDE.slice(0, EVERY_OVERRIDE.indexOf(', country overrides'));
    expect(result.stdout).toContain(
      [
        `+ create price pro/monthly  2900 USD ($29.00) monthly, ${trial}, country overrides:`,
        '      DE,FR: 2700 EUR (€27.00)',
        '      GB: 2300 GBP (£23.00)',
        '      JP: 4200 JPY (¥4,200)',
      ].join('\n'),
    );
  });

  it('the dashboard steps of an apply that stopped midway spell them out too', async () => {
    const file = writeCatalog(dir, OVERRIDES, 'overrides-steps.yaml');
    const key = emulator.addApiKey(['product.read', 'product.write', 'price.read']);
    const result = await runCliInProcess(['apply', file, '--yes'], { env: env(key) });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /1\. Catalog → Products → pro_\w+ → New price: description "Pro monthly", /,
    );
    expect(result.stderr).toContain(EVERY_OVERRIDE);
  });
});
