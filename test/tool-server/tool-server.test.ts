// `plan --emit tool-server`: every script within the caps, valid
// JavaScript, and — run against the emulator through a client like the tool server's — leaving
// nothing for a following plan to do.
import { Script } from 'node:vm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readCatalog } from '../../src/catalog/read.js';
import type { Catalog } from '../../src/catalog/schema.js';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { createCatalogGateway } from '../../src/paddle/catalog-gateway.js';
import { diff } from '../../src/planner/diff.js';
import { hasChanges } from '../../src/planner/summary.js';
import type { Plan } from '../../src/planner/types.js';
import { TOOL_SERVER_CAPS, type ToolServerEmission } from '../../src/tool-server/scripts.js';
import { runToolServerScript, toolServerScripts } from '../support/tool-server.js';

function catalogYaml(products: number, prices: number, name = (p: number) => `Product ${p}`): string {
  const lines = ['version: 1', 'products:'];
  for (let p = 1; p <= products; p += 1) {
    lines.push(`  p${p}:`, `    name: ${name(p)}`, '    tax_category: saas', '    prices:');
    for (let q = 1; q <= prices; q += 1) {
      lines.push(
        `      price${q}:`,
        `        description: "P${p} price ${q}, 100% \\"quoted\\" </script>"`,
        `        unit_price: { amount: "${1000 + q}", currency_code: USD }`,
        '        billing_cycle: { interval: month, frequency: 1 }',
      );
      if (q % 3 === 0) lines.push('        trial_period: { interval: day, frequency: 14 }');
      if (q % 4 === 0)
        lines.push(
          '        unit_price_overrides:',
          '          - { country_codes: [DE, FR], unit_price: { amount: "900", currency_code: EUR } }',
        );
    }
  }
  return `${lines.join('\n')}\n`;
}

function parse(text: string): Catalog {
  const { catalog, issues } = readCatalog('generated.yaml', text, { environment: 'sandbox' });
  if (!catalog) throw new Error(JSON.stringify(issues.slice(0, 3)));
  return catalog;
}

const emptyPlan = (catalog: Catalog): Plan => diff(catalog, { products: [], discounts: [], reads: 0 });

function expectWithinCaps(emission: ToolServerEmission): void {
  for (const script of emission.scripts) {
    expect(script.calls).toBeLessThanOrEqual(TOOL_SERVER_CAPS.calls);
    expect(script.code.length).toBeLessThanOrEqual(TOOL_SERVER_CAPS.codeChars);
    // parses as the body of an async function (top-level await inside execute)
    expect(() => new Script(`(async (client, console) => {\n${script.code}\n})`)).not.toThrow();
  }
}

describe('tool-server scripts: caps (50 API calls, 32,000 characters)', () => {
  it('120 products × 3 prices: every script within the caps, a product with its prices in one script', () => {
    const emission = toolServerScripts(emptyPlan(parse(catalogYaml(120, 3))));
    expectWithinCaps(emission);
    expect(emission.deferred).toEqual([]);
    expect(emission.scripts.reduce((n, s) => n + s.calls, 0)).toBe(480);
    expect(emission.scripts.length).toBe(10); // 12 products of 4 calls in each
    for (let p = 1; p <= 120; p += 1) {
      const holding = emission.scripts.filter((s) => s.code.includes(`"p${p}/price1"`));
      expect(holding).toHaveLength(1);
      expect(holding[0]?.code).toContain(`created.products["p${p}"]`);
    }
  });

  it('method paths camelCase, bodies snake_case, the created product id chained to its prices', () => {
    const [script] = toolServerScripts(emptyPlan(parse(catalogYaml(1, 3)))).scripts;
    expect(script?.code).toContain('await client.products.create({"name":"Product 1","tax_category":"saas"');
    expect(script?.code).toContain('client.prices.create({"product_id":product1,"description":');
    expect(script?.code).toContain('"unit_price":{"amount":"1001","currency_code":"USD"}');
    expect(script?.code).toContain('"billing_cycle":{"interval":"month","frequency":1}');
    expect(script?.code).toContain('console.log(JSON.stringify(created))');
    expect(script?.code).not.toMatch(/"(taxCategory|productId|unitPrice|currencyCode|billingCycle)"/);
  });

  it('one new product with 120 prices: the product and 49 prices, the rest deferred to a second run', () => {
    const emission = toolServerScripts(emptyPlan(parse(catalogYaml(1, 120))));
    expectWithinCaps(emission);
    expect(emission.scripts).toHaveLength(1);
    expect(emission.scripts[0]?.calls).toBe(50);
    expect(emission.deferred).toHaveLength(71);
    expect(emission.deferred[0]).toBe('p1/price50');
  });
});

describe('tool-server scripts: adopt', () => {
  it('stamps the marker on the known id, after setting an archived object active', () => {
    const plan = emptyPlan(parse(catalogYaml(1, 1)));
    const [group] = plan.groups;
    const [price] = group?.prices ?? [];
    if (group?.product.action !== 'create' || price?.action !== 'create') throw new Error('expected creates');
    group.product = { ...group.product, action: 'adopt', id: 'pro_old', archived: true };
    group.prices = [{ ...price, action: 'adopt', id: 'pri_old' }];
    const [script] = toolServerScripts(plan).scripts;
    expect(script?.calls).toBe(3);
    expect(script?.code).toContain('await client.products.update("pro_old", {"status":"active"});');
    expect(script?.code).toContain(
      'await client.products.update("pro_old", {"custom_data":{"paddle_catalog":{"key":"p1"}}});',
    );
    expect(script?.code).toContain(
      'await client.prices.update("pri_old", {"custom_data":{"paddle_catalog":{"key":"p1/price1"}}});',
    );
  });
});

describe('tool-server scripts run against the emulator', () => {
  let emulator: RunningEmulator;
  const gateway = () =>
    createCatalogGateway({ environment: 'sandbox', baseUrl: emulator.url, apiKey: emulator.apiKey });
  const planNow = async (catalog: Catalog) => diff(catalog, await gateway().snapshot());

  async function runAll(emission: ToolServerEmission) {
    const printed = [];
    for (const script of emission.scripts) {
      const run = await runToolServerScript(script.code, emulator.url, emulator.apiKey);
      expect(run.calls).toBe(script.calls);
      printed.push(run.printed as { products: Record<string, string>; prices: Record<string, string> });
    }
    return printed;
  }

  beforeAll(async () => {
    emulator = await startEmulator();
  });
  afterAll(() => emulator.close());
  beforeEach(() => emulator.reset());

  // 480 requests to the emulator, one after another: bounded by them, with room for a second test run
  // on the same cores
  it('120 products × 3 prices: after the scripts ran, plan shows no changes; each printed its ids', {
    timeout: 60_000,
  }, async () => {
    const catalog = parse(catalogYaml(120, 3));
    const printed = await runAll(toolServerScripts(await planNow(catalog)));
    expect(hasChanges(await planNow(catalog))).toBe(false);
    const products = Object.assign({}, ...printed.map((p) => p.products));
    const prices = Object.assign({}, ...printed.map((p) => p.prices));
    expect(Object.keys(products)).toHaveLength(120);
    expect(Object.keys(prices)).toHaveLength(360);
    expect(products.p7).toMatch(/^pro_/);
    expect(prices['p7/price2']).toMatch(/^pri_/);
  });

  it('a new product with 120 prices: a second run finishes it with scripts for the existing product', async () => {
    const catalog = parse(catalogYaml(1, 120));
    await runAll(toolServerScripts(await planNow(catalog)));
    const second = toolServerScripts(await planNow(catalog));
    expectWithinCaps(second);
    expect(second.deferred).toEqual([]);
    expect(second.scripts.map((s) => s.calls)).toEqual([50, 21]);
    await runAll(second);
    expect(hasChanges(await planNow(catalog))).toBe(false);
  });

  it('updates, archives and replacements use the known ids (update and --prune)', async () => {
    await runAll(toolServerScripts(await planNow(parse(catalogYaml(3, 2)))));
    const changed = parse(
      catalogYaml(2, 3, (p) => `Renamed ${p}`).replace('amount: "1001"', 'amount: "1500"'),
    );
    const plan = diff(changed, await gateway().snapshot(), { prune: true });
    const emission = toolServerScripts(plan);
    expectWithinCaps(emission);
    expect(emission.scripts[0]?.code).toMatch(
      /client\.products\.update\("pro_[^"]+", \{"name":"Renamed 1"\}\)/,
    );
    expect(emission.scripts[0]?.code).toMatch(
      /client\.products\.update\("pro_[^"]+", \{"status":"archived"\}\)/,
    );
    await runAll(emission);
    expect(hasChanges(diff(changed, await gateway().snapshot(), { prune: true }))).toBe(false);
  });

  it('--dedupe: the scripts archive every extra product, price and discount first, as apply --dedupe does', async () => {
    const catalog = parse(
      `${catalogYaml(1, 1)}discounts:\n  welcome:\n    description: Welcome\n    type: percentage\n    amount: "10"\n`,
    );
    const writes = () => emulator.requests().filter((r) => r.method !== 'GET').length;
    await runAll(toolServerScripts(await planNow(catalog)));
    // a second apply, started at the same moment, made the same keys again
    const beforeTwins = writes();
    await runAll(toolServerScripts(emptyPlan(catalog)));
    expect(writes() - beforeTwins).toBe(3);
    const twins = diff(catalog, await gateway().snapshot({ discounts: 'required' }));
    expect(twins.duplicates.map((d) => `${d.kind} ${d.key}`)).toEqual([
      'product p1',
      'price p1/price1',
      'discount welcome',
    ]);

    const plan = diff(catalog, await gateway().snapshot({ discounts: 'required' }), { dedupe: true });
    const emission = toolServerScripts(plan);
    expectWithinCaps(emission);
    const code = emission.scripts.map((s) => s.code).join('\n');
    const archives = [...code.matchAll(/client\.(\w+)\.update\("(\w+)", \{"status":"archived"\}\)/g)];
    expect(archives.map(([, resource, id]) => [resource, id])).toEqual([
      ['prices', twins.duplicates[1]?.others[0]],
      ['products', twins.duplicates[0]?.others[0]],
      ['discounts', twins.duplicates[2]?.others[0]],
    ]);
    await runAll(emission);
    const after = diff(catalog, await gateway().snapshot({ discounts: 'required' }), { dedupe: true });
    expect(after.duplicates).toEqual([]);
    expect(hasChanges(after)).toBe(false);
  });

  it('a failing call stops the script, but it still prints the ids it created before', async () => {
    const emission = toolServerScripts(emptyPlan(parse(catalogYaml(1, 2))));
    const code = emission.scripts[0]?.code.replace('"currency_code":"USD"', '"currency_code":"XXX"') ?? '';
    await expect(runToolServerScript(code, emulator.url, emulator.apiKey)).rejects.toThrow();
    // the product was created before the failing price: a new plan sees it by its marker
    const again = await planNow(parse(catalogYaml(1, 2)));
    expect(again.groups[0]?.product.action).toBe('unchanged');
  });
});
