// One paced caller per run: every stage of `plan` (the account read, the counts of the moves, the
// review's next bills) goes through it, so no 60 s window holds more than Paddle's 240 requests
// (https://developer.paddle.com/api-reference/about/rate-limiting; the pricing and transaction
// previews of what customers pay have a limit of their own), and `plan --json` says how many the
// run sent. The emulator and the CLI share one jumping clock: the request log's times are the
// run's, and no test waits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccountSeed, type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { REQUESTS_PER_MINUTE } from '../../src/paddle-facts/api.js';
import { tempDir, writeCatalog } from '../support/catalog-files.js';
import { jumpingClock } from '../support/jumping-clock.js';
import { runCliInProcess } from '../support/run-cli-in-process.js';
import { managedPrice, pid, SEED, subscription } from '../support/subscription-account.mjs';

/**
 * 90 moves: 180 prices, each source with one subscription, so each move's next bill is read. About
 * three requests a move (its subscribers' list, the subscription, the preview of its change) makes
 * some 280, more than a minute's 240: enough for the pacing to hold some back, and each request
 * more only costs the test (real HTTP, about 3 ms of CPU a request, client and emulator).
 */
const MOVES = 90;
const numbers = Array.from({ length: MOVES }, (_, i) => i + 1);
const [source, target] = [(n: number) => pid('pri', n), (n: number) => pid('pri', 1_000 + n)];

const ACCOUNT = {
  ...SEED,
  prices: numbers.flatMap((n) => [
    managedPrice(source(n), `pro/p${n}`),
    managedPrice(target(n), `pro/p${n}-next`),
  ]),
  subscriptions: numbers.map((n) => subscription(n, { items: [{ price_id: source(n), quantity: 1 }] })),
} as AccountSeed;

const price = (key: string, extra = '') => `      ${key}:
        description: ${key}
        unit_price: { amount: "1000", currency_code: USD }
        billing_cycle: { interval: month, frequency: 1 }${extra}`;

const CATALOG = `version: 1
products:
  pro:
    name: Pro
    tax_category: saas
    prices:
${numbers.map((n) => `${price(`p${n}`)}\n${price(`p${n}-next`, `\n        subscribers_from: [p${n}]`)}`).join('\n')}
`;

/** The most requests that arrived in any 60 s, by the log's times. */
function busiestMinute(times: number[]): number {
  let most = 0;
  for (let start = 0, end = 0; end < times.length; end += 1) {
    while ((times[end] as number) - (times[start] as number) >= 60_000) start += 1;
    most = Math.max(most, end - start + 1);
  }
  return most;
}

/**
 * The jumping clock, but a wait jumps only once the requests already let through have reached the
 * emulator (no new one for a few turns of the event loop): else the clock could jump a minute while
 * one is on its way, and the log would time it a minute late.
 */
function settlingClock() {
  const clock = jumpingClock();
  let arrived = 0;
  const settled = async () => {
    for (let last = -1, quiet = 0; quiet < 20; quiet = arrived === last ? quiet + 1 : 0) {
      last = arrived;
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  return {
    ...clock,
    sleep: async (ms: number) => {
      await settled();
      await clock.sleep(ms);
    },
    arrive: () => {
      arrived += 1;
    },
  };
}

const clock = settlingClock();
let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startEmulator({ demo: false, seed: { sandbox: ACCOUNT }, now: () => clock.date() });
  emulator.onRequest(clock.arrive);
});
afterAll(() => emulator.close());

/**
 * The run waits on nothing but its own work, all in this process: some 280 requests over real HTTP
 * and the review of 90 moves, about 1 s of CPU (2 s where the worker has yet to load the plan
 * command). On a 2-core machine shared by several test runs (a load of 20 to 40) that is a minute
 * and more: the default 20 s would cut it.
 */
const RUN_TIMEOUT_MS = 120_000;

describe('one paced caller per plan run', { timeout: RUN_TIMEOUT_MS }, () => {
  it('a plan of 180 prices with its review stays under 240 requests in any minute, and --json counts them', async () => {
    const file = writeCatalog(tempDir(), CATALOG);
    const run = await runCliInProcess(['--json', 'plan', file], {
      env: { PADDLE_API_URL: emulator.url, PADDLE_API_KEY: emulator.apiKey },
      clock,
    });
    expect(run.code, run.stderr).toBe(0);
    const sent = emulator.requests();
    // the two previews have a limit of their own (PREVIEW_REQUESTS_PER_MINUTE): the moves' figures
    const preview = (r: { method: string; path: string }) =>
      r.method === 'POST' && (r.path === '/pricing-preview' || r.path === '/transactions/preview');
    const api = sent.filter((r) => !preview(r));
    expect(sent.filter(preview).length).toBeGreaterThan(0);
    // more than one minute's worth, so the pacing is what keeps each minute under the limit
    expect(api.length).toBeGreaterThan(REQUESTS_PER_MINUTE);
    expect(busiestMinute(api.map((r) => Date.parse(r.at)))).toBeLessThanOrEqual(REQUESTS_PER_MINUTE);
    expect(JSON.parse(run.stdout).requests).toBe(sent.length);
  });
});
