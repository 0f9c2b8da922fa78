// A shared account through bin/ against the emulator: several catalog files side by side.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { createCatalogGateway } from '../../src/paddle/catalog-gateway.js';
import { readMarker } from '../../src/plan/marker.js';
import { runCli } from '../helpers/run-cli.js';
import { PRO_CATALOG, tempDir, writeCatalog } from './catalog-files.js';

let emulator: RunningEmulator;
let dir: string;
const env = () => ({ PADDLE_API_URL: emulator.url, PADDLE_API_KEY: emulator.apiKey });
const cli = (...args: string[]) => runCli(args, { env: env() });
const json = async (...args: string[]) => {
  const result = await cli('--json', ...args);
  return { code: result.code, doc: JSON.parse(result.stdout), stderr: result.stderr };
};

beforeAll(async () => {
  emulator = await startEmulator({ demo: false });
  dir = tempDir();
});
afterAll(() => emulator.close());
beforeEach(() => emulator.reset());

/** Every object of the account: `catalog key status` per marked object. */
async function census(): Promise<string[]> {
  const gateway = createCatalogGateway({
    environment: 'sandbox',
    baseUrl: emulator.url,
    apiKey: emulator.apiKey,
  });
  const { products } = await gateway.snapshot();
  return [...products, ...products.flatMap((p) => p.prices)]
    .map((o) => {
      const marker = readMarker(o.custom_data);
      return marker ? `${marker.catalog} ${marker.key} ${o.status}` : `unmanaged ${o.id} ${o.status}`;
    })
    .sort();
}

const ADDONS = (withSeats: boolean) => `version: 1
catalog: addons
products:
  pro:
    name: Pro add-on
    tax_category: saas
${
  withSeats
    ? `  seats:
    name: Seats
    tax_category: saas
    prices:
      each:
        description: One seat
        unit_price: { amount: "500", currency_code: USD }
        billing_cycle: { interval: month, frequency: 1 }
`
    : ''
}`;

describe('several catalogs in one account (catalog: <name>)', () => {
  it('two catalogs apply side by side; --prune of one archives only its own objects', async () => {
    const main = writeCatalog(dir, PRO_CATALOG(), 'main.yaml');
    const addons = writeCatalog(dir, ADDONS(true), 'addons.yaml');
    expect((await json('apply', main, '--yes')).doc).toMatchObject({ ok: true, verified: true });

    const first = await json('apply', addons, '--yes');
    expect(first.doc).toMatchObject({ ok: true, verified: true });
    // the same key in two catalogs is two objects: the add-on's pro is created beside main's
    expect(first.doc.products.pro.action).toBe('create');
    const planMain = await cli('plan', main);
    expect(planMain.stdout).toContain('No changes.');
    expect(planMain.stdout).not.toContain('not in the catalog any more');

    const pruned = await json('apply', writeCatalog(dir, ADDONS(false), 'addons.yaml'), '--yes', '--prune');
    expect(pruned.doc).toMatchObject({ ok: true, verified: true });
    expect(pruned.doc.products.seats).toMatchObject({ action: 'archive', status: 'applied' });
    expect(await census()).toEqual([
      'addons pro active',
      'addons seats archived',
      'addons seats/each archived',
      'default pro active',
      'default pro/monthly active',
      'default pro/yearly active',
    ]);
    expect((await cli('plan', main, '--prune', '--detailed-exitcode')).code).toBe(0);
  });

  it('export --catalog writes that catalog back with its name; another catalog is left out', async () => {
    await cli('apply', writeCatalog(dir, PRO_CATALOG(), 'main.yaml'), '--yes');
    await cli('apply', writeCatalog(dir, ADDONS(true), 'addons.yaml'), '--yes');
    const { code, doc } = await json('export', '--catalog', 'addons');
    expect(code).toBe(0);
    expect(doc.catalog.catalog).toBe('addons');
    expect(Object.keys(doc.catalog.products).sort()).toEqual(['pro', 'seats']);
    expect(doc.catalog.products.pro.name).toBe('Pro add-on');
    const bad = await cli('export', '--catalog', 'Add Ons');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('catalog name');
  });
});
