// The emulator sends what Paddle sends: each write through the API becomes a notification to every
// active url destination subscribed to its event, signed as Paddle signs (verified by the Node SDK's
// own webhooks.unmarshal, as an app calls it: through a Paddle client, which sets up its runtime's
// crypto), its payload held to the `webhooks:` schemas of Paddle's OpenAPI, listed
// with its log by /notifications (https://developer.paddle.com/api-reference/notifications).
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { accountApi, addDestination, call, priceBody, productBody } from '../support/emulator.js';
import { webhookValidator } from '../support/openapi.js';
import { sdkOf } from '../support/sdk.js';
import { startReceiver } from '../support/webhook-receiver.js';

let emulator: RunningEmulator;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
const validator = webhookValidator();
const webhooks = () => sdkOf(emulator).webhooks;

const destination = (events: string[], url = receiver.url) => addDestination(emulator, url, events);

beforeAll(async () => {
  emulator = await startEmulator({ demo: false });
});
beforeEach(async () => {
  emulator.reset();
  receiver = await startReceiver();
});
afterEach(() => receiver.close());
afterAll(() => emulator.close());

describe('notifications of API writes', () => {
  it('delivers product.created, price.created and product.updated signed as Paddle signs: the SDK verifies and parses each', async () => {
    const setting = await destination(['product.created', 'product.updated', 'price.created']);
    const api = accountApi(emulator);
    const product = await api('POST', '/products', productBody());
    await api('POST', '/prices', priceBody(product.id));
    await api('PATCH', `/products/${product.id}`, { name: 'Pro plan' });
    const deliveries = await receiver.received(3);
    expect(deliveries.map((d) => d.payload.event_type)).toEqual([
      'product.created',
      'price.created',
      'product.updated',
    ]);
    for (const delivery of deliveries) {
      expect(delivery.signature).toMatch(/^ts=\d+;h1=[0-9a-f]{64}$/);
      const event = await webhooks().unmarshal(
        delivery.body,
        setting.endpoint_secret_key,
        delivery.signature,
      );
      expect(event.eventType).toBe(delivery.payload.event_type);
      expect(event.notificationId).toBe(delivery.payload.notification_id);
      expect(validator.check(delivery.payload.event_type, delivery.payload)).toEqual([]);
    }
    expect(Object.keys(deliveries[0]?.payload)).toEqual([
      'event_id',
      'event_type',
      'occurred_at',
      'notification_id',
      'data',
    ]);
    expect(deliveries[2]?.payload.data).toMatchObject({ id: product.id, name: 'Pro plan' });
  });

  it('the SDK refuses a delivery signed with another secret', async () => {
    await destination(['product.created']);
    await accountApi(emulator)('POST', '/products', productBody());
    const [delivery] = await receiver.received(1);
    const other = 'pdl_ntfset_01aaaaaaaaaaaaaaaaaaaaaaaa_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
    await expect(
      webhooks().unmarshal(delivery?.body ?? '', other, delivery?.signature ?? ''),
    ).rejects.toThrow();
  });

  it('sends nothing to a setting not subscribed to the event, an inactive one or an email one', async () => {
    await destination(['price.created']);
    const inactive = await destination(['product.created'], `${receiver.url}/inactive`);
    await call(emulator, 'PATCH', `/notification-settings/${inactive.id}`, { body: { active: false } });
    await call(emulator, 'POST', '/notification-settings', {
      body: {
        description: 'Ops',
        type: 'email',
        destination: 'ops@example.com',
        subscribed_events: ['product.created'],
      },
    });
    await accountApi(emulator)('POST', '/products', productBody());
    await emulator.notificationsSettled();
    expect(receiver.deliveries).toEqual([]);
    expect((await call(emulator, 'GET', '/notifications')).body.data).toEqual([]);
  });

  it('lists each notification delivered with its attempt in its log, and a replay sends it again', async () => {
    const setting = await destination(['product.created']);
    const product = await accountApi(emulator)('POST', '/products', productBody());
    await receiver.received(1);
    await emulator.notificationsSettled();
    const listed = await call(emulator, 'GET', `/notifications?notification_setting_id=${setting.id}`);
    expect(listed.status).toBe(200);
    const [notification] = listed.body.data;
    expect(notification).toMatchObject({
      type: 'product.created',
      status: 'delivered',
      origin: 'event',
      times_attempted: 1,
      retry_at: null,
      notification_setting_id: setting.id,
      payload: { event_type: 'product.created', data: { id: product.id } },
    });
    expect(notification.payload.notification_id).toBe(notification.id);
    const logs = await call(emulator, 'GET', `/notifications/${notification.id}/logs`);
    expect(logs.body.data).toEqual([
      expect.objectContaining({ response_code: 200, response_content_type: 'text/plain', response_body: '' }),
    ]);
    const replay = await call(emulator, 'POST', `/notifications/${notification.id}/replay`);
    expect(replay.body).toMatchObject({ data: { notification_id: expect.stringMatching(/^ntf_/) } });
    expect(replay.status).toBe(202);
    const [, again] = await receiver.received(2);
    expect(again?.payload).toMatchObject({
      event_id: notification.payload.event_id,
      notification_id: replay.body.data.notification_id,
    });
    await emulator.notificationsSettled();
    const replayed = await call(emulator, 'GET', `/notifications/${replay.body.data.notification_id}`);
    expect(replayed.body.data).toMatchObject({ origin: 'replay', status: 'delivered' });
    const refused = await call(emulator, 'POST', `/notifications/${replayed.body.data.id}/replay`);
    expect(refused.body.error.code).toBe('notification_replay_invalid_origin_type');
  });

  it('a destination off this machine gets a notification that is never sent', async () => {
    await destination(['product.created'], 'https://example.com/paddle/webhooks');
    await accountApi(emulator)('POST', '/products', productBody());
    await emulator.notificationsSettled();
    const [notification] = (await call(emulator, 'GET', '/notifications')).body.data;
    expect(notification).toMatchObject({ status: 'not_attempted', times_attempted: 0 });
  });
});
