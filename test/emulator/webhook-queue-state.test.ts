// The notifications not delivered yet survive a restart with --state: one whose attempt the
// emulator's close cut off is sent again when it starts, one waiting for a retry keeps its time on
// the emulator's clock, one to be delivered twice still owes its second copy. Delivered history is
// not kept (docs/emulator.md). A state file written before the second copy was kept still loads.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/index.js';
import { accountApi, addDestination, call, moveClock, productBody } from '../support/emulator.js';
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

const twice = (emulator: Awaited<ReturnType<typeof start>>) =>
  fetch(`${emulator.url}/__emulator/webhook-delivery`, {
    method: 'POST',
    body: JSON.stringify({ duplicate: true }),
  });

async function destination(emulator: Awaited<ReturnType<typeof start>>) {
  await addDestination(emulator, receiver.url, ['product.created']);
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

it('a notification to be delivered twice, cut off before either copy, is sent twice after a restart', async () => {
  const first = await start();
  await twice(first);
  receiver.respondWith(() => new Promise<number>(() => {}));
  await destination(first);
  await accountApi(first)('POST', '/products', productBody());
  await receiver.arrived(1);
  await first.close();
  receiver.respondWith(() => 200);
  const second = await start();
  try {
    await receiver.received(2);
    await second.notificationsSettled();
    const [notification] = (await call(second, 'GET', '/notifications')).body.data;
    expect(receiver.deliveries.map((d) => d.payload.notification_id)).toEqual([
      notification.id,
      notification.id,
    ]);
    expect(notification).toMatchObject({ status: 'delivered', times_attempted: 2 });
  } finally {
    await second.close();
  }
});

it('a notification delivered once that still owes its second copy sends it after a restart', async () => {
  const first = await start();
  await twice(first);
  receiver.respondWith((_delivery, index) => (index === 0 ? 200 : new Promise<number>(() => {})));
  await destination(first);
  await accountApi(first)('POST', '/products', productBody());
  await receiver.arrived(2);
  // a change the destination is not subscribed to: saved state is written while the copy is owed
  await accountApi(first)('POST', '/customers', { email: 'owed@example.com' });
  await first.close();
  receiver.respondWith(() => 200);
  const second = await start();
  try {
    const [once, again] = await receiver.received(2);
    expect(again?.body).toBe(once?.body);
    await second.notificationsSettled();
    const [notification] = (await call(second, 'GET', '/notifications')).body.data;
    expect(notification).toMatchObject({ status: 'delivered', times_attempted: 2 });
    const logs = (await call(second, 'GET', `/notifications/${notification.id}/logs`)).body.data;
    expect(logs.map((log: { response_code: number }) => log.response_code)).toEqual([200, 200]);
  } finally {
    await second.close();
  }
});

it('a state file written before the second copy was kept loads, and its queue is sent as it was saved', async () => {
  const setting = 'ntfset_01jnbsx0000000000000000001';
  const payload = {
    event_id: 'evt_01jnbsx0000000000000000002',
    event_type: 'product.created',
    occurred_at: '2026-03-01T09:59:00.000Z',
    notification_id: 'ntf_01jnbsx0000000000000000003',
    data: { id: 'pro_01jnbsx0000000000000000004', name: 'Pro', status: 'active', custom_data: null },
  };
  const notification = {
    id: payload.notification_id,
    type: 'product.created',
    status: 'not_attempted',
    payload,
    occurred_at: payload.occurred_at,
    delivered_at: null,
    replayed_at: null,
    origin: 'event',
    last_attempt_at: null,
    retry_at: null,
    times_attempted: 0,
    notification_setting_id: setting,
  };
  writeFileSync(
    join(dir, 'state.json'),
    JSON.stringify({
      format: 'paddle-catalog-emulator-state',
      version: 1,
      api_key: 'pdl_sdbx_apikey_01jnbsx0000000000000000005_saved',
      live_api_key: 'pdl_live_apikey_01jnbsx0000000000000000006_saved',
      sandbox: {
        notification_settings: [
          {
            id: setting,
            description: 'App',
            type: 'url',
            destination: receiver.url,
            subscribed_events: ['product.created'],
          },
        ],
      },
      notification_queue: [{ account: 'sandbox', notification, logs: [] }],
    }),
  );
  const emulator = await start();
  try {
    const [delivery] = await receiver.received(1);
    expect(delivery?.body).toBe(JSON.stringify(payload));
    await emulator.notificationsSettled();
    const served = (await call(emulator, 'GET', `/notifications/${notification.id}`)).body.data;
    expect(Object.keys(served)).toEqual(Object.keys(notification));
    expect(served).toEqual({
      ...notification,
      status: 'delivered',
      delivered_at: START,
      last_attempt_at: START,
      times_attempted: 1,
    });
  } finally {
    await emulator.close();
  }
});
