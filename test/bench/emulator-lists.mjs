// Benchmark: list pages of the emulator over a large account (1,000 products with 2,000 prices,
// 10,000 transactions), with state saving on (--state). Target: under 20 ms a page. Also times a
// write, which saves the whole state before it is answered. Runs against dist/ (npm run build first).
// Standalone: `node test/bench/emulator-lists.mjs [--quick]`; test/bench/run.mjs imports run().
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { marker } from '../support/marker.mjs';

const TARGET_MS = 20;
const STATUSES = [
  'completed',
  'completed',
  'completed',
  'paid',
  'billed',
  'past_due',
  'canceled',
  'draft',
  'ready',
];
const CURRENCIES = ['USD', 'EUR', 'GBP', 'JPY', 'KRW'];

function largeSeed() {
  const id = (prefix, n) => `${prefix}_01${String(n).padStart(24, '0')}`;
  const customers = Array.from({ length: 100 }, (_, i) => ({ id: id('ctm', i), email: `c${i}@example.com` }));
  const products = Array.from({ length: 1000 }, (_, i) => ({
    id: id('pro', i),
    name: `Product ${i}`,
    tax_category: 'saas',
    custom_data: marker(`p${i}`),
  }));
  const prices = products.flatMap((p, i) => [
    {
      product_id: p.id,
      description: 'Monthly',
      unit_price: { amount: String(1000 + i), currency_code: 'USD' },
      billing_cycle: { interval: 'month', frequency: 1 },
    },
    {
      product_id: p.id,
      description: 'Yearly',
      unit_price: { amount: String(10000 + i), currency_code: 'USD' },
      billing_cycle: { interval: 'year', frequency: 1 },
    },
  ]);
  const start = Date.parse('2020-01-01T00:00:00Z');
  const transactions = Array.from({ length: 10_000 }, (_, i) => {
    const status = STATUSES[i % STATUSES.length];
    const at = new Date(start + i * 3_600_000).toISOString();
    return {
      customer_id: customers[i % customers.length].id,
      status,
      collection_mode: i % 7 === 0 ? 'manual' : 'automatic',
      currency_code: CURRENCIES[i % CURRENCIES.length],
      created_at: at,
      billed_at: status === 'draft' || status === 'ready' ? null : at,
      details: { totals: { subtotal: String(1000 + (i % 50) * 100), tax: '100' } },
    };
  });
  return { customers, products, prices, transactions };
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function timePages(emulator, name, firstPath, pages, rounds) {
  const headers = { authorization: `Bearer ${emulator.apiKey}` };
  const samples = [];
  for (let round = 0; round < rounds; round++) {
    let url = `${emulator.url}${firstPath}`;
    for (let page = 0; page < pages; page++) {
      const started = performance.now();
      const response = await fetch(url, { headers });
      const body = await response.json();
      samples.push(performance.now() - started);
      if (response.status !== 200)
        throw new Error(`${name}: HTTP ${response.status} ${JSON.stringify(body)}`);
      if (!body.meta.pagination.has_more) break;
      url = body.meta.pagination.next;
    }
  }
  samples.sort((a, b) => a - b);
  return [
    {
      scenario: `emulator: ${name}`,
      metric: 'p50 page',
      value: round2(percentile(samples, 50)),
      unit: 'ms',
      target: `< ${TARGET_MS}`,
    },
    {
      scenario: `emulator: ${name}`,
      metric: 'p95 page',
      value: round2(percentile(samples, 95)),
      unit: 'ms',
      target: `< ${TARGET_MS}`,
    },
  ];
}

const round2 = (n) => Math.round(n * 100) / 100;

export async function run({ quick = false } = {}) {
  const { startEmulator } = await import(new URL('../../dist/emulator/index.js', import.meta.url).href);
  const seed = largeSeed();
  const dir = mkdtempSync(join(tmpdir(), 'bench-emulator-'));
  const bootStarted = performance.now();
  const emulator = await startEmulator({
    demo: false,
    seed: { sandbox: seed },
    statePath: join(dir, 'state.json'),
  });
  const rows = [
    {
      scenario: 'emulator: start with 1,000 products / 10,000 transactions (state saved)',
      metric: 'startup',
      value: round2(performance.now() - bootStarted),
      unit: 'ms',
    },
  ];
  const rounds = quick ? 2 : 10;
  const pages = quick ? 5 : 20;
  try {
    // warm up the JIT and the connection pool
    await timePages(emulator, 'warm-up', '/transactions', 5, 1);
    rows.push(
      ...(await timePages(emulator, 'products, 50 a page', '/products', pages, rounds)),
      ...(await timePages(
        emulator,
        'products, 200 a page, include=prices',
        '/products?per_page=200&include=prices',
        5,
        rounds,
      )),
      ...(await timePages(emulator, 'transactions, 30 a page, newest first', '/transactions', pages, rounds)),
      ...(await timePages(
        emulator,
        'transactions, one customer, billed statuses, 10 a page',
        `/transactions?customer_id=${seed.customers[7].id}&status=billed,paid,past_due,completed,canceled&per_page=10`,
        pages,
        rounds,
      )),
      ...(await timePages(
        emulator,
        'transactions, billed_at range, oldest first',
        '/transactions?billed_at[GTE]=2020-06-01T00:00:00Z&order_by=billed_at[ASC]',
        pages,
        rounds,
      )),
      await timeWrites(emulator, quick ? 3 : 10),
    );
  } finally {
    await emulator.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}

/** A product create, answered after the whole state is saved. */
async function timeWrites(emulator, count) {
  const samples = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const response = await fetch(`${emulator.url}/products`, {
      method: 'POST',
      headers: { authorization: `Bearer ${emulator.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: `Bench ${i}`, tax_category: 'saas' }),
    });
    await response.json();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return {
    scenario: 'emulator: create a product, state saved before the answer',
    metric: 'p50',
    value: round2(percentile(samples, 50)),
    unit: 'ms',
    target: '—',
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const rows = await run({ quick: process.argv.includes('--quick') });
  console.table(rows);
}
