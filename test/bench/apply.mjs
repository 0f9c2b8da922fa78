// Benchmark: `paddle-catalog apply` beside the plain sequential SDK script (support/
// sequential-script.mjs: each product, then each of its prices, then the discounts, one call at a
// time), both as child processes against an emulator in this process (a fresh one per side, so
// rate windows do not mix). Per side: wall time, API calls and 429s (from the emulator's log), peak
// RSS (reported by the child itself), and the ratio to the lower bound — calls × latency ÷ calls in
// flight, or calls ÷ the rate limit. Each catalog has discounts too (one per four
// products, restricted to its products and prices). Targets:
//   40 × 3 at 100 ms latency: ≤ 0.2 of the sequential time, zero 429s;
//   the unchanged catalog again: 0 writes, ≤ 2 reads (products with their prices, discounts);
//   150 × 2 (> 240 calls) under 240/minute: within 1.15× of what the limit allows, zero 429s
//   (about two minutes per side: not in --quick).
// Runs against dist/ (npm run build first). Standalone: `node test/bench/apply.mjs [--quick]`.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { PEAK_RSS, timed } from './support/child.mjs';

const BIN = fileURLToPath(new URL('../../bin/paddle-catalog.js', import.meta.url));
const SCRIPT = fileURLToPath(new URL('./support/sequential-script.mjs', import.meta.url));
const TOOL_CONCURRENCY = 8; // apply's default --concurrency
const round2 = (n) => Math.round(n * 100) / 100;

const PRICES = {
  monthly: (i) => ({
    description: 'Monthly',
    unit_price: { amount: String(1000 + i), currency_code: 'USD' },
    billing_cycle: { interval: 'month', frequency: 1 },
    trial_period: { interval: 'day', frequency: 14 },
  }),
  yearly: (i) => ({
    description: 'Yearly',
    unit_price: { amount: String(10000 + i), currency_code: 'USD' },
    billing_cycle: { interval: 'year', frequency: 1 },
  }),
  once: () => ({ description: 'One-time', unit_price: { amount: '500', currency_code: 'USD' } }),
};

const productKey = (i) => `product-${String(i).padStart(3, '0')}`;

// Internal discounts (not at checkout, so no code: a re-run of the script makes no code conflict),
// each restricted to a price and a product of the catalog, percentage and flat by turns.
function discountOf(n, priceKey) {
  const restrict_to = [`${productKey(n * 4)}/${priceKey}`, productKey(n * 4 + 1)];
  const amount =
    n % 2 === 0
      ? { type: 'percentage', amount: String(5 + n) }
      : { type: 'flat', amount: '500', currency_code: 'USD' };
  return { description: `Discount ${n}`, ...amount, enabled_for_checkout: false, restrict_to };
}

/** `count` products with `priceKeys` prices each, and one discount for every four products. */
function catalogOf(count, priceKeys) {
  const products = {};
  for (let i = 0; i < count; i += 1) {
    products[productKey(i)] = {
      name: `Product ${i}`,
      tax_category: 'saas',
      prices: Object.fromEntries(priceKeys.map((key) => [key, PRICES[key](i)])),
    };
  }
  const discounts = {};
  for (let n = 0; n < count / 4; n += 1)
    discounts[`discount-${String(n).padStart(2, '0')}`] = discountOf(n, priceKeys[0]);
  return { version: 1, products, discounts };
}

/** One child run against the emulator: what it cost, read from the emulator's log. */
async function measure(emulator, args) {
  const mark = emulator.requests().length;
  const result = await timed(process.execPath, ['--import', PEAK_RSS, ...args], {
    PADDLE_API_URL: emulator.url,
    PADDLE_API_KEY: emulator.apiKey,
    NO_COLOR: '1',
  });
  if (result.code !== 0)
    throw new Error(`${args.join(' ')} exited ${result.code}: ${result.stderr.slice(-800)}`);
  const requests = emulator.requests().slice(mark);
  return {
    seconds: result.ms / 1000,
    calls: requests.length,
    reads: requests.filter((r) => r.method === 'GET').length,
    writes: requests.filter((r) => r.method !== 'GET').length,
    limited: requests.filter((r) => r.status === 429).length,
    peakMb: result.maxRssMb,
    stdout: result.stdout,
  };
}

const baseline = (emulator, files) => measure(emulator, [SCRIPT, files.json]);

async function tool(emulator, files) {
  const run = await measure(emulator, [BIN, '--json', 'apply', files.yaml, '--yes']);
  if (!JSON.parse(run.stdout).verified) throw new Error('apply did not verify');
  return run;
}

/** The rows of one side: wall time, calls, 429s, peak memory, ratio to its lower bound. */
function sideRows(scenario, name, run, lowerBound, targets = {}) {
  return [
    { scenario, metric: `${name}: wall time`, value: round2(run.seconds), unit: 's' },
    { scenario, metric: `${name}: API calls`, value: run.calls, unit: 'count' },
    { scenario, metric: `${name}: 429 answers`, value: run.limited, unit: 'count', target: targets.limited },
    { scenario, metric: `${name}: lower bound`, value: round2(lowerBound(run.calls)), unit: 's' },
    {
      scenario,
      metric: `${name}: wall / lower bound`,
      value: round2(run.seconds / lowerBound(run.calls)),
      unit: '×',
      target: targets.bound,
    },
    { scenario, metric: `${name}: peak RSS`, value: round2(run.peakMb), unit: 'MB' },
  ];
}

async function withFiles(catalog, body) {
  const dir = mkdtempSync(join(tmpdir(), 'paddle-catalog-bench-'));
  try {
    const files = { json: join(dir, 'catalog.json'), yaml: join(dir, 'catalog.yaml') };
    const text = `${JSON.stringify(catalog, null, 2)}\n`;
    writeFileSync(files.json, text);
    writeFileSync(files.yaml, text); // JSON is YAML
    return await body(files);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function withEmulator(startEmulator, faults, body) {
  const emulator = await startEmulator({ faults });
  try {
    return await body(emulator);
  } finally {
    await emulator.close();
  }
}

async function latencyScenario(startEmulator, quick) {
  const latencyMs = 100;
  const faults = { latencyMs, rateLimit: 240 };
  const scenario = 'apply 40 products × 3 prices + 10 discounts, 100 ms latency, 240/min limit';
  const reapply = 'apply the same 40 × 3 + 10 catalog again (unchanged), 100 ms latency';
  const bound = (concurrency) => (calls) => (calls * latencyMs) / concurrency / 1000;
  return withFiles(catalogOf(40, ['monthly', 'yearly', 'once']), async (files) => {
    const [script, scriptAgain] = await withEmulator(startEmulator, faults, async (emulator) => {
      const first = await baseline(emulator, files);
      if (quick) return [first];
      emulator.setFaults({}); // the second run only counts its writes: no need to wait for them
      return [first, await baseline(emulator, files)];
    });
    const [ours, again] = await withEmulator(startEmulator, faults, async (emulator) => [
      await tool(emulator, files),
      await tool(emulator, files),
    ]);
    return [
      ...sideRows(scenario, 'sequential script', script, bound(1)),
      ...sideRows(scenario, 'paddle-catalog', ours, bound(TOOL_CONCURRENCY), { limited: '0' }),
      {
        scenario,
        metric: 'paddle-catalog / sequential script',
        value: round2(ours.seconds / script.seconds),
        unit: '×',
        target: '≤ 0.2',
      },
      { scenario: reapply, metric: 'paddle-catalog: wall time', value: round2(again.seconds), unit: 's' },
      {
        scenario: reapply,
        metric: 'paddle-catalog: writes',
        value: again.writes,
        unit: 'count',
        target: '0',
      },
      {
        scenario: reapply,
        metric: 'paddle-catalog: reads',
        value: again.reads,
        unit: 'count',
        target: '≤ 2',
      },
      ...(scriptAgain
        ? [
            {
              scenario: reapply,
              metric: 'sequential script: writes (all duplicates)',
              value: scriptAgain.writes,
              unit: 'count',
            },
          ]
        : []),
    ];
  });
}

async function rateScenario(startEmulator) {
  const limit = 240;
  const faults = { latencyMs: 20, rateLimit: limit };
  const scenario = 'apply 150 products × 2 prices + 38 discounts (> 240 calls), 240/min limit, 20 ms latency';
  const bound = (calls) => (calls / limit) * 60;
  return withFiles(catalogOf(150, ['monthly', 'yearly']), async (files) => {
    const script = await withEmulator(startEmulator, faults, (emulator) => baseline(emulator, files));
    const ours = await withEmulator(startEmulator, faults, (emulator) => tool(emulator, files));
    return [
      ...sideRows(scenario, 'sequential script (waits out 429s)', script, bound),
      ...sideRows(scenario, 'paddle-catalog', ours, bound, { limited: '0', bound: '≤ 1.15' }),
      {
        scenario,
        metric: 'paddle-catalog / sequential script',
        value: round2(ours.seconds / script.seconds),
        unit: '×',
      },
    ];
  });
}

export async function run({ quick = false } = {}) {
  const { startEmulator } = await import(new URL('../../dist/emulator/index.js', import.meta.url).href);
  const rows = await latencyScenario(startEmulator, quick);
  if (!quick) rows.push(...(await rateScenario(startEmulator)));
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const rows = await run({ quick: process.argv.includes('--quick') });
  console.table(rows);
}
