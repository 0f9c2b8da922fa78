// permissions: a reviewed price rise applied with a key that may create prices and list
// subscriptions but not change them (no subscription.write, which Paddle's reference lists for
// PATCH /subscriptions/{id}: developer.paddle.com/api-reference/subscriptions/update-subscription).
// Over real HTTP against the emulator: the new price is created, the first move is refused and no
// other PATCH is sent (the emulator's request log), the report names the permission and how far the
// run got, and the same plan file applied with the right key completes the moves.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { tempDir } from '../support/catalog-files.js';
import { manualClock } from '../support/emulator.js';
import { runCliInProcess } from '../support/run-cli-in-process.js';
import { CATALOG, NOW, SEED, sub } from '../support/subscription-account.mjs';

// sub 4 renews within 30 minutes of NOW (Paddle would leave it): out, so the moves can complete
const seed = { ...SEED, subscriptions: (SEED.subscriptions ?? []).filter((s) => s.id !== sub(4)) };

let emulator: RunningEmulator;
let dir: string;
beforeAll(async () => {
  emulator = await startEmulator({ demo: false, seed: { sandbox: seed }, now: manualClock(NOW).now });
  dir = tempDir();
  writeFileSync(join(dir, 'catalog.yaml'), stringify(CATALOG));
});
afterAll(async () => {
  await emulator.close();
  rmSync(dir, { recursive: true, force: true });
});

const run = (key: string, ...args: string[]) =>
  runCliInProcess(args, {
    env: { PADDLE_API_URL: emulator.url, PADDLE_API_KEY: key, NO_COLOR: '1' },
    cwd: dir,
  });
const subscriptionPatches = () =>
  emulator.requests().filter((r) => r.method === 'PATCH' && /^\/subscriptions\/[^/]+$/.test(r.path));

describe('permissions: a key without subscription.write', () => {
  it('stops the moves at the first refusal, names subscription.write and how far it got; the same plan with the right key completes', async () => {
    const planned = await run(emulator.apiKey, 'plan', 'catalog.yaml', '--out', 'plan.json');
    expect(planned.code, planned.stderr).toBe(0);
    const noWrite = emulator.addApiKey(['product.write', 'price.write', 'subscription.read']);

    const first = await run(noWrite, 'apply', 'plan.json', '--yes');
    expect(first.code).toBe(1);
    expect(first.stdout).toMatch(/pro\/monthly-2027\s+pri_\w+\s+created/);
    expect(subscriptionPatches().map((r) => r.status)).toEqual([403]);
    expect(first.stderr).toContain('this call needs subscription.write');
    expect(first.stderr).toContain('docs/keys.md');
    expect(first.stderr).toContain(
      'The subscriber moves stopped at that refusal: 0 of 3 subscriptions moved, none other sent; applied before them and kept: 1 change (above).',
    );
    expect(first.stderr).toContain('With a key that has subscription.write, apply plan.json again');

    const again = JSON.parse((await run(noWrite, '--json', 'apply', 'plan.json', '--yes')).stdout);
    expect(again.error).toMatchObject({ code: 'forbidden', permissions: ['subscription.write'] });
    expect(again.subscribers).toMatchObject({ moved: 0, stopped: 3 });
    expect(subscriptionPatches()).toHaveLength(2);

    const done = await run(emulator.apiKey, 'apply', 'plan.json', '--yes');
    expect(done.code, done.stderr).toBe(0);
    expect(done.stdout).toContain('pro/monthly → pro/monthly-2027: 3 subscriptions moved');
    expect(
      subscriptionPatches()
        .slice(2)
        .map((r) => r.status),
    ).toEqual([200, 200, 200]);
  });
});
