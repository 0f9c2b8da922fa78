// Benchmark: a subscriber move. An emulator in this process (20 ms latency, Paddle's 240 requests a
// minute enforced: over it, 429 and a lockout) holds a managed price with 1,000 subscriptions on it
// (--quick: 200), quantities 1–5, every fourth with an add-on too; the catalog adds a new price with
// `subscribers_from` the old one. `paddle-catalog --json apply --yes --allow-subscriber-moves`, with
// its defaults (8 calls in flight, paced under the limit), reads the account and the counts, creates
// the price, lists the subscriptions, PATCHes each one, and verifies. Rows: the requests by kind (from
// the emulator's log), the 429s, the wall time of the child, and its ratio to Paddle's rate-limit
// bound (requests ÷ 240 a minute); and, per batch of 50, the longest time from its read by id to
// a PATCH sent on that read (arrival times in the emulator's log, the real clock). Against dist/
// (npm run build first).
// Standalone: `node test/bench/moves.mjs [--quick]`.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readToPatchGaps } from '../support/read-to-patch.mjs';
import {
  ADDON,
  ADDON_PRICE,
  CUSTOMER,
  MONTHLY,
  PRO_PRODUCT,
  proMonthly,
  subscription,
} from '../support/subscription-account.mjs';
import { PEAK_RSS, timed } from './support/child.mjs';

const BIN = fileURLToPath(new URL('../../bin/paddle-catalog.js', import.meta.url));
const LATENCY_MS = 20;
const round2 = (n) => Math.round(n * 100) / 100;

function seed(count) {
  // renewals two weeks out: none within Paddle's 30-minute lock, whatever the day
  const renews = new Date(Date.now() + 14 * 86_400_000).toISOString();
  const subscriptions = Array.from({ length: count }, (_, i) =>
    subscription(i + 1, {
      next_billed_at: renews,
      items: [
        { price_id: MONTHLY, quantity: 1 + (i % 5) },
        ...(i % 4 === 0 ? [{ price_id: ADDON, quantity: 1 }] : []),
      ],
    }),
  );
  return {
    customers: [CUSTOMER],
    products: [PRO_PRODUCT],
    prices: [proMonthly([]), ADDON_PRICE],
    subscriptions,
  };
}

const CATALOG = `version: 1
products:
  pro:
    name: Pro
    tax_category: saas
    prices:
      monthly:
        description: Pro monthly
        unit_price: { amount: "2400", currency_code: USD }
        billing_cycle: { interval: month, frequency: 1 }
      monthly-2027:
        description: Pro monthly 2027
        unit_price: { amount: "2900", currency_code: USD }
        billing_cycle: { interval: month, frequency: 1 }
        subscribers_from: [monthly]
`;

export async function run({ quick }) {
  const dist = (path) => new URL(`../../dist/${path}`, import.meta.url).href;
  const { startEmulator } = await import(dist('emulator/index.js'));
  const { REQUESTS_PER_MINUTE } = await import(dist('paddle-facts/api.js'));
  const count = quick ? 200 : 1_000;
  const emulator = await startEmulator({
    demo: false,
    seed: { sandbox: seed(count) },
    faults: { latencyMs: LATENCY_MS, rateLimit: REQUESTS_PER_MINUTE },
  });
  const dir = mkdtempSync(join(tmpdir(), 'paddle-catalog-bench-'));
  try {
    const file = join(dir, 'catalog.yaml');
    writeFileSync(file, CATALOG);
    const result = await timed(
      process.execPath,
      ['--import', PEAK_RSS, BIN, '--json', 'apply', file, '--yes', '--allow-subscriber-moves'],
      { PADDLE_API_URL: emulator.url, PADDLE_API_KEY: emulator.apiKey, NO_COLOR: '1' },
    );
    if (result.code !== 0) throw new Error(`apply exited ${result.code}: ${result.stderr.slice(-800)}`);
    if (!JSON.parse(result.stdout).verified) throw new Error('apply did not verify');
    const sent = emulator.requests();
    const tally = (test) => sent.filter(test).length;
    const moved = tally((r) => r.method === 'PATCH' && r.status === 200);
    if (moved !== count) throw new Error(`moved ${moved} subscriptions, not ${count}`);
    const onSubscriptions = (r) => r.path.startsWith('/subscriptions');
    const gaps = readToPatchGaps(sent).map((read) => read.longest / 1000);
    const seconds = result.ms / 1000;
    const bound = (sent.length / REQUESTS_PER_MINUTE) * 60;
    const scenario = `apply: move ${count.toLocaleString('en')} subscriptions${quick ? ' (--quick; the full run moves 1,000)' : ''}, ${LATENCY_MS} ms latency, ${REQUESTS_PER_MINUTE}/min limit`;
    return [
      { scenario, metric: 'requests sent', value: sent.length, unit: 'count' },
      {
        scenario,
        metric: 'PATCH /subscriptions/{id}',
        value: tally((r) => r.method === 'PATCH'),
        unit: 'count',
      },
      {
        scenario,
        metric: 'subscription counts (one per status, per_page=1)',
        value: tally((r) => onSubscriptions(r) && r.method === 'GET' && r.query.per_page === '1'),
        unit: 'count',
      },
      {
        scenario,
        metric: 'subscription list pages (200 a page)',
        value: tally((r) => onSubscriptions(r) && r.method === 'GET' && r.query.per_page !== '1'),
        unit: 'count',
      },
      {
        scenario,
        metric: 'catalog reads',
        value: tally((r) => !onSubscriptions(r) && r.method === 'GET'),
        unit: 'count',
      },
      {
        scenario,
        metric: 'catalog writes',
        value: tally((r) => !onSubscriptions(r) && r.method !== 'GET'),
        unit: 'count',
      },
      { scenario, metric: '429 answers', value: tally((r) => r.status === 429), unit: 'count', target: '0' },
      {
        scenario,
        metric: 'read to PATCH, longest of any batch',
        value: round2(Math.max(...gaps)),
        unit: 's',
        target: '≤ 15',
      },
      {
        scenario,
        metric: `read to PATCH, longest per batch (${gaps.length} batches)`,
        value: gaps.map((gap) => gap.toFixed(1)).join(' '),
        unit: 's',
      },
      { scenario, metric: 'wall time', value: round2(seconds), unit: 's' },
      {
        scenario,
        metric: `Paddle's bound: requests ÷ ${REQUESTS_PER_MINUTE} a minute`,
        value: round2(bound),
        unit: 's',
      },
      { scenario, metric: 'wall time ÷ bound', value: round2(seconds / bound), unit: '×' },
      { scenario, metric: 'peak RSS', value: round2(result.maxRssMb ?? 0), unit: 'MB' },
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
