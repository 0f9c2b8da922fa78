// Benchmark: apply against the emulator, beside a plain sequential SDK script (create each
// product, then each of its prices, one call at a time) in the same process, same emulator.
// Targets (issue 4): 40 products × 3 prices at 100 ms latency in ≤ 0.2 of the sequential time with
// zero 429s; an unchanged catalog re-applied with 0 writes and ≤ 2 reads; a catalog of more than
// 240 calls within 1.15× of what 240/minute allows, zero 429s (about a minute: not in --quick).
// Runs against dist/ (npm run build first). Standalone: `node test/bench/apply.mjs [--quick]`.
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { Paddle } from '@paddle/paddle-node-sdk';

const dist = (path) => import(new URL(`../../dist/${path}`, import.meta.url).href);
const round2 = (n) => Math.round(n * 100) / 100;

function catalogOf(count) {
  const products = {};
  for (let i = 0; i < count; i += 1) {
    products[`product-${String(i).padStart(3, '0')}`] = {
      name: `Product ${i}`,
      tax_category: 'saas',
      prices: {
        monthly: {
          description: 'Monthly',
          unit_price: { amount: String(1000 + i), currency_code: 'USD' },
          billing_cycle: { interval: 'month', frequency: 1 },
          trial_period: { interval: 'day', frequency: 14 },
        },
        yearly: {
          description: 'Yearly',
          unit_price: { amount: String(10000 + i), currency_code: 'USD' },
          billing_cycle: { interval: 'year', frequency: 1 },
        },
        once: { description: 'One-time', unit_price: { amount: '500', currency_code: 'USD' } },
      },
    };
  }
  return { version: 1, products };
}

/** The baseline: what a hand-written seed script does. */
async function sequentialScript(emulator, catalog) {
  const paddle = new Paddle(emulator.apiKey, { environment: emulator.url });
  for (const product of Object.values(catalog.products)) {
    const created = await paddle.products.create({ name: product.name, taxCategory: product.tax_category });
    for (const price of Object.values(product.prices)) {
      await paddle.prices.create({
        productId: created.id,
        description: price.description,
        unitPrice: { amount: price.unit_price.amount, currencyCode: price.unit_price.currency_code },
        billingCycle: price.billing_cycle ?? null,
        trialPeriod: price.trial_period ?? null,
      });
    }
  }
}

// loaded before any timing starts
const { applyPlan, createRunCalls, DEFAULT_APPLY_SETTINGS, planCatalog } =
  await dist('apply/apply-catalog.js');
const { createCatalogGateway } = await dist('paddle/catalog-gateway.js');

async function applyWithTool(emulator, catalog) {
  const gateway = createCatalogGateway({
    environment: 'sandbox',
    baseUrl: emulator.url,
    apiKey: emulator.apiKey,
  });
  const calls = createRunCalls(DEFAULT_APPLY_SETTINGS);
  const plan = await planCatalog(catalog, gateway, calls, {});
  const outcome = await applyPlan(catalog, plan, gateway, calls, DEFAULT_APPLY_SETTINGS, {});
  if (!outcome.verified)
    throw new Error(`apply did not verify: ${outcome.execution.error?.message ?? 'differences'}`);
}

async function timed(fn) {
  const started = performance.now();
  await fn();
  return (performance.now() - started) / 1000;
}

const count429 = (requests) => requests.filter((r) => r.status === 429).length;

async function fortyByThree(startEmulator) {
  const scenario = 'apply: 40 products × 3 prices, 100 ms latency, 240/min limit';
  const catalog = catalogOf(40);
  const emulator = await startEmulator({ faults: { latencyMs: 100, rateLimit: 240 } });
  try {
    const sequential = await timed(() => sequentialScript(emulator, catalog));
    emulator.reset();
    const tool = await timed(() => applyWithTool(emulator, catalog));
    const toolRequests = emulator.requests();
    const mark = toolRequests.length;
    await applyWithTool(emulator, catalog);
    const again = emulator.requests().slice(mark);
    const reapply = 'apply: the same catalog again (unchanged)';
    return [
      { scenario, metric: 'sequential SDK script', value: round2(sequential), unit: 's' },
      { scenario, metric: 'paddle-catalog apply (plan, apply, verify)', value: round2(tool), unit: 's' },
      {
        scenario,
        metric: 'apply / sequential',
        value: round2(tool / sequential),
        unit: '×',
        target: '≤ 0.2',
      },
      { scenario, metric: '429 answers', value: count429(toolRequests), unit: 'count', target: '0' },
      {
        scenario: reapply,
        metric: 'writes',
        value: again.filter((r) => r.method !== 'GET').length,
        unit: 'count',
        target: '0',
      },
      {
        scenario: reapply,
        metric: 'reads',
        value: again.filter((r) => r.method === 'GET').length,
        unit: 'count',
        target: '≤ 2',
      },
    ];
  } finally {
    await emulator.close();
  }
}

async function overTheLimit(startEmulator) {
  const products = 70; // 70 products + 210 prices + snapshot + verification = 282 calls
  const scenario = `apply: ${products} products × 3 prices (> 240 calls), 240/min limit`;
  const emulator = await startEmulator({ faults: { latencyMs: 20, rateLimit: 240 } });
  try {
    const seconds = await timed(() => applyWithTool(emulator, catalogOf(products)));
    const requests = emulator.requests();
    const allowed = (requests.length / 240) * 60;
    return [
      { scenario, metric: 'API calls', value: requests.length, unit: 'count' },
      { scenario, metric: 'time at exactly 240/min', value: round2(allowed), unit: 's' },
      { scenario, metric: 'paddle-catalog apply', value: round2(seconds), unit: 's' },
      {
        scenario,
        metric: 'apply / 240-a-minute time',
        value: round2(seconds / allowed),
        unit: '×',
        target: '≤ 1.15',
      },
      { scenario, metric: '429 answers', value: count429(requests), unit: 'count', target: '0' },
    ];
  } finally {
    await emulator.close();
  }
}

export async function run({ quick = false } = {}) {
  const { startEmulator } = await dist('emulator/index.js');
  const rows = await fortyByThree(startEmulator);
  if (!quick) rows.push(...(await overTheLimit(startEmulator)));
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const rows = await run({ quick: process.argv.includes('--quick') });
  console.table(rows);
}
