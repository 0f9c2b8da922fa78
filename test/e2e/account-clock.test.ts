// A run judges time by the account's clock, not the machine's: the offset from the HTTP Date header
// of the account's answers (src/paddle/account-time.ts), which the emulator fills with its own clock.
// With the emulator a year ahead of the run's clock, plan (its rollout and the review's words),
// plan --notices-out and apply all judge bills_from, Paddle's 30-minute renewal lock
// (subscription_locked_renewal, https://developer.paddle.com/errors/subscriptions/subscription_locked_renewal)
// and a paused subscription by the emulator's time.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { tempDir, writeCatalog } from '../support/catalog-files.js';
import { call } from '../support/emulator.js';
import { jumpingClock } from '../support/jumping-clock.js';
import { runCliInProcess } from '../support/run-cli-in-process.js';
import { CATALOG, SEED, sub, subscription } from '../support/subscription-account.mjs';

/** The emulator's time: a year past the run's own clock (MACHINE). */
const ACCOUNT_NOW = '2027-02-01T00:00:00Z';
const MACHINE = '2026-01-15T12:00:00.000Z';

/**
 * Paused (no renewal: it moves once the account's day reaches bills_from), renewing ten minutes after
 * the account's now (locked), and renewing in March (moves now by either clock).
 */
const ACCOUNT = {
  ...SEED,
  subscriptions: [
    subscription(1, { status: 'paused', next_billed_at: null }),
    subscription(2, { next_billed_at: '2027-02-01T00:10:00.000Z' }),
    subscription(3, { next_billed_at: '2027-03-01T00:00:00.000Z' }),
  ],
};
const [monthly2027] = [CATALOG.products.pro?.prices?.['monthly-2027']];
const RISE = {
  ...CATALOG,
  products: {
    pro: {
      ...CATALOG.products.pro,
      prices: {
        ...CATALOG.products.pro?.prices,
        'monthly-2027': { ...monthly2027, proration: 'do_not_bill', bills_from: '2027-01-01' },
      },
    },
  },
};

let emulator: RunningEmulator;
let dir: string;
beforeAll(async () => {
  emulator = await startEmulator({ demo: false, seed: { sandbox: ACCOUNT as never } });
  dir = tempDir();
  // YAML reads JSON as it is
  writeCatalog(dir, JSON.stringify(RISE));
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await emulator.close();
});
beforeEach(async () => {
  emulator.reset();
  const moved = await call(emulator, 'POST', '/__emulator/clock', { body: { now: ACCOUNT_NOW } });
  expect(moved.status).toBe(200);
});

const cli = (args: string[]) =>
  runCliInProcess(args, {
    env: { PADDLE_API_URL: emulator.url, PADDLE_API_KEY: emulator.apiKey },
    cwd: dir,
    clock: jumpingClock(Date.parse(MACHINE)),
  });

describe("the run's clock is the account's", { timeout: 60_000 }, () => {
  it("the emulator's answers carry its own clock in their Date header", async () => {
    const answer = await call(emulator, 'GET', '/products');
    const date = Date.parse(answer.headers.get('date') ?? '');
    expect(Math.abs(date - Date.parse(ACCOUNT_NOW))).toBeLessThan(60_000);
  });

  it("plan's rollout and review judge bills_from and the lock by the emulator's time, a year ahead", async () => {
    const json = await cli(['plan', 'catalog.yaml', '--json']);
    expect(json.code, json.stderr).toBe(0);
    const changes: { kind: string; rollout?: unknown }[] = JSON.parse(json.stdout).changes;
    // by the machine's clock the paused one would wait for 2027-01-01 and the locked one move now
    expect(changes.find((c) => c.kind === 'subscribers')?.rollout).toEqual([
      { verdict: 'moves now', count: 2 },
      {
        verdict: 'waits',
        code: 'subscription_locked_renewal',
        reason: 'a lock near renewal',
        until: '2027-02-01',
        count: 1,
      },
    ]);
    const text = await cli(['plan', 'catalog.yaml']);
    expect(text.stdout).toContain('moves now: 2');
    expect(text.stdout).toContain('waits: 1 (1 until 2027-02-01; a lock near renewal)');
    expect(text.stdout).not.toContain('not reached');
  });

  it("plan --notices-out says what each subscription does by the emulator's time", async () => {
    const run = await cli(['plan', 'catalog.yaml', '--notices-out', 'notices.json']);
    expect(run.code, run.stderr).toBe(0);
    const { notices } = JSON.parse(readFileSync(join(dir, 'notices.json'), 'utf8'));
    const verdict = (n: number) =>
      notices.find((row: { subscription_id: string }) => row.subscription_id === sub(n))?.verdict;
    expect([verdict(1), verdict(2), verdict(3)]).toEqual(['moves now', 'waits', 'moves now']);
  });

  it("apply moves by the emulator's time: the paused one past bills_from moves, the locked one is left for later", async () => {
    const run = await cli(['--json', 'apply', 'catalog.yaml', '--yes', '--allow-subscriber-moves']);
    const document = JSON.parse(run.stdout);
    expect(document.subscribers.moved).toBe(2);
    const left = document.subscribers.left.map((l: { subscription: string; code: string }) => [
      l.subscription,
      l.code,
    ]);
    expect(left).toEqual([[sub(2), 'subscription_locked_renewal']]);
  });
});
