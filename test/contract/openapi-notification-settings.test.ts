// Every kind of /notification-settings, /event-types and /discount-groups response (and /discounts
// with a group), success and error, against Paddle's OpenAPI description; discount groups and the
// event types documented after May 2025 as Paddle's docs give them (test/support/openapi-overlay.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { call } from '../support/emulator.js';
import { FULL_SPEC_FILE, type ResponseValidator, responseValidator } from '../support/openapi.js';

let emulator: RunningEmulator;
let validator: ResponseValidator;
let settingId: string;
let groupId: string;
let discountId: string;

const setting = (fields: Record<string, unknown> = {}) => ({
  description: 'App webhooks',
  type: 'url',
  destination: 'https://example.com/paddle/webhooks',
  subscribed_events: ['subscription.created', 'discount_group.created'],
  ...fields,
});

beforeAll(async () => {
  validator = responseValidator(FULL_SPEC_FILE);
  emulator = await startEmulator();
  settingId = (await call(emulator, 'POST', '/notification-settings', { body: setting() })).body.data.id;
  groupId = (await call(emulator, 'POST', '/discount-groups', { body: { name: 'Launch' } })).body.data.id;
  discountId = (
    await call(emulator, 'POST', '/discounts', {
      body: { description: 'Launch', type: 'percentage', amount: '10', discount_group_id: groupId },
    })
  ).body.data.id;
});
afterAll(() => emulator.close());

type Case = [name: string, method: string, template: string, path: () => string, body?: () => unknown];

const NTFSET = '/notification-settings/{notification_setting_id}';
const DSG = '/discount-groups/{discount_group_id}';
const MISSING_NTFSET = '/notification-settings/ntfset_01aaaaaaaaaaaaaaaaaaaaaaaa';

const CASES: Case[] = [
  [
    'create notification setting, everything',
    'POST',
    '/notification-settings',
    () => '/notification-settings',
    () =>
      setting({
        type: 'email',
        destination: 'ops@example.com',
        api_version: 1,
        include_sensitive_fields: true,
        traffic_source: 'all',
      }),
  ],
  [
    'create notification setting, bad_request',
    'POST',
    '/notification-settings',
    () => '/notification-settings',
    () => setting({ subscribed_events: ['nope'] }),
  ],
  [
    'create notification setting, url incorrect',
    'POST',
    '/notification-settings',
    () => '/notification-settings',
    () => setting({ destination: 'not a url' }),
  ],
  [
    'create notification setting, duplicate',
    'POST',
    '/notification-settings',
    () => '/notification-settings',
    () => setting(),
  ],
  [
    'list notification settings',
    'GET',
    '/notification-settings',
    () => '/notification-settings?active=true&traffic_source=platform',
  ],
  [
    'list notification settings, invalid_field',
    'GET',
    '/notification-settings',
    () => '/notification-settings?active=yes',
  ],
  ['get notification setting', 'GET', NTFSET, () => `/notification-settings/${settingId}`],
  ['get notification setting, not_found', 'GET', NTFSET, () => MISSING_NTFSET],
  [
    'update notification setting',
    'PATCH',
    NTFSET,
    () => `/notification-settings/${settingId}`,
    () => ({
      active: false,
      subscribed_events: ['transaction.completed'],
      destination: 'https://example.com/v2',
    }),
  ],
  [
    'update notification setting, bad_request',
    'PATCH',
    NTFSET,
    () => `/notification-settings/${settingId}`,
    () => ({ type: 'email' }),
  ],
  ['delete notification setting, not_found', 'DELETE', NTFSET, () => MISSING_NTFSET],
  ['list event types', 'GET', '/event-types', () => '/event-types'],
  [
    'create discount group',
    'POST',
    '/discount-groups',
    () => '/discount-groups',
    () => ({ name: 'Retention' }),
  ],
  [
    'create discount group, conflict',
    'POST',
    '/discount-groups',
    () => '/discount-groups',
    () => ({ name: 'Launch' }),
  ],
  ['create discount group, bad_request', 'POST', '/discount-groups', () => '/discount-groups', () => ({})],
  [
    'list discount groups',
    'GET',
    '/discount-groups',
    () => '/discount-groups?per_page=1&order_by=created_at[ASC]',
  ],
  ['get discount group', 'GET', DSG, () => `/discount-groups/${groupId}`],
  ['get discount group, not_found', 'GET', DSG, () => '/discount-groups/dsg_01aaaaaaaaaaaaaaaaaaaaaaaa'],
  [
    'update discount group',
    'PATCH',
    DSG,
    () => `/discount-groups/${groupId}`,
    () => ({ name: 'Launch 2026' }),
  ],
  [
    'list discounts of a group with it',
    'GET',
    '/discounts',
    () => `/discounts?discount_group_id=${groupId}&include=discount_group`,
  ],
  [
    'get discount with its group',
    'GET',
    '/discounts/{discount_id}',
    () => `/discounts/${discountId}?include=discount_group`,
  ],
  [
    'update discount out of its group',
    'PATCH',
    '/discounts/{discount_id}',
    () => `/discounts/${discountId}`,
    () => ({ discount_group_id: null }),
  ],
  [
    'archive discount group',
    'PATCH',
    DSG,
    () => `/discount-groups/${groupId}`,
    () => ({ status: 'archived' }),
  ],
  [
    'create discount in an archived group',
    'POST',
    '/discounts',
    () => '/discounts',
    () => ({ description: 'X', type: 'percentage', amount: '5', discount_group_id: groupId }),
  ],
];

describe('notification settings, event types and discount groups answer as Paddle’s description says', () => {
  it.each(CASES)('%s', async (_name, method, template, path, requestBody) => {
    const res = await call(emulator, method, path(), { body: requestBody?.() });
    expect(validator.check(method, template, res.status, res.body)).toEqual([]);
  });

  it('a delete answers 204 with nothing to validate', async () => {
    const id = (
      await call(emulator, 'POST', '/notification-settings', {
        body: setting({ destination: 'https://example.com/gone' }),
      })
    ).body.data.id;
    const res = await call(emulator, 'DELETE', `/notification-settings/${id}`);
    expect(res.status).toBe(204);
    expect(res.body).toBeUndefined();
  });
});
