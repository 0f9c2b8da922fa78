// Benchmark: a price rise rolled out as the scheduled job runs it. An emulator in this process (20 ms
// latency) holds 10,000 subscriptions on pro/monthly (--quick: 500), renewing on every day of the
// 30 after the start, and a few past due; the rise moves them to pro/monthly-2027 with bills_from
// three weeks out. Today's catalog is applied, the rise reviewed (plan --out) and its saved plan
// applied (--rate-limit 0: the set-up is not what is measured), then each emulator day at 06:00
// `paddle-catalog --json rollout rise.yaml --yes` runs as a child process, for 60 days (--quick:
// 22); the past-due ones are paid on day 5 (POST /__emulator/subscriptions/{id}/pay). Rows: per run,
// the requests by kind (the emulator's log) against the fewest Paddle's pages allow (the list of the
// subscriptions still on the old price, 200 a page: Paddle's list has no next_billed_at filter, so
// a day's due subscriptions cannot be asked for alone), the PATCHes against the subscriptions on the
// old price before the first run (the past-due ones among those the set-up would move wait for
// their payment, so the runs move them), the wall time of each run and in all, and the peak RSS of
// the largest run. rollout paces itself at Paddle's 240 requests a minute, so a day
// with more than 240 requests waits for the next minute: the wall time includes it.
// Standalone: `node test/bench/rollout.mjs [--quick]`. Against dist/ (npm run build first).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pid, sub } from '../support/subscription-account.mjs';
import { PEAK_RSS, timed } from './support/child.mjs';

const BIN = fileURLToPath(new URL('../../bin/paddle-catalog.js', import.meta.url));
const LATENCY_MS = 20;
const DAY_MS = 86_400_000;
const START = Date.parse('2027-01-10T06:00:00Z');
const BILLS_FROM = '2027-02-01'; // three weeks and a day after the start
const PAY_DAY = 5;
const PAGE = 200; // MAX_PAGE_SIZE in src/paddle-facts/api.ts
const round2 = (n) => Math.round(n * 100) / 100;

const price = (key, description, amount, more = '') => `
      ${key}:
        description: ${description}
        unit_price: { amount: "${amount}", currency_code: USD }
        billing_cycle: { interval: month, frequency: 1 }${more}`;
const TODAY = `version: 1
products:
  pro:
    name: Pro
    tax_category: saas
    prices:${price('monthly', 'Pro monthly', '1000')}
`;
const RISE = `version: 1
products:
  pro:
    name: Pro
    tax_category: saas
    prices:${price('monthly', 'Pro monthly', '1000', '\n        status: archived')}${price(
      'monthly-2027',
      'Pro monthly 2027',
      '1200',
      `\n        subscribers_from: [monthly]\n        proration: do_not_bill\n        bills_from: "${BILLS_FROM}"`,
    )}
`;

/** `count` subscribers of pro/monthly by its key, renewing on each of the 30 days after the start; one in 500 past due. */
function seed(count) {
  const customers = Array.from({ length: 100 }, (_, i) => ({
    id: pid('ctm', i + 1),
    email: `c${i + 1}@example.com`,
  }));
  const subscriptions = Array.from({ length: count }, (_, i) => {
    const renews = START + (1 + (i % 30)) * DAY_MS - 3 * 3_600_000; // 03:00 of each day
    const owes = i % 500 === 499; // its renewal 3 days before the start failed
    return {
      id: sub(i + 1),
      customer_id: customers[i % customers.length].id,
      status: owes ? 'past_due' : 'active',
      currency_code: 'USD',
      address: { country_code: 'US' },
      next_billed_at: new Date(owes ? START + 27 * DAY_MS : renews).toISOString(),
      ...(owes && {
        current_billing_period: {
          starts_at: new Date(START - 3 * DAY_MS).toISOString(),
          ends_at: new Date(START + 27 * DAY_MS).toISOString(),
        },
      }),
      items: [{ price_key: 'pro/monthly', quantity: 1 + (i % 5) }],
    };
  });
  return { customers, subscriptions };
}

const isMove = (r) => r.method === 'PATCH' && /^\/subscriptions\/[^/]+$/.test(r.path);

/** The requests of one run, by kind, and the subscriptions it PATCHed. */
function kinds(sent) {
  const listing = (r) => r.method === 'GET' && r.path === '/subscriptions';
  const tally = (test) => sent.filter(test).length;
  return {
    all: sent.length,
    pages: tally((r) => listing(r) && r.query.id === undefined && r.query.per_page !== '1'),
    counts: tally((r) => listing(r) && r.query.per_page === '1'),
    byId: tally((r) => listing(r) && r.query.id !== undefined),
    patches: tally(isMove),
    patched: sent.filter(isMove).map((r) => r.path),
    catalogReads: tally((r) => r.method === 'GET' && !r.path.startsWith('/subscriptions')),
    catalogWrites: tally((r) => r.method !== 'GET' && !r.path.startsWith('/subscriptions')),
    throttled: tally((r) => r.status === 429),
  };
}

async function cli(emulator, args) {
  const env = { PADDLE_API_URL: emulator.url, PADDLE_API_KEY: emulator.apiKey, NO_COLOR: '1' };
  return timed(process.execPath, ['--import', PEAK_RSS, BIN, '--json', ...args], env);
}

async function admin(emulator, path, body) {
  const response = await fetch(`${emulator.url}/__emulator/${path}`, {
    method: 'POST',
    ...(body && { body: JSON.stringify(body) }),
  });
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`);
}

/** How many subscriptions are on the price now (not counted in a run's requests). */
async function onPrice(emulator, priceId) {
  const url = `${emulator.url}/subscriptions?price_id=${priceId}&status=active,past_due,paused,trialing&per_page=1`;
  const headers = { authorization: `Bearer ${emulator.apiKey}` };
  return (await (await fetch(url, { headers })).json()).meta.pagination.estimated_total;
}

async function priceIdOf(emulator, key) {
  const headers = { authorization: `Bearer ${emulator.apiKey}` };
  const { data } = await (await fetch(`${emulator.url}/prices?per_page=200`, { headers })).json();
  const found = data.find((p) => p.custom_data?.paddle_catalog?.key === key);
  if (!found) throw new Error(`no price ${key}`);
  return found.id;
}

async function setUp(emulator, dir, count) {
  writeFileSync(join(dir, 'today.yaml'), TODAY);
  writeFileSync(join(dir, 'rise.yaml'), RISE);
  const at = (file) => join(dir, file);
  const steps = [
    ['apply', at('today.yaml'), '--yes', '--rate-limit', '0'],
    ['plan', at('rise.yaml'), '--out', at('plan.json')],
    ['apply', at('plan.json'), '--yes', '--rate-limit', '0'],
  ];
  for (const args of steps) {
    const result = await cli(emulator, args);
    // the saved plan's apply exits 1: not verified while subscribers wait for bills_from
    if (result.code !== 0 && !(args[0] === 'apply' && args[1].endsWith('plan.json') && result.code === 1))
      throw new Error(`${args[0]} exited ${result.code}: ${result.stderr.slice(-800)}`);
  }
  const source = await priceIdOf(emulator, 'pro/monthly');
  const left = await onPrice(emulator, source);
  if (left >= count) throw new Error(`the apply moved none of ${count}`);
  return source;
}

/** Each day's run: {day, left (on the old price before it), kinds, ms, maxRssMb, state}. */
async function days(emulator, dir, source, count, total) {
  const runs = [];
  for (let day = 1; day <= total; day += 1) {
    await admin(emulator, 'clock', { now: new Date(START + day * DAY_MS).toISOString() });
    if (day === PAY_DAY)
      for (let i = 499; i < count; i += 500) await admin(emulator, `subscriptions/${sub(i + 1)}/pay`);
    const left = await onPrice(emulator, source);
    const before = emulator.requests().length;
    const result = await cli(emulator, ['rollout', join(dir, 'rise.yaml'), '--yes']);
    if (result.code !== 0)
      throw new Error(`day ${day}: rollout exited ${result.code}: ${result.stderr.slice(-800)}`);
    const state = JSON.parse(result.stdout).rollout.state;
    runs.push({
      day,
      left,
      ...kinds(emulator.requests().slice(before)),
      ms: result.ms,
      rss: result.maxRssMb,
      state,
    });
  }
  return runs;
}

export async function run({ quick }) {
  const { startEmulator } = await import(new URL('../../dist/emulator/index.js', import.meta.url).href);
  const count = quick ? 500 : 10_000;
  const total = quick ? 22 : 60; // the last due before bills_from renews on day 21
  const emulator = await startEmulator({
    demo: false,
    seed: { sandbox: seed(count) },
    now: () => new Date(START),
    faults: { latencyMs: LATENCY_MS },
  });
  const dir = mkdtempSync(join(tmpdir(), 'paddle-catalog-bench-'));
  try {
    const source = await setUp(emulator, dir, count);
    const runs = await days(emulator, dir, source, count, total);
    return rows(runs, count, total, quick);
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await emulator.close();
  }
}

/** How many subscriptions more than one PATCH went to, over all runs. */
function twice(runs) {
  const seen = new Set();
  const again = new Set();
  for (const path of runs.flatMap((r) => r.patched)) (seen.has(path) ? again : seen).add(path);
  return again.size;
}

function rows(runs, count, total, quick) {
  const scenario = `rollout: ${count.toLocaleString('en')} subscriptions, a run a day for ${total} emulator days${quick ? ' (--quick; the full run: 10,000 for 60 days)' : ''}, ${LATENCY_MS} ms latency`;
  const sum = (field) => runs.reduce((n, r) => n + r[field], 0);
  const fewest = (r) => Math.max(1, Math.ceil(r.left / PAGE));
  const row = (metric, value, unit, target) => ({ scenario, metric, value, unit, ...(target && { target }) });
  const perDay = (field) => runs.map((r) => r[field]).join(' ');
  const done = runs.find((r) => r.state === 'done');
  return [
    row('requests, all runs', sum('all'), 'count'),
    row('requests per run (day 1 …)', perDay('all'), 'count'),
    row('on the old price before the first run (the set-up moved the rest)', runs[0]?.left ?? 0, 'count'),
    row('PATCH /subscriptions/{id}, all runs', sum('patches'), 'count'),
    row('subscriptions PATCHed more than once, all runs', twice(runs), 'count', '0'),
    row('subscription list pages (200 a page), all runs', sum('pages'), 'count'),
    row(
      'fewest list pages: ⌈on the old price ÷ 200⌉ a run, all runs',
      runs.reduce((n, r) => n + fewest(r), 0),
      'count',
    ),
    row('list pages per run (day 1 …)', perDay('pages'), 'count'),
    row('reads by id (one per batch of 50), all runs', sum('byId'), 'count'),
    row('subscription counts (per_page=1), all runs', sum('counts'), 'count'),
    row('catalog reads, all runs', sum('catalogReads'), 'count'),
    row('catalog writes (the archive), all runs', sum('catalogWrites'), 'count'),
    row('429 answers', sum('throttled'), 'count', '0'),
    row('first day done (old price archived)', done ? done.day : 'none', 'day'),
    row('wall time, all runs', round2(sum('ms') / 1000), 's'),
    row('wall time per run (day 1 …)', runs.map((r) => (r.ms / 1000).toFixed(1)).join(' '), 's'),
    row('wall time, longest run', round2(Math.max(...runs.map((r) => r.ms)) / 1000), 's'),
    row('peak RSS, largest run', round2(Math.max(...runs.map((r) => r.rss ?? 0))), 'MB'),
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const quick = process.argv.includes('--quick');
  for (const row of await run({ quick })) console.log(`${row.metric}: ${row.value} ${row.unit}`);
}
