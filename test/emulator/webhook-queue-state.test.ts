// The notifications not delivered yet survive a restart with --state: one whose attempt the
// emulator's close cut off is sent again when it starts, one waiting for a retry keeps its time on
// the emulator's clock. Delivered history is not kept (docs/emulator.md).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/index.js';
import { accountApi, call, moveClock, productBody } from '../support/emulator.js';
import { startReceiver } from '../support/webhook-receiver.js';

const START = '2026-03-01T10:00:00.000Z';
let dir: string;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'webhook-queue-'));
  receiver = await startReceiver();
});
afterEach(async () => {
  await receiver.close();
  rmSync(dir, { recursive: true, force: true });
});

async function start() {
  return startEmulator({ statePath: join(dir, 'state.json'), now: () => new Date(START) });
}

async function destination(emulator: Awaited<ReturnType<typeof start>>) {
  await call(emulator, 'POST', '/notification-settings', {
    body: {
      description: 'App',
      type: 'url',
      destination: receiver.url,
      subscribed_events: ['product.created'],
    },
  });
}

it('a delivery cut off by the emulator closing is sent again after a restart with --state', async () => {
  const first = await start();
  receiver.respondWith(() => new Promise<number>(() => {}));
  await destination(first);
  const product = await accountApi(first)('POST', '/products', productBody());
  await receiver.arrived(1);
  await first.close();
  receiver.respondWith(() => 200);
  const second = await start();
  try {
    const [delivery] = await receiver.received(1);
    expect(delivery?.payload).toMatchObject({ event_type: 'product.created', data: { id: product.id } });
    await second.notificationsSettled();
    const [notification] = (await call(second, 'GET', '/notifications')).body.data;
    expect(notification).toMatchObject({ status: 'delivered', times_attempted: 1 });
  } finally {
    await second.close();
  }
});

it('a notification waiting for its retry keeps its time on the emulator’s clock across a restart', async () => {
  const first = await start();
  receiver.respondWith(() => 500);
  await destination(first);
  await accountApi(first)('POST', '/products', productBody());
  await receiver.received(1);
  await first.notificationsSettled();
  await first.close();
  receiver.respondWith(() => 200);
  const second = await start();
  try {
    const [waiting] = (await call(second, 'GET', '/notifications')).body.data;
    expect(waiting).toMatchObject({ status: 'needs_retry', times_attempted: 1 });
    await moveClock(second, new Date(Date.parse(START) + 61_000).toISOString());
    await receiver.received(2);
    await second.notificationsSettled();
    const logs = (await call(second, 'GET', `/notifications/${waiting.id}/logs`)).body.data;
    expect(logs.map((log: { response_code: number }) => log.response_code)).toEqual([200, 500]);
  } finally {
    await second.close();
  }
});
