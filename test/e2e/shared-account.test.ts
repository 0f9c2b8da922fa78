// A shared account (the CLI in-process) against the emulator: several catalog files side by side.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { createCatalogGateway } from '../../src/paddle/catalog-gateway.js';
import { readMarker } from '../../src/planner/marker.js';
import { PRO_CATALOG, tempDir, writeCatalog } from '../support/catalog-files.js';
import { runCliInProcess } from '../support/run-cli-in-process.js';

let emulator: RunningEmulator;
let dir: string;
const env = () => ({ PADDLE_API_URL: emulator.url, PADDLE_API_KEY: emulator.apiKey });
const cli = (...args: string[]) => runCliInProcess(args, { env: env() });
const json = async (...args: string[]) => {
  const result = await cli('--json', ...args);
  return { code: result.code, doc: JSON.parse(result.stdout), stderr: result.stderr };
};

/** How the emulator's latency fault waits; a test sets it to hold answers (never a timer). */
let hold: (ms: number) => Promise<void> = async () => {};

beforeAll(async () => {
  emulator = await startEmulator({ demo: false, wait: (ms) => hold(ms) });
  dir = tempDir();
});
afterAll(() => emulator.close());
beforeEach(() => emulator.reset());

const gateway = () =>
  createCatalogGateway({ environment: 'sandbox', baseUrl: emulator.url, apiKey: emulator.apiKey });

/** Every object of the account: `catalog key status` per marked object. */
async function census(): Promise<string[]> {
  const { products } = await gateway().snapshot();
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

describe('several catalogs in one account (catalog: <name>)', { timeout: 60_000 }, () => {
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

/** key → how many active objects carry it. */
async function activeCounts(): Promise<Record<string, number>> {
  const { products } = await gateway().snapshot();
  const counts: Record<string, number> = {};
  for (const o of [...products, ...products.flatMap((p) => p.prices)]) {
    const key = readMarker(o.custom_data)?.key;
    if (key && o.status === 'active') counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

describe('duplicates fail verification; --dedupe repairs them', { timeout: 90_000 }, () => {
  it('twins made meanwhile: apply exits 1 naming the ids and --dedupe; plan --dedupe shows, apply --dedupe repairs', async () => {
    const file = writeCatalog(dir, PRO_CATALOG(), 'twins.yaml');
    await cli('apply', file, '--yes');
    // what a second run, started at the same moment, would have left behind
    const twin = await gateway().createProduct('twin', {
      name: 'Pro',
      tax_category: 'saas',
      custom_data: { paddle_catalog: { key: 'pro' } },
    });
    await gateway().createPrice('twin price', {
      product_id: twin.id,
      description: 'Pro yearly',
      unit_price: { amount: '10000', currency_code: 'USD' },
      billing_cycle: { interval: 'year', frequency: 1 },
      custom_data: { paddle_catalog: { key: 'pro/yearly' } },
    });

    const human = await cli('apply', file, '--yes');
    expect(human.code).toBe(1);
    expect(human.stderr).toContain('not verified: 2 keys have more than one active object');
    expect(human.stderr).toContain(`! product pro has 2 active objects:`);
    expect(human.stderr).toContain(twin.id);
    expect(human.stderr).toContain('apply --dedupe');

    const { code, doc } = await json('apply', file, '--yes');
    expect(code).toBe(1);
    expect(doc).toMatchObject({
      ok: false,
      verified: false,
      error: {
        kind: 'not-verified',
        message:
          'not verified: 2 keys have more than one active object (another apply or a person made them meanwhile?)',
      },
    });
    expect(doc.verification.duplicates).toEqual([
      expect.objectContaining({ kind: 'product', key: 'pro', others: [twin.id] }),
      expect.objectContaining({ kind: 'price', key: 'pro/yearly' }),
    ]);

    const plan = await cli('plan', file, '--dedupe');
    expect(plan.stdout).toContain(`- archive product pro (${twin.id}) (duplicate of`);
    expect(plan.stdout).toContain('Plan: 0 to create, 0 to update, 2 to archive.');

    const repaired = await json('apply', file, '--dedupe', '--yes');
    expect(repaired.code).toBe(0);
    expect(repaired.doc).toMatchObject({ ok: true, verified: true });
    expect(repaired.doc.deduplicated).toEqual([
      expect.objectContaining({ kind: 'price', key: 'pro/yearly', status: 'applied' }),
      { kind: 'product', key: 'pro', id: twin.id, kept: repaired.doc.products.pro.id, status: 'applied' },
    ]);
    expect(await activeCounts()).toEqual({ pro: 1, 'pro/monthly': 1, 'pro/yearly': 1 });
  });

  it('a duplicate managed discount: not verified, named; apply --dedupe archives the newer one and verifies', async () => {
    const file = writeCatalog(
      dir,
      `version: 1\nproducts: {}\ndiscounts:\n  welcome:\n    description: Welcome offer\n    type: percentage\n    amount: "10"\n`,
      'discount-twins.yaml',
    );
    const first = await json('apply', file, '--yes');
    expect(first.doc).toMatchObject({ ok: true, verified: true });
    const kept = first.doc.discounts.welcome.id;
    // what a second run, started at the same moment, would have left behind (Paddle made up its code)
    const twin = await gateway().createDiscount('twin', {
      description: 'Welcome offer',
      type: 'percentage',
      amount: '10',
      custom_data: { paddle_catalog: { key: 'welcome' } },
    });

    const { code, doc } = await json('apply', file, '--yes');
    expect(code).toBe(1);
    expect(doc.verification.duplicates).toEqual([
      { kind: 'discount', key: 'welcome', kept, others: [twin.id] },
    ]);
    const plan = await cli('plan', file, '--dedupe');
    expect(plan.stdout).toContain(`- archive discount welcome (${twin.id}) (duplicate of ${kept})`);

    const repaired = await json('apply', file, '--dedupe', '--yes');
    expect(repaired.code).toBe(0);
    expect(repaired.doc).toMatchObject({ ok: true, verified: true });
    expect(repaired.doc.deduplicated).toEqual([
      { kind: 'discount', key: 'welcome', id: twin.id, kept, status: 'applied' },
    ]);
    const { discounts } = await gateway().snapshot({ discounts: 'required' });
    expect(discounts.map((d) => `${d.id === kept ? 'kept' : 'twin'} ${d.status}`).sort()).toEqual([
      'kept active',
      'twin archived',
    ]);
  });

  it('two apply --yes started at the same moment never both exit 0 over duplicates; one apply --dedupe --yes converges', async () => {
    const file = writeCatalog(dir, PRO_CATALOG(), 'race.yaml');
    // each run's first write is held until the other's first write arrives: both have read the
    // account before either wrote, as two runs started at the same moment do
    let method = '';
    const stop = emulator.onRequest((r) => {
      method = r.method;
    });
    const held: Array<() => void> = [];
    hold = () =>
      method !== 'POST' || held.length === 2
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            held.push(resolve);
            if (held.length === 2) for (const release of held) release();
          });
    emulator.setFaults({ latencyMs: 1 });
    const runs = await Promise.all([json('apply', file, '--yes'), json('apply', file, '--yes')]);
    emulator.setFaults({});
    stop();
    expect(held, 'both runs wrote after both had read').toHaveLength(2);
    expect(
      Object.values(await activeCounts()).some((n) => n > 1),
      'twins were made',
    ).toBe(true);
    expect(
      runs.filter((r) => r.code === 0),
      'never both exit 0',
    ).not.toHaveLength(2);
    const failed = runs.find((r) => r.code === 1);
    expect(failed?.doc.verification.duplicates.length).toBeGreaterThan(0);
    const repaired = await json('apply', file, '--dedupe', '--yes');
    expect(repaired.doc).toMatchObject({ ok: true, verified: true });
    expect(await activeCounts()).toEqual({ pro: 1, 'pro/monthly': 1, 'pro/yearly': 1 });
  });
});

/** The account's writes (not reads) since `mark`. */
const writesSince = (mark: number) =>
  emulator
    .requests()
    .slice(mark)
    .filter((r) => r.method !== 'GET');

const SEATS = (name: string) => `version: 1
products:
  seats:
    name: ${name}
    tax_category: saas
    prices:
      each:
        description: One seat
        unit_price: { amount: "500", currency_code: USD }
        billing_cycle: { interval: month, frequency: 1 }
discounts:
  launch:
    description: Launch offer
    type: percentage
    amount: "25"
    code: LAUNCH25
`;

describe('look-alikes: a create beside an unmanaged twin', { timeout: 60_000 }, () => {
  /** What a person made in the dashboard: "Addon Seats" with its seat price, and a LAUNCH25 code. */
  async function dashboardTwins() {
    const product = await gateway().createProduct('dashboard', { name: 'Addon Seats', tax_category: 'saas' });
    const price = await gateway().createPrice('dashboard', {
      product_id: product.id,
      description: 'One seat',
      unit_price: { amount: '500', currency_code: 'USD' },
      billing_cycle: { interval: 'month', frequency: 1 },
    });
    const discount = await gateway().createDiscount('dashboard', {
      description: 'Made in the dashboard',
      type: 'percentage',
      amount: '20',
      code: 'launch25',
    });
    return { product, price, discount };
  }

  it('plan flags each (human warning, lookalike in --json); apply refuses before any write, naming them and the ways out', async () => {
    const twins = await dashboardTwins();
    const file = writeCatalog(dir, SEATS('  addon seats'), 'seats.yaml');

    const human = await cli('plan', file);
    expect(human.code).toBe(0);
    expect(human.stdout).toContain(
      `! looks like product ${twins.product.id} "Addon Seats" (the same name), which this tool does not manage`,
    );
    expect(human.stdout).toContain(`! looks like discount ${twins.discount.id} "launch25" (the same code)`);
    const { doc } = await json('plan', file);
    expect(doc.changes.filter((c: { lookalike?: unknown }) => c.lookalike)).toEqual([
      expect.objectContaining({
        kind: 'product',
        key: 'seats',
        action: 'create',
        lookalike: { id: twins.product.id, name: 'Addon Seats' },
      }),
      expect.objectContaining({
        kind: 'discount',
        key: 'launch',
        lookalike: { id: twins.discount.id, code: 'launch25' },
      }),
    ]);

    const mark = emulator.requests().length;
    const refused = await cli('apply', file, '--yes');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      `Not applying: 2 new objects would stand beside an existing one this tool does not manage: product seats looks like ${twins.product.id} "Addon Seats"; discount launch looks like ${twins.discount.id} "launch25".`,
    );
    expect(refused.stderr).toContain('--adopt takes it over');
    expect(refused.stderr).toContain('--allow-lookalikes creates beside it');
    const asJson = await json('apply', file, '--yes', '--allow-lookalikes');
    expect(asJson.code).toBe(1);
    expect(asJson.doc.error.message).toContain(`discount launch looks like ${twins.discount.id}`);
    const both = await json('apply', file, '--yes');
    expect(both.doc.error.lookalikes).toEqual([
      { kind: 'product', key: 'seats', lookalike: { id: twins.product.id, name: 'Addon Seats' } },
      { kind: 'discount', key: 'launch', lookalike: { id: twins.discount.id, code: 'launch25' } },
    ]);
    // --allow-lookalikes lets the product through: only the discount is refused, in the data too
    expect(asJson.doc.error.lookalikes).toEqual([
      { kind: 'discount', key: 'launch', lookalike: { id: twins.discount.id, code: 'launch25' } },
    ]);
    expect(writesSince(mark)).toEqual([]);
  });

  it('plan --emit tool-server names the look-alikes its scripts would stand beside; with --adopt the scripts take them over', async () => {
    const twins = await dashboardTwins();
    const file = writeCatalog(dir, SEATS('Addon Seats'), 'emit.yaml');
    const emitted = await cli('plan', file, '--emit', 'tool-server');
    expect(emitted.code).toBe(0);
    expect(emitted.stderr).toContain(
      `2 creates in these scripts would stand beside an object this tool does not manage (product seats looks like ${twins.product.id} "Addon Seats"; discount launch looks like ${twins.discount.id} "launch25")`,
    );
    const adopted = await cli('plan', file, '--emit', 'tool-server', '--adopt');
    expect(adopted.stderr).not.toContain('would stand beside');
    expect(adopted.stdout).toContain(`client.products.update(${JSON.stringify(twins.product.id)}`);
    expect(adopted.stdout).not.toContain('client.products.create');
  });

  it('--adopt takes every twin over by PATCH (the marker added), nothing created; the account then verifies', async () => {
    const twins = await dashboardTwins();
    const file = writeCatalog(dir, SEATS('ADDON SEATS'), 'adopt.yaml');
    const mark = emulator.requests().length;
    const { code, doc, stderr } = await json('apply', file, '--yes', '--adopt');
    expect(code, stderr).toBe(0);
    expect(doc).toMatchObject({
      verified: true,
      products: {
        seats: { id: twins.product.id, action: 'adopt', prices: { each: { id: twins.price.id } } },
      },
      discounts: { launch: { id: twins.discount.id, action: 'adopt' } },
    });
    expect(writesSince(mark).map((r) => r.method)).toEqual(['PATCH', 'PATCH', 'PATCH']);
    expect(await census()).toEqual(['default seats active', 'default seats/each active']);
  });

  it('--allow-lookalikes creates a product and price beside their twins (a discount code cannot be shared)', async () => {
    const twins = await dashboardTwins();
    const file = writeCatalog(dir, SEATS('Addon Seats').replace(/discounts:[\s\S]*$/, ''), 'beside.yaml');
    const { code, doc } = await json('apply', file, '--yes', '--allow-lookalikes');
    expect(code).toBe(0);
    expect(doc).toMatchObject({ ok: true, verified: true, products: { seats: { action: 'create' } } });
    expect(doc.products.seats.id).not.toBe(twins.product.id);
    expect(await census()).toEqual([
      'default seats active',
      'default seats/each active',
      `unmanaged ${twins.price.id} active`,
      `unmanaged ${twins.product.id} active`,
    ]);
  });

  it('an archived discount that holds the code is in the way too: refused before any write; --adopt takes it over and sets it active', async () => {
    const old = await gateway().createDiscount('dashboard', {
      description: 'Last year',
      type: 'percentage',
      amount: '25',
      code: 'LAUNCH25',
    });
    await gateway().updateDiscount('dashboard', old.id, { status: 'archived' });
    const file = writeCatalog(dir, SEATS('Seats'), 'archived-code.yaml');
    const mark = emulator.requests().length;
    const refused = await cli('apply', file, '--yes', '--allow-lookalikes');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`discount launch looks like ${old.id} "LAUNCH25" (archived)`);
    expect(writesSince(mark)).toEqual([]);
    const adopted = await json('apply', file, '--yes', '--adopt');
    expect(adopted.doc).toMatchObject({
      ok: true,
      verified: true,
      discounts: { launch: { id: old.id, action: 'adopt' } },
    });
  });

  it("another catalog's objects are never look-alikes: the same name in two catalogs is two products", async () => {
    const main = writeCatalog(dir, PRO_CATALOG(), 'main.yaml');
    const other = writeCatalog(
      dir,
      PRO_CATALOG().replace('version: 1', 'version: 1\ncatalog: team-b'),
      'b.yaml',
    );
    expect((await cli('apply', main, '--yes')).code).toBe(0);
    const plan = await json('plan', other);
    expect(plan.doc.changes.some((c: { lookalike?: unknown }) => c.lookalike)).toBe(false);
    expect((await json('apply', other, '--yes')).doc).toMatchObject({ ok: true, verified: true });
  });
});
