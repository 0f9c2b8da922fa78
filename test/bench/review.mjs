// Benchmark: the review of a price rise. An emulator in this process holds 100 managed prices (20
// products × 5) with a DE override each, and 500 subscriptions on them; the catalog raises every
// amount, so `plan --json --countries <10 countries>` previews each price before and after in each
// review country and counts its subscribers by status. Per run: wall time of the child (median), its
// peak RSS, and the API calls by kind (previews: one per country per group of up to 100 prices that
// charge alike there; counts: four per price). Against dist/ (npm run build first).
// Standalone: `node test/bench/review.mjs [--quick]`.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { marker } from '../support/marker.mjs';
import { CUSTOMER, month, pid } from '../support/subscription-account.mjs';
import { PEAK_RSS, timed } from './support/child.mjs';

const BIN = fileURLToPath(new URL('../../bin/paddle-catalog.js', import.meta.url));
const PRODUCTS = 20;
const PRICES = 5;
const COUNTRIES = 'US,GB,DE,FR,JP,BR,IN,AU,CA,MX';
const STATUSES = ['active', 'active', 'trialing', 'past_due', 'paused'];

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function seed() {
  const products = [];
  const prices = [];
  const subscriptions = [];
  for (let p = 0; p < PRODUCTS; p += 1) {
    products.push({
      id: pid('pro', p + 1),
      name: `Product ${p}`,
      tax_category: 'saas',
      custom_data: marker(`product-${p}`),
    });
    for (let q = 0; q < PRICES; q += 1) {
      const n = p * PRICES + q + 1;
      prices.push({
        id: pid('pri', n),
        product_id: pid('pro', p + 1),
        description: `Product ${p} plan ${q}`,
        billing_cycle: month,
        unit_price: { amount: String(1000 + n), currency_code: 'USD' },
        unit_price_overrides: [
          { country_codes: ['DE'], unit_price: { amount: String(900 + n), currency_code: 'EUR' } },
        ],
        custom_data: marker(`product-${p}/plan-${q}`),
      });
      for (let s = 0; s < 5; s += 1) {
        subscriptions.push({
          id: pid('sub', n * 10 + s),
          customer_id: CUSTOMER.id,
          status: STATUSES[s],
          currency_code: 'USD',
          items: [{ price_id: pid('pri', n), quantity: 1 }],
        });
      }
    }
  }
  return { customers: [CUSTOMER], products, prices, subscriptions };
}

/** Every price 100 units dearer, and its DE override too. */
function raisedCatalog() {
  const lines = ['version: 1', 'products:'];
  for (let p = 0; p < PRODUCTS; p += 1) {
    lines.push(`  product-${p}:`, `    name: Product ${p}`, '    tax_category: saas', '    prices:');
    for (let q = 0; q < PRICES; q += 1) {
      const n = p * PRICES + q + 1;
      lines.push(
        `      plan-${q}:`,
        `        description: Product ${p} plan ${q}`,
        `        unit_price: { amount: "${1100 + n}", currency_code: USD }`,
        '        billing_cycle: { interval: month, frequency: 1 }',
        '        unit_price_overrides:',
        `          - { country_codes: [DE], unit_price: { amount: "${1000 + n}", currency_code: EUR } }`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

export async function run({ quick }) {
  const { startEmulator } = await import(new URL('../../dist/emulator/index.js', import.meta.url).href);
  const emulator = await startEmulator({ demo: false, seed: { sandbox: seed() } });
  const dir = mkdtempSync(join(tmpdir(), 'paddle-catalog-bench-'));
  try {
    const file = join(dir, 'catalog.yaml');
    writeFileSync(file, raisedCatalog());
    const env = {
      PADDLE_API_URL: emulator.url,
      PADDLE_API_KEY: emulator.apiKey,
      NODE_OPTIONS: `--import=${PEAK_RSS}`,
    };
    const runs = [];
    for (let i = 0; i < (quick ? 1 : 5); i += 1) {
      const before = emulator.requests().length;
      const result = await timed(
        process.execPath,
        [BIN, '--json', 'plan', file, '--countries', COUNTRIES],
        env,
      );
      if (result.code !== 0) throw new Error(`plan failed: ${result.stderr}`);
      const doc = JSON.parse(result.stdout);
      const reviewed = doc.changes.filter((c) => c.customers && c.subscribers).length;
      if (reviewed !== PRODUCTS * PRICES)
        throw new Error(`reviewed ${reviewed} prices, not ${PRODUCTS * PRICES}`);
      runs.push({ ...result, sent: emulator.requests().slice(before) });
    }
    const last = runs[runs.length - 1].sent;
    const count = (test) => last.filter(test).length;
    const scenario = `plan: ${PRODUCTS * PRICES} changed prices × 10 countries, subscribers counted`;
    return [
      { scenario, metric: 'wall time (median)', value: median(runs.map((r) => r.ms)), unit: 'ms' },
      { scenario, metric: 'peak RSS (median)', value: median(runs.map((r) => r.maxRssMb ?? 0)), unit: 'MB' },
      {
        scenario,
        metric: 'pricing previews',
        value: count((r) => r.path === '/pricing-preview'),
        unit: 'requests',
      },
      {
        scenario,
        metric: 'transaction previews',
        value: count((r) => r.path === '/transactions/preview'),
        unit: 'requests',
      },
      {
        scenario,
        metric: 'subscriber counts',
        value: count((r) => r.path.startsWith('/subscriptions')),
        unit: 'requests',
      },
      {
        scenario,
        metric: 'catalog reads',
        value: count((r) => r.method === 'GET' && !r.path.startsWith('/subscriptions')),
        unit: 'requests',
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await emulator.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const quick = process.argv.includes('--quick');
  for (const row of await run({ quick })) console.log(`${row.metric}: ${row.value} ${row.unit}`);
}
