// `apply` (the CLI in-process) against the emulator: confirmation guards, report, files, partial failure.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { runCliInProcess } from '../helpers/run-cli-in-process.js';
import { PRO_CATALOG, tempDir, writeCatalog } from './catalog-files.js';

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

describe('apply: confirmation (design §2)', () => {
  it('without a terminal and without --yes it refuses, names --yes, and writes nothing', async () => {
    const result = await runCliInProcess(['apply', file], { env: env() });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('--yes');
    expect(writes()).toEqual([]);
  });

  it('§4.3 rule 2: --production with a sandbox key is refused before any call', async () => {
    const result = await runCliInProcess(['apply', file, '--production', '--yes'], { env: env() });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('sandbox key');
    expect(emulator.requests()).toEqual([]);
  });

  it('§4.3 rule 2: a live key without --production is refused before any call', async () => {
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
  it('--json: design §2 document with pro_/pri_ ids; --ids-out and --env-out files', async () => {
    const result = await runCliInProcess(
      ['--json', 'apply', file, '--yes', '--ids-out', join(dir, 'ids.json'), '--env-out', join(dir, '.env')],
      { env: env() },
    );
    expect(result.code).toBe(0);
    const doc = JSON.parse(result.stdout);
    expect(doc).toMatchObject({ ok: true, environment: 'sandbox', verified: true });
    expect(doc.products.pro.id).toMatch(/^pro_/);
    expect(doc.products.pro.prices.monthly).toMatchObject({ action: 'create', status: 'applied' });
    expect(doc.products.pro.prices.monthly.id).toMatch(/^pri_/);
    const ids = JSON.parse(readFileSync(join(dir, 'ids.json'), 'utf8'));
    expect(ids).toEqual({
      environment: 'sandbox',
      products: {
        pro: {
          id: doc.products.pro.id,
          prices: { monthly: doc.products.pro.prices.monthly.id, yearly: doc.products.pro.prices.yearly.id },
        },
      },
    });
    expect(readFileSync(join(dir, '.env'), 'utf8')).toBe(
      `PADDLE_PRICE_PRO_MONTHLY=${doc.products.pro.prices.monthly.id}\n` +
        `PADDLE_PRICE_PRO_YEARLY=${doc.products.pro.prices.yearly.id}\n` +
        `PADDLE_PRODUCT_PRO=${doc.products.pro.id}\n`,
    );
  });

  it('§4.3 rule 6: the human report is a key → id table, then "Verified"; a re-run writes nothing', async () => {
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

  it('§5 rule 6: a key without price.write: products created, ids reported, the hint names price.write, exit 1', async () => {
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

  it('§4.3 rule 3: on a partial failure the human output lists the rest as dashboard steps', async () => {
    const key = emulator.addApiKey(['product.read', 'product.write', 'price.read']);
    const result = await runCliInProcess(['apply', file, '--yes'], { env: env(key) });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('price.write');
    expect(result.stderr).toMatch(/1\. Catalog → Products → pro_\w+ → New price: description "Pro /);
  });
});

describe('apply --local (the README quick start, no account)', () => {
  it('applies an example catalog to an in-process emulator, verifies and prints the ids', async () => {
    const result = await runCliInProcess(['apply', 'catalogs/saas-starter.yaml', '--local']);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('local emulator');
    expect(result.stdout).toMatch(/starter\/monthly\s+pri_\w+\s+created/);
    expect(result.stderr).toContain('Verified');
  });
});
