// apply --yes refuses while a move's mode will not move one of its subscriptions (a paused one under
// prorated_immediately: Paddle's subscription_update_error_when_paused,
// https://developer.paddle.com/errors/subscriptions/subscription_update_error_when_paused), whether
// from the catalog or from a reviewed plan file, and writes nothing; --allow-subscriber-moves moves
// the others and leaves it. Through the CLI in-process against the emulator over real HTTP.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { tempDir } from '../support/catalog-files.js';
import { manualClock } from '../support/emulator.js';
import { jumpingClock } from '../support/jumping-clock.js';
import { runCliInProcess } from '../support/run-cli-in-process.js';
import { CATALOG, NOW, PRORATION, SEED, sub, subscription } from '../support/subscriber-moves-account.js';

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

beforeAll(async () => {
  const paused = subscription(PAUSED, { status: 'paused', next_billed_at: null });
  emulator = await startEmulator({
    demo: false,
    seed: { sandbox: { ...SEED, subscriptions: [...(SEED.subscriptions ?? []), paused] } },
    now: manualClock(NOW).now,
  });
  dir = tempDir();
  writeFileSync(join(dir, 'catalog.yaml'), stringify(CATALOG));
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await emulator.close();
});

describe(`apply --yes while a subscription will not move with the move's mode (${PRORATION})`, () => {
  it('refuses the catalog and the reviewed plan file alike, naming how many, and writes nothing', async () => {
    const planned = await cli('plan', 'catalog.yaml', '--out', 'plan.json');
    expect(planned.stdout).toContain('will not move with this mode');
    const mark = emulator.requests().length;
    for (const source of ['catalog.yaml', 'plan.json']) {
      const refused = await cli('apply', source, '--yes');
      expect(refused.code, source).toBe(1);
      expect(refused.stderr, source).toContain(REFUSAL);
      expect(refused.stderr, source).toContain('--allow-subscriber-moves');
    }
    expect(emulator.requests().length).toBeGreaterThan(mark);
    expect(writesSince(mark)).toEqual([]);
  });

  it('--allow-subscriber-moves creates the target and moves the others; the paused one is never sent', async () => {
    const mark = emulator.requests().length;
    await cli('apply', 'catalog.yaml', '--yes', '--allow-subscriber-moves');
    const writes = writesSince(mark);
    expect(writes.filter((r) => r.method === 'POST' && r.path === '/prices')).toHaveLength(1);
    const patched = writes.filter((r) => r.method === 'PATCH' && r.status === 200).map((r) => r.path);
    expect(patched).toEqual(expect.arrayContaining([1, 2, 3].map((n) => `/subscriptions/${sub(n)}`)));
    expect(writes.filter((r) => r.path === `/subscriptions/${sub(PAUSED)}`)).toEqual([]);
  });
});
