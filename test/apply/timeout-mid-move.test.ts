import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { tempDir, writeCatalog } from '../support/catalog-files.js';
import { manualClock } from '../support/emulator.js';
import { jumpingClock } from '../support/jumping-clock.js';
import { runCliInProcess } from '../support/run-cli-in-process.js';
import { CATALOG, moreSubscriptions, NOW, SEED } from '../support/subscription-account.mjs';

const TIMEOUT_S = 3600;

let emulator: RunningEmulator;
beforeAll(async () => {
  const seed = { ...SEED, subscriptions: [...(SEED.subscriptions ?? []), ...moreSubscriptions(6)] };
  emulator = await startEmulator({ demo: false, seed: { sandbox: seed }, now: manualClock(NOW).now });
});
afterAll(() => emulator.close());

describe('--timeout mid-move', () => {
  it('stops in order, and --json lists the price created and the subscriptions moved so far', async () => {
    const clock = jumpingClock();
    const stopListening = emulator.onRequest((request) => {
      if (request.method !== 'PATCH' || !request.path.startsWith('/subscriptions/')) return;
      stopListening();
      clock.advance(TIMEOUT_S * 1000);
    });
    const file = writeCatalog(tempDir(), stringify(CATALOG));
    const args = ['--json', '--timeout', String(TIMEOUT_S), 'apply', file, '--yes'];
    const run = await runCliInProcess([...args, '--allow-subscriber-moves', '--concurrency', '1'], {
      env: { PADDLE_API_URL: emulator.url, PADDLE_API_KEY: emulator.apiKey },
      clock,
    });
    stopListening();
    const patched = emulator
      .requests()
      .filter((r) => r.method === 'PATCH' && r.path.startsWith('/subscriptions/'));
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`Gave up after --timeout ${TIMEOUT_S} s: no new calls start`);
    const document = JSON.parse(run.stdout);
    expect(document).toMatchObject({
      ok: false,
      interrupted: true,
      verified: false,
      error: { kind: 'timeout', seconds: TIMEOUT_S },
      products: { pro: { prices: { 'monthly-2027': { action: 'create', status: 'applied' } } } },
    });
    expect(document.products.pro.prices['monthly-2027'].id).toMatch(/^pri_/);
    // the PATCH in flight at the deadline finished; none started after it (9 were to move)
    expect(patched).toHaveLength(1);
    expect(document.subscribers.moved).toBe(1);
    expect(document.subscribers.moves).toEqual([expect.objectContaining({ from: 'pro/monthly', moved: 1 })]);
  });
});
