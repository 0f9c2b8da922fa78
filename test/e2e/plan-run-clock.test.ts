// plan predicts each moved subscription on the run's clock (Io.clock), not the wall clock: the same
// account planned at two injected times says two things of a subscription renewing at 12:10 — Paddle
// locks one within 30 minutes of its renewal (subscription_locked_renewal,
// https://developer.paddle.com/errors/subscriptions/subscription_locked_renewal).
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { tempDir, writeCatalog } from '../support/catalog-files.js';
import { jumpingClock } from '../support/jumping-clock.js';
import { runCliInProcess } from '../support/run-cli-in-process.js';
import { CATALOG, SEED, subscription } from '../support/subscriber-moves-account.js';

/** pro/monthly's one subscriber, renewing at 12:10; the catalog moves it to pro/monthly-2027. */
const ACCOUNT = { ...SEED, subscriptions: [subscription(1, { next_billed_at: '2026-01-15T12:10:00.000Z' })] };

let emulator: RunningEmulator;
let dir: string;
beforeAll(async () => {
  emulator = await startEmulator({ demo: false, seed: { sandbox: ACCOUNT } });
  dir = tempDir();
  // YAML reads JSON as it is
  writeCatalog(dir, JSON.stringify(CATALOG));
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await emulator.close();
});

/** plan --json's rollout of the one move (how many move now, which wait), run with its clock at `at`. */
async function rolloutAt(at: string) {
  const result = await runCliInProcess(['plan', 'catalog.yaml', '--json'], {
    env: { PADDLE_API_URL: emulator.url, PADDLE_API_KEY: emulator.apiKey },
    cwd: dir,
    clock: jumpingClock(Date.parse(at)),
  });
  expect(result.code, result.stderr).toBe(0);
  const changes: { kind: string; rollout?: unknown }[] = JSON.parse(result.stdout).changes;
  const moves = changes.filter((c) => c.kind === 'subscribers');
  expect(moves).toHaveLength(1);
  return moves[0]?.rollout;
}

describe('plan on the run clock', () => {
  it('a subscription renewing at 12:10 waits for its renewal lock at 12:00 and moves now at 11:00', async () => {
    expect(await rolloutAt('2026-01-15T12:00:00.000Z')).toEqual([
      { verdict: 'moves now', count: 0 },
      {
        verdict: 'waits',
        code: 'subscription_locked_renewal',
        reason: 'a lock near renewal',
        until: '2026-01-15',
        count: 1,
      },
    ]);
    expect(await rolloutAt('2026-01-15T11:00:00.000Z')).toEqual([{ verdict: 'moves now', count: 1 }]);
  });
});
