// Notification settings (webhook destinations) and event types as Paddle's API has them
// (https://developer.paddle.com/api-reference/notification-settings,
// https://developer.paddle.com/api-reference/event-types), read by the real Node SDK over HTTP.
import { ApiError, type Paddle } from '@paddle/paddle-node-sdk';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { destinationsFor, newNotificationSetting } from '../../src/emulator/routes/notification-settings.js';
import { emptyState } from '../../src/emulator/state.js';
import { call } from '../support/emulator.js';
import { sdkOf } from '../support/sdk.js';

let emulator: RunningEmulator;
let paddle: Paddle;

const SECRET = /^pdl_ntfset_[a-zA-Z0-9]{26}_[a-zA-Z0-9]{32}$/;

const body = (fields: Record<string, unknown> = {}) => ({
  description: 'App webhooks',
  type: 'url',
  destination: 'https://example.com/paddle/webhooks',
  subscribed_events: ['subscription.created', 'transaction.completed'],
  ...fields,
});

async function apiError(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

beforeAll(async () => {
  emulator = await startEmulator();
  paddle = sdkOf(emulator);
});
beforeEach(() => emulator.reset());
afterAll(() => emulator.close());

describe('notification settings through the SDK', () => {
  it('creates one with Paddle’s defaults, its events as objects and a pdl_ntfset_ secret of its id', async () => {
    const created = await paddle.notificationSettings.create({
      description: 'App webhooks',
      type: 'url',
      destination: 'https://example.com/paddle/webhooks',
      subscribedEvents: ['subscription.created', 'transaction.completed'],
    });
    expect(created).toMatchObject({
      description: 'App webhooks',
      type: 'url',
      destination: 'https://example.com/paddle/webhooks',
      active: true,
      apiVersion: 1,
      includeSensitiveFields: false,
      trafficSource: 'platform',
    });
    expect(created.id).toMatch(/^ntfset_[a-z\d]{26}$/);
    expect(created.endpointSecretKey).toMatch(SECRET);
    expect(created.endpointSecretKey.slice('pdl_'.length, 'pdl_'.length + created.id.length)).toBe(
      created.id,
    );
    expect(created.subscribedEvents.map((e) => e.name)).toEqual([
      'subscription.created',
      'transaction.completed',
    ]);
    expect(created.subscribedEvents[0]).toMatchObject({ group: 'Subscription', availableVersions: [1] });
    expect(created.subscribedEvents[0]?.description).toMatch(/^Occurs when a subscription is created/);
  });

  it('lists, gets, updates (the secret stays, the events are replaced) and deletes', async () => {
    const created = await paddle.notificationSettings.create({ ...sdkBody(), trafficSource: 'all' });
    const other = await paddle.notificationSettings.create({
      ...sdkBody(),
      type: 'email',
      destination: 'ops@example.com',
    });
    expect((await paddle.notificationSettings.list()).map((s) => s.id)).toEqual([other.id, created.id]);
    expect((await paddle.notificationSettings.list({ trafficSource: 'all' })).map((s) => s.id)).toEqual([
      created.id,
    ]);
    expect((await paddle.notificationSettings.get(created.id)).endpointSecretKey).toBe(
      created.endpointSecretKey,
    );

    const updated = await paddle.notificationSettings.update(created.id, {
      destination: 'https://example.com/v2/webhooks',
      subscribedEvents: ['subscription.updated'],
      active: false,
    });
    expect(updated).toMatchObject({ destination: 'https://example.com/v2/webhooks', active: false });
    expect(updated.endpointSecretKey).toBe(created.endpointSecretKey);
    expect(updated.subscribedEvents.map((e) => e.name)).toEqual(['subscription.updated']);
    expect((await paddle.notificationSettings.list({ active: false })).map((s) => s.id)).toEqual([
      created.id,
    ]);

    await expect(paddle.notificationSettings.delete(created.id)).resolves.toBeUndefined();
    expect((await apiError(paddle.notificationSettings.get(created.id))).code).toBe('not_found');
    expect((await paddle.notificationSettings.list()).map((s) => s.id)).toEqual([other.id]);
  });

  it('answers a delete 204 with no body, as Paddle does', async () => {
    const id = (await call(emulator, 'POST', '/notification-settings', { body: body() })).body.data.id;
    const response = await call(emulator, 'DELETE', `/notification-settings/${id}`);
    expect(response.status).toBe(204);
    expect(response.body).toBeUndefined();
    expect(response.headers.get('request-id')).toBeTruthy();
  });
});

function sdkBody() {
  return {
    description: 'App webhooks',
    type: 'url' as const,
    destination: 'https://example.com/paddle/webhooks',
    subscribedEvents: ['subscription.created' as const],
  };
}

describe('Paddle’s refusals of a notification setting', () => {
  it('an event name Paddle does not have is a 400 bad_request naming the item', async () => {
    const res = await call(emulator, 'POST', '/notification-settings', {
      body: body({ subscribed_events: ['subscription.created', 'subscription.exploded'] }),
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('bad_request');
    expect(res.body.error.errors).toEqual([
      { field: 'subscribed_events[1]', message: expect.stringContaining('must be one of the following') },
    ]);
  });

  it('a url setting whose destination is no web address is url_notification_setting_incorrect', async () => {
    const res = await call(emulator, 'POST', '/notification-settings', {
      body: body({ destination: 'ops@example.com' }),
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      code: 'url_notification_setting_incorrect',
      detail: 'A URL Notification Setting destination must be a URL.',
      documentation_url:
        'https://developer.paddle.com/v1/errors/notifications/url_notification_setting_incorrect',
    });
    expect(res.body.error.errors).toBeUndefined();
  });

  it('an email setting whose destination is no e-mail address is email_notification_setting_incorrect', async () => {
    const { id } = (
      await call(emulator, 'POST', '/notification-settings', {
        body: body({ type: 'email', destination: 'ops@example.com' }),
      })
    ).body.data;
    const res = await call(emulator, 'PATCH', `/notification-settings/${id}`, {
      body: { destination: 'https://example.com/hooks' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('email_notification_setting_incorrect');
  });

  it('a second setting with the same destination and configuration is a 409', async () => {
    expect((await call(emulator, 'POST', '/notification-settings', { body: body() })).status).toBe(201);
    const twin = await call(emulator, 'POST', '/notification-settings', {
      body: body({
        description: 'Again',
        subscribed_events: ['transaction.completed', 'subscription.created'],
      }),
    });
    expect(twin.status).toBe(409);
    expect(twin.body.error.code).toBe('notification_setting_cannot_be_duplicate');
    // the same URL for other events is another configuration
    const other = await call(emulator, 'POST', '/notification-settings', {
      body: body({ subscribed_events: ['subscription.updated'] }),
    });
    expect(other.status).toBe(201);
  });

  it('type cannot be changed, active cannot be set on create, and wrong types are named', async () => {
    const { id } = (await call(emulator, 'POST', '/notification-settings', { body: body() })).body.data;
    const typed = await call(emulator, 'PATCH', `/notification-settings/${id}`, { body: { type: 'email' } });
    expect(typed.status).toBe(400);
    expect(typed.body.error.errors).toEqual([
      { field: 'type', message: 'Additional property type is not allowed' },
    ]);
    const active = await call(emulator, 'POST', '/notification-settings', { body: body({ active: false }) });
    expect(active.body.error.errors).toEqual([
      { field: 'active', message: 'Additional property active is not allowed' },
    ]);
    const wrong = await call(emulator, 'POST', '/notification-settings', {
      body: {
        description: '',
        type: 'webhook',
        destination: 5,
        subscribed_events: 'subscription.created',
        api_version: 2,
        include_sensitive_fields: 'no',
        traffic_source: 'everything',
      },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'api_version',
      'description',
      'destination',
      'include_sensitive_fields',
      'subscribed_events',
      'traffic_source',
      'type',
    ]);
    const missing = await call(emulator, 'POST', '/notification-settings', { body: {} });
    expect(missing.body.error.errors.map((e: { message: string }) => e.message)).toEqual([
      'description is required',
      'type is required',
      'destination is required',
      'subscribed_events is required',
    ]);
  });

  it('needs notification_setting.read to list and .write to create', async () => {
    const reader = emulator.addApiKey(['notification_setting.read']);
    expect((await call(emulator, 'GET', '/notification-settings', { key: reader })).status).toBe(200);
    const res = await call(emulator, 'POST', '/notification-settings', { key: reader, body: body() });
    expect(res.status).toBe(403);
    const none = emulator.addApiKey(['product.read']);
    expect((await call(emulator, 'GET', '/notification-settings', { key: none })).status).toBe(403);
  });

  it('keeps each account’s settings to itself', async () => {
    await call(emulator, 'POST', '/notification-settings', { body: body() });
    const live = await call(emulator, 'GET', '/notification-settings', { key: emulator.liveApiKey });
    expect(live.body.data).toEqual([]);
  });
});

describe('event types', () => {
  it('lists every event type Paddle sends through the SDK, with any valid key, unpaginated', async () => {
    const types = await paddle.eventTypes.list();
    const names = types.map((t) => t.name);
    expect(names).toContain('discount_group.created');
    expect(names).toContain('subscription.updated');
    expect(new Set(names).size).toBe(names.length);
    const res = await call(emulator, 'GET', '/event-types', { key: emulator.addApiKey([]) });
    expect(res.status).toBe(200);
    expect(res.body.meta.pagination).toBeUndefined();
    expect((await call(emulator, 'GET', '/event-types', { key: null })).status).toBe(403);
  });
});

describe('what a delivery reads', () => {
  it('an event goes to the active url settings subscribed to it that take platform events', () => {
    const state = emptyState();
    let n = 0;
    const made = (fields: Record<string, unknown>, active = true) => {
      const id = `ntfset_01h00000000000000000000${n++}`.padEnd(33, '0');
      state.notification_settings.insert({ ...newNotificationSetting(id, body(fields)), active });
      return id;
    };
    const wanted = made({});
    const all = made({ destination: 'https://example.com/all', traffic_source: 'all' });
    made({ destination: 'https://example.com/sim', traffic_source: 'simulation' });
    made({ type: 'email', destination: 'ops@example.com' });
    made({ destination: 'https://example.com/other', subscribed_events: ['price.created'] });
    made({ destination: 'https://example.com/off' }, false);
    expect(destinationsFor(state, 'subscription.created').map((s) => s.id)).toEqual([wanted, all]);
    expect(destinationsFor(state, 'customer.created')).toEqual([]);
  });
});
