// Benchmark: the plan of a price rise with its notices. An emulator in this process (20 ms latency,
// Paddle's 240 requests a minute enforced) holds a managed price with 1,000 subscriptions on it
// (--quick: 200) in USD, EUR and GBP, four to a customer, renewing over the next 60 days; the
// catalog adds a price with `subscribers_from` the old one and `bills_from` a month ahead.
// `paddle-catalog --json plan catalog.yaml --notices-out notices.csv` reads the catalog, lists the
// subscriptions, reviews the move (counts, previews, next-bill samples) and reads the customers by
// id. Rows: the requests by kind (from the emulator's log), the fewest Paddle's pages allow, the
// ratio, and the wall time of the child. Against dist/ (npm run build first).
// Standalone: `node test/bench/notices.mjs [--quick]`.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  MONTHLY,
  month,
  PRO_PRODUCT,
  pid,
  proMonthly,
  subscription,
} from '../support/subscription-account.mjs';
import { PEAK_RSS, timed } from './support/child.mjs';

const BIN = fileURLToPath(new URL('../../bin/paddle-catalog.js', import.meta.url));
const LATENCY_MS = 20;
const DAY_MS = 86_400_000;
/** Subscriptions per customer: the customers are a quarter of the subscriptions. */
const PER_CUSTOMER = 4;
/** Paddle's largest page (`per_page`), for subscriptions and customers alike. */
const PAGE = 200;
const CURRENCIES = [
  { code: 'USD', now: '2400', after: '2900' },
  { code: 'EUR', now: '2200', after: '2700', countries: ['DE', 'FR'] },
  { code: 'GBP', now: '2000', after: '2500', countries: ['GB'] },
];
const round2 = (n) => Math.round(n * 100) / 100;
const day = (offset) => new Date(Date.now() + offset * DAY_MS).toISOString();

function seed(count) {
  const customers = Array.from({ length: Math.ceil(count / PER_CUSTOMER) }, (_, i) => ({
    id: pid('ctm', i + 1),
    email: `customer${i + 1}@example.com`,
  }));
  // renewals from tomorrow to 60 days out: none within Paddle's 30-minute lock, half before bills_from
  const subscriptions = Array.from({ length: count }, (_, i) =>
    subscription(i + 1, {
      customer_id: pid('ctm', Math.floor(i / PER_CUSTOMER) + 1),
      currency_code: CURRENCIES[i % CURRENCIES.length].code,
      next_billed_at: day(1 + (i % 60)),
      billing_cycle: month,
      items: [{ price_id: MONTHLY, quantity: 1 + (i % 5) }],
    }),
  );
  const overrides = CURRENCIES.slice(1).map((c) => ({
    country_codes: c.countries,
    unit_price: { amount: c.now, currency_code: c.code },
  }));
  return { customers, products: [PRO_PRODUCT], prices: [proMonthly(overrides)], subscriptions };
}

/** The catalog: the source as it is, and a dearer target billing from a month ahead. */
function catalog() {
  const price = (which) => [
    `        unit_price: { amount: "${CURRENCIES[0][which]}", currency_code: USD }`,
    '        billing_cycle: { interval: month, frequency: 1 }',
    '        unit_price_overrides:',
    ...CURRENCIES.slice(1).map(
      (c) =>
        `          - { country_codes: [${c.countries.join(', ')}], unit_price: { amount: "${c[which]}", currency_code: ${c.code} } }`,
    ),
  ];
  return [
    'version: 1',
    'products:',
    '  pro:',
    '    name: Pro',
    '    tax_category: saas',
    '    prices:',
    '      monthly:',
    '        description: Pro monthly',
    ...price('now'),
    '      monthly-next:',
    '        description: Pro monthly, from next month',
    ...price('after'),
    '        subscribers_from: [monthly]',
    `        bills_from: ${day(30).slice(0, 10)}`,
    '',
  ].join('\n');
}

/** The emulator's log sorted by kind; `rest` holds what no kind names (expected empty). */
function byKind(sent) {
  const kinds = {
    'catalog reads': (r) => r.method === 'GET' && ['/products', '/discounts', '/prices'].includes(r.path),
    'subscription list pages': (r) =>
      r.method === 'GET' && r.path === '/subscriptions' && r.query.per_page !== '1',
    'subscription counts (per_page=1)': (r) =>
      r.method === 'GET' && r.path === '/subscriptions' && r.query.per_page === '1',
    'customer pages (by id)': (r) => r.method === 'GET' && r.path === '/customers',
    'previews (pricing, transaction)': (r) => r.method === 'POST' && r.path.endsWith('preview'),
    'next-bill samples (GET one, PATCH preview)': (r) => /^\/subscriptions\/[^/]+(\/preview)?$/.test(r.path),
  };
  const counts = Object.fromEntries(
    Object.entries(kinds).map(([kind, test]) => [kind, sent.filter(test).length]),
  );
  const rest = sent.filter((r) => !Object.values(kinds).some((test) => test(r)));
  return { counts, rest };
}

export async function run({ quick }) {
  const dist = (path) => new URL(`../../dist/${path}`, import.meta.url).href;
  const { startEmulator } = await import(dist('emulator/index.js'));
  const { REQUESTS_PER_MINUTE } = await import(dist('paddle-facts/api.js'));
  const count = quick ? 200 : 1_000;
  const customers = Math.ceil(count / PER_CUSTOMER);
  const emulator = await startEmulator({
    demo: false,
    seed: { sandbox: seed(count) },
    faults: { latencyMs: LATENCY_MS, rateLimit: REQUESTS_PER_MINUTE },
  });
  const dir = mkdtempSync(join(tmpdir(), 'paddle-catalog-bench-'));
  try {
    writeFileSync(join(dir, 'catalog.yaml'), catalog());
    const notices = join(dir, 'notices.csv');
    const result = await timed(
      process.execPath,
      ['--import', PEAK_RSS, BIN, '--json', 'plan', join(dir, 'catalog.yaml'), '--notices-out', notices],
      { PADDLE_API_URL: emulator.url, PADDLE_API_KEY: emulator.apiKey, NO_COLOR: '1' },
    );
    // plan exits 2 when it has changes to apply
    if (result.code !== 0 && result.code !== 2)
      throw new Error(`plan exited ${result.code}: ${result.stderr.slice(-800)}`);
    const rows = readFileSync(notices, 'utf8').trimEnd().split('\r\n').length - 1;
    if (rows !== count) throw new Error(`notices.csv has ${rows} rows, not ${count}`);
    const sent = emulator.requests();
    const { counts, rest } = byKind(sent);
    if (rest.length > 0) throw new Error(`requests of no known kind: ${JSON.stringify(rest.slice(0, 3))}`);
    // the plan's listing and the samples' own listing send the same query: both count here
    const listed =
      counts['catalog reads'] + counts['subscription list pages'] + counts['customer pages (by id)'];
    const fewest = counts['catalog reads'] + Math.ceil(count / PAGE) + Math.ceil(customers / PAGE);
    const formula = `catalog reads + ⌈${count} subscriptions ÷ ${PAGE}⌉ + ⌈${customers} customers ÷ ${PAGE}⌉; the review's counts, previews and samples in neither`;
    const scenario = `plan --notices-out: ${count.toLocaleString('en')} subscriptions, ${customers} customers, 3 currencies${quick ? ' (--quick; the full run has 1,000)' : ''}, ${LATENCY_MS} ms latency`;
    const row = (metric, value, unit, target) => ({
      scenario,
      metric,
      value,
      unit,
      ...(target ? { target } : {}),
    });
    return [
      row('requests sent', sent.length, 'count'),
      ...Object.entries(counts).map(([kind, value]) => row(kind, value, 'count')),
      row('catalog reads + list pages + customer pages', listed, 'count'),
      row('fewest Paddle pages allow', fewest, 'count', formula),
      row('catalog reads + list pages + customer pages ÷ fewest', round2(listed / fewest), '×'),
      row('429 answers', sent.filter((r) => r.status === 429).length, 'count', '0'),
      row('wall time', round2(result.ms / 1000), 's'),
      row('peak RSS', round2(result.maxRssMb ?? 0), 'MB'),
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await emulator.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const quick = process.argv.includes('--quick');
  for (const row of await run({ quick }))
    console.log(`${row.metric}: ${row.value} ${row.unit}${row.target ? ` (${row.target})` : ''}`);
}
