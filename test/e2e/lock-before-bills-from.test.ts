// A subscription in Paddle's 30-minute renewal lock
// (https://developer.paddle.com/errors/subscriptions/subscription_locked_renewal) whose renewal comes
// before the move's bills_from gets no update, neither in its lock nor once it has renewed: a run
// that reached it after the renewal used to send it (a lock counted as "send it"), Paddle took the
// change, and the next renewal billed the new price months before the date.
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { tempDir, writeCatalog } from '../support/catalog-files.js';
import { call } from '../support/emulator.js';
import { jumpingClock } from '../support/jumping-clock.js';
import { runCliInProcess } from '../support/run-cli-in-process.js';
import { CATALOG, SEED, sub, subscription } from '../support/subscription-account.mjs';

const NOW = '2027-01-15T12:00:00Z';
/** renews 25 minutes after NOW, monthly; bills_from is six months out */
const ACCOUNT = {
  ...SEED,
  subscriptions: [
    subscription(1, {
      next_billed_at: '2027-01-15T12:25:00.000Z',
      billing_cycle: { interval: 'month', frequency: 1 },
    }),
  ],
};
const pro = CATALOG.products.pro;
const RISE = {
  ...CATALOG,
  products: {
    pro: {
      ...pro,
      prices: {
        ...pro?.prices,
        'monthly-2027': {
          ...pro?.prices?.['monthly-2027'],
          proration: 'do_not_bill',
          bills_from: '2027-07-15',
        },
      },
    },
  },
};

let emulator: RunningEmulator;
let dir: string;
beforeAll(async () => {
  emulator = await startEmulator({ demo: false, seed: { sandbox: ACCOUNT as never } });
  dir = tempDir();
  writeCatalog(dir, JSON.stringify(RISE));
  expect((await call(emulator, 'POST', '/__emulator/clock', { body: { now: NOW } })).status).toBe(200);
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await emulator.close();
});

const apply = () =>
  runCliInProcess(['--json', 'apply', 'catalog.yaml', '--yes', '--allow-subscriber-moves'], {
    env: { PADDLE_API_URL: emulator.url, PADDLE_API_KEY: emulator.apiKey },
    cwd: dir,
    clock: jumpingClock(Date.parse(NOW)),
  });
const patches = () =>
  emulator.requests().filter((r) => r.method === 'PATCH' && r.path === `/subscriptions/${sub(1)}`);

describe('a renewal lock before bills_from', { timeout: 60_000 }, () => {
  it('sends no update in the lock, nor after the renewal: it waits for bills_from', async () => {
    const locked = JSON.parse((await apply()).stdout);
    expect(locked.subscribers.left).toMatchObject([{ subscription: sub(1), code: 'bills_from_not_reached' }]);
    // the renewal passes (the emulator renews it), and the next run finds it renewing in February
    expect(
      (await call(emulator, 'POST', '/__emulator/clock', { body: { now: '2027-01-15T13:00:00Z' } })).status,
    ).toBe(200);
    const renewed = JSON.parse((await apply()).stdout);
    expect(renewed.subscribers.left).toMatchObject([
      { subscription: sub(1), code: 'bills_from_not_reached' },
    ]);
    expect(patches()).toEqual([]);
  });
});
