// A notification not answered with a 2xx within Paddle's 5 s is retried on Paddle's schedule for
// sandbox accounts (3 times within 15 minutes: https://developer.paddle.com/webhooks/about/respond-to-webhooks)
// by the emulator's clock: moving the clock past a retry's time sends it at once, so a quarter of an
// hour of retries takes no quarter of an hour. Each attempt is in the notification's log.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { accountApi, addDestination, call, moveClock, productBody } from '../support/emulator.js';
import { startReceiver } from '../support/webhook-receiver.js';

let emulator: RunningEmulator;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
/** the attempt in flight gives up when the test says its 5 s are over */
let deadline = new AbortController();

const START = Date.parse('2026-03-01T10:00:00.000Z');

beforeAll(async () => {
  // the emulator's clock moves only when the test moves it
  emulator = await startEmulator({
    demo: false,
    now: () => new Date(START),
    webhookDeadline: () => deadline.signal,
  });
});
beforeEach(async () => {
  emulator.reset();
  deadline = new AbortController();
  receiver = await startReceiver();
  await moveClock(emulator, new Date(START).toISOString());
  await addDestination(emulator, receiver.url, ['product.created']);
});
afterEach(() => receiver.close());
afterAll(() => emulator.close());

async function only() {
  await emulator.notificationsSettled();
  const [notification] = (await call(emulator, 'GET', '/notifications')).body.data;
  const logs = (await call(emulator, 'GET', `/notifications/${notification.id}/logs`)).body.data;
  return { notification, logs };
}

const at = (ms: number) => new Date(START + ms).toISOString();

describe('retries on the emulator’s clock', () => {
  it('a 500 is retried a minute later by the clock, and the retry that gets a 200 delivers it', async () => {
    receiver.respondWith((_, index) => (index === 0 ? 500 : 200));
    await accountApi(emulator)('POST', '/products', productBody());
    await receiver.received(1);
    const first = await only();
    expect(first.notification).toMatchObject({ status: 'needs_retry', times_attempted: 1 });
    expect(Date.parse(first.notification.retry_at) - Date.parse(first.notification.last_attempt_at)).toBe(
      60_000,
    );
    expect(first.logs).toEqual([expect.objectContaining({ response_code: 500, response_body: 'no' })]);
    await moveClock(emulator, at(61_000));
    const [, retry] = await receiver.received(2);
    expect(retry?.payload.notification_id).toBe(first.notification.id);
    const second = await only();
    expect(second.notification).toMatchObject({ status: 'delivered', times_attempted: 2, retry_at: null });
    // newest first, as every list here is by default
    expect(second.logs.map((log: { response_code: number }) => log.response_code)).toEqual([200, 500]);
  });

  it('is not retried before its time', async () => {
    receiver.respondWith(() => 503);
    await accountApi(emulator)('POST', '/products', productBody());
    await receiver.received(1);
    await moveClock(emulator, at(30_000));
    await emulator.notificationsSettled();
    expect(receiver.deliveries).toHaveLength(1);
  });

  it('three retries 1, 4 and 10 minutes apart, then failed; a replay of it is sent at once', async () => {
    receiver.respondWith(() => 500);
    await accountApi(emulator)('POST', '/products', productBody());
    let elapsed = 0;
    for (const [count, wait] of [
      [1, 60_000],
      [2, 240_000],
      [3, 600_000],
    ] as const) {
      await receiver.received(count);
      const { notification } = await only();
      expect(notification).toMatchObject({ status: 'needs_retry', times_attempted: count });
      elapsed += wait;
      await moveClock(emulator, at(elapsed + 1_000 * count));
    }
    await receiver.received(4);
    const { notification, logs } = await only();
    expect(notification).toMatchObject({ status: 'failed', times_attempted: 4, retry_at: null });
    expect(logs).toHaveLength(4);
    receiver.respondWith(() => 200);
    const replay = await call(emulator, 'POST', `/notifications/${notification.id}/replay`);
    expect(replay.status).toBe(202);
    await receiver.received(5);
    expect((await call(emulator, 'GET', `/notifications/${notification.id}`)).body.data.replayed_at).toBe(
      at(elapsed + 3_000),
    );
  });

  it('an answer slower than 5 s is a failed attempt (code 0), retried', async () => {
    let release = () => {};
    receiver.respondWith(() => new Promise<number>((resolve) => (release = () => resolve(200))));
    await accountApi(emulator)('POST', '/products', productBody());
    await receiver.arrived(1);
    deadline.abort();
    const { notification, logs } = await only();
    expect(notification).toMatchObject({ status: 'needs_retry', times_attempted: 1 });
    expect(logs).toEqual([expect.objectContaining({ response_code: 0, response_body: '' })]);
    release();
  });
});
