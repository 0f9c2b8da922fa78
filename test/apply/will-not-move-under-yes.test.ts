// apply --yes while a move's mode will not move one of its subscriptions (a paused one under
// prorated_immediately: Paddle's subscription_update_error_when_paused,
// https://developer.paddle.com/errors/subscriptions/subscription_update_error_when_paused). A catalog
// under --yes alone is refused and nothing is written; the reviewed plan file needs no extra flag
// (its review showed the count), and it, like --allow-subscriber-moves beside the catalog, moves the
// others, never sends the paused one, names it and ends not verified. Through the CLI in-process
// against the emulator over real HTTP, a fresh account for each run.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { tempDir } from '../support/catalog-files.js';
import { manualClock } from '../support/emulator.js';
import { jumpingClock } from '../support/jumping-clock.js';
import { runCliInProcess } from '../support/run-cli-in-process.js';
import { CATALOG, NOW, PRORATION, SEED, sub, subscription } from '../support/subscription-account.mjs';

const PAUSED = 6;
const REFUSAL =
  'Refusing to apply with --yes: 1 subscription will not move with this mode (the plan names each, and the mode that would move it), so this run would leave them for good.';

let emulator: RunningEmulator;
let dir: string;
const cli = (...args: string[]) =>
  runCliInProcess(args, {
    env: { PADDLE_API_URL: emulator.url, PADDLE_API_KEY: emulator.apiKey, NO_COLOR: '1' },
    cwd: dir,
    clock: jumpingClock(Date.parse(NOW)),
  });
/** The requests since `mark` that are not reads (PATCH …/preview is a read: it changes nothing). */
const writesSince = (mark: number) =>
  emulator
    .requests()
    .slice(mark)
    .filter((r) => r.method !== 'GET' && !r.path.endsWith('/preview'));

beforeEach(async () => {
  const paused = subscription(PAUSED, { status: 'paused', next_billed_at: null });
  emulator = await startEmulator({
    demo: false,
    seed: { sandbox: { ...SEED, subscriptions: [...(SEED.subscriptions ?? []), paused] } },
    now: manualClock(NOW).now,
  });
  dir = tempDir();
  writeFileSync(join(dir, 'catalog.yaml'), stringify(CATALOG));
});
afterEach(async () => {
  rmSync(dir, { recursive: true, force: true });
  await emulator.close();
});

/** The run moved the others and created the target; the paused one got no request. */
function expectOthersMoved(mark: number): void {
  const writes = writesSince(mark);
  expect(writes.filter((r) => r.method === 'POST' && r.path === '/prices')).toHaveLength(1);
  const patched = writes.filter((r) => r.method === 'PATCH' && r.status === 200).map((r) => r.path);
  expect(patched).toEqual(expect.arrayContaining([1, 2, 3].map((n) => `/subscriptions/${sub(n)}`)));
  expect(writes.filter((r) => r.path === `/subscriptions/${sub(PAUSED)}`)).toEqual([]);
}

describe(`apply --yes while a subscription will not move with the move's mode (${PRORATION})`, () => {
  it('refuses the catalog under --yes alone, naming how many and --allow-subscriber-moves, and writes nothing', async () => {
    const mark = emulator.requests().length;
    const refused = await cli('apply', 'catalog.yaml', '--yes');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(REFUSAL);
    expect(refused.stderr).toContain('--allow-subscriber-moves');
    expect(emulator.requests().length).toBeGreaterThan(mark);
    expect(writesSince(mark)).toEqual([]);
  });

  it('a reviewed plan file needs no extra flag: it moves the others, never sends the paused one, names it and ends not verified', async () => {
    const planned = await cli('plan', 'catalog.yaml', '--out', 'plan.json');
    expect(planned.stdout).toContain('will not move with this mode');
    const mark = emulator.requests().length;
    const applied = await cli('apply', 'plan.json', '--yes');
    expect(applied.stderr).not.toContain('Refusing');
    expect(applied.code).toBe(1);
    expectOthersMoved(mark);
    expect(applied.stderr).toContain(`! ${sub(PAUSED)} left on its price`);
    expect(applied.stderr).toContain('1 will not move with this mode');
  });

  it('--allow-subscriber-moves beside the catalog does the same: the others move, the paused one is never sent', async () => {
    const mark = emulator.requests().length;
    const applied = await cli('apply', 'catalog.yaml', '--yes', '--allow-subscriber-moves');
    expect(applied.code).toBe(1);
    expectOthersMoved(mark);
    expect(applied.stderr).toContain(`! ${sub(PAUSED)} left on its price`);
  });
});
