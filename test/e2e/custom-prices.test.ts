// Custom prices and products (`type: custom`) are made for one checkout: Paddle leaves them out of
// its lists unless `type=custom` asks (OpenAPI CatalogType: "Not returned when listing via API").
// The emulator does the same, and the tool never exports, dedupes, prunes or adopts one, even one
// that looks like a catalog price or carries the catalog's marker.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { productFromWire } from '../../src/paddle/catalog-mapping.js';
import { PRO_CATALOG, tempDir, writeCatalog } from '../support/catalog-files.js';
import { call } from '../support/emulator.js';
import { runCliInProcess } from '../support/run-cli-in-process.js';

let emulator: RunningEmulator;
let dir: string;
let productId: string;
let monthly: Record<string, unknown>;
let customPrice: string;
let customProduct: string;
const env = () => ({ PADDLE_API_URL: emulator.url, PADDLE_API_KEY: emulator.apiKey });

beforeAll(async () => {
  emulator = await startEmulator({ demo: false });
  dir = tempDir();
  const applied = await runCliInProcess(['apply', writeCatalog(dir, PRO_CATALOG()), '--yes'], { env: env() });
  expect(applied.code).toBe(0);
  const prices = (await call(emulator, 'GET', '/prices')).body.data;
  monthly = prices.find((p: { description: string }) => p.description === 'Pro monthly');
  productId = monthly.product_id as string;
  // a custom copy of the catalog's monthly price, marker and all: a perfect look-alike and duplicate
  const { id: _, status: __, created_at: ___, updated_at: ____, import_meta: _____, ...copy } = monthly;
  customPrice = (await call(emulator, 'POST', '/prices', { body: { ...copy, type: 'custom' } })).body.data.id;
  customProduct = (
    await call(emulator, 'POST', '/products', { body: { name: 'Pro', tax_category: 'saas', type: 'custom' } })
  ).body.data.id;
});
afterAll(() => emulator.close());

describe('the emulator lists custom items only when asked', () => {
  it('GET /prices and /products leave them out, include=prices too; type=custom lists only them', async () => {
    const ids = (body: { data: { id: string }[] }) => body.data.map((r) => r.id);
    expect(ids((await call(emulator, 'GET', '/prices?status=active,archived')).body)).not.toContain(
      customPrice,
    );
    expect(ids((await call(emulator, 'GET', '/prices?type=custom')).body)).toEqual([customPrice]);
    expect(ids((await call(emulator, 'GET', '/products')).body)).not.toContain(customProduct);
    expect(ids((await call(emulator, 'GET', '/products?type=custom')).body)).toEqual([customProduct]);
    const withPrices = (await call(emulator, 'GET', `/products/${productId}?include=prices`)).body.data;
    expect(ids({ data: withPrices.prices })).not.toContain(customPrice);
    expect((await call(emulator, 'GET', `/prices/${customPrice}`)).body.data.type).toBe('custom');
    expect((await call(emulator, 'GET', '/prices?type=other')).body.error.code).toBe('invalid_field');
  });
});

describe('the tool never touches a custom price', () => {
  it('plan and plan --prune --dedupe: no changes; export leaves it out; apply --prune keeps it active', async () => {
    const file = writeCatalog(dir, PRO_CATALOG(), 'same.yaml');
    for (const flags of [[], ['--prune', '--dedupe']]) {
      const plan = await runCliInProcess(['plan', file, ...flags], { env: env() });
      expect([plan.code, plan.stdout]).toEqual([0, expect.stringContaining('No changes.')]);
    }
    const out = join(dir, 'export.yaml');
    expect((await runCliInProcess(['export', '--out', out], { env: env() })).code).toBe(0);
    expect(readFileSync(out, 'utf8')).not.toContain(customPrice);
    expect(readFileSync(out, 'utf8').match(/Pro monthly/g)).toHaveLength(1);
    const withoutMonthly = PRO_CATALOG().replace(/ {6}monthly:[\s\S]*?(?= {6}yearly:)/, '');
    const pruned = await runCliInProcess(
      ['apply', writeCatalog(dir, withoutMonthly, 'less.yaml'), '--prune', '--yes'],
      {
        env: env(),
      },
    );
    expect(pruned.code).toBe(0);
    expect((await call(emulator, 'GET', `/prices/${monthly.id}`)).body.data.status).toBe('archived');
    expect((await call(emulator, 'GET', `/prices/${customPrice}`)).body.data.status).toBe('active');
  });

  it('a new catalog price that looks like a custom one is no look-alike: plan creates it without a warning', async () => {
    const other = PRO_CATALOG().replace('pro:', 'solo:').replace('name: Pro', 'name: Solo');
    const custom = (
      await call(emulator, 'POST', '/products', {
        body: { name: 'Solo', tax_category: 'saas', type: 'custom' },
      })
    ).body.data.id;
    const plan = await runCliInProcess(['--json', 'plan', writeCatalog(dir, other, 'solo.yaml')], {
      env: env(),
    });
    expect(plan.code).toBe(0);
    const doc = JSON.parse(plan.stdout);
    expect(doc.changes).toContainEqual(
      expect.objectContaining({ kind: 'product', key: 'solo', action: 'create' }),
    );
    expect(doc.summary.create).toBeGreaterThan(0);
    expect(plan.stdout).not.toContain(custom);
    expect(plan.stdout).not.toContain('lookalike');
    expect(doc.issues).toEqual([]);
  });

  it('a custom price Paddle might embed with include=prices is dropped when the answer is read', () => {
    const price = { ...monthly, id: customPrice, type: 'custom' };
    const product = productFromWire({
      id: productId,
      name: 'Pro',
      tax_category: 'saas',
      prices: [monthly, price],
    });
    expect(product.prices.map((p) => p.id)).toEqual([monthly.id]);
  });
});
