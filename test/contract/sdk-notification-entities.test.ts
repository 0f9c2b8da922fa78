// The notification settings, event types and discount groups the emulator serves, read by the Node
// SDK's own entity classes (Paddle wrote them, not us) with no field they read left undefined, and
// each route asking the permission Paddle's description gives its operation (discount groups: the
// docs' "Required permissions", in test/support/openapi-overlay.ts).
import { Discount, DiscountGroup, EventType, NotificationSettings } from '@paddle/paddle-node-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { matchRoute } from '../../src/emulator/router.js';
import { call, listAll } from '../support/emulator.js';
import { currentSpec } from '../support/openapi.js';
import { undefinedFields } from './undefined-fields.js';

let emulator: RunningEmulator;

beforeAll(async () => {
  emulator = await startEmulator();
  const setting = {
    description: 'App webhooks',
    type: 'url',
    destination: 'https://example.com/hooks',
    subscribed_events: ['subscription.created', 'discount_group.updated'],
  };
  await call(emulator, 'POST', '/notification-settings', { body: setting });
  await call(emulator, 'POST', '/notification-settings', {
    body: { ...setting, type: 'email', destination: 'ops@example.com', traffic_source: 'all' },
  });
  const group = (await call(emulator, 'POST', '/discount-groups', { body: { name: 'Launch' } })).body.data;
  await call(emulator, 'POST', '/discount-groups', { body: { name: 'Old' } });
  await call(emulator, 'POST', '/discounts', {
    body: { description: 'Launch', type: 'percentage', amount: '10', discount_group_id: group.id },
  });
});
afterAll(() => emulator.close());

describe('the SDK entity classes read every notification setting, event type and discount group', () => {
  it.each([
    ['notification settings', '/notification-settings', (r: never) => new NotificationSettings(r)],
    ['discount groups', '/discount-groups', (r: never) => new DiscountGroup(r)],
    ['discounts with their group', '/discounts?include=discount_group', (r: never) => new Discount(r)],
  ])('%s', async (_kind, path, parse) => {
    const records = await listAll(emulator, path);
    expect(records.length).toBeGreaterThan(0);
    for (const record of records) expect(undefinedFields(parse(record as never))).toEqual([]);
  });

  it('event types', async () => {
    const types = (await call(emulator, 'GET', '/event-types')).body.data as never[];
    for (const type of types) expect(undefinedFields(new EventType(type))).toEqual([]);
  });
});

describe('each new route asks the permission Paddle gives its operation', () => {
  const spec = currentSpec();
  it.each([
    ['GET', '/notification-settings'],
    ['POST', '/notification-settings'],
    ['GET', '/notification-settings/{notification_setting_id}'],
    ['PATCH', '/notification-settings/{notification_setting_id}'],
    ['DELETE', '/notification-settings/{notification_setting_id}'],
    ['GET', '/event-types'],
    ['GET', '/discount-groups'],
    ['POST', '/discount-groups'],
    ['GET', '/discount-groups/{discount_group_id}'],
    ['PATCH', '/discount-groups/{discount_group_id}'],
  ])('%s %s', (method, template) => {
    const documented: string[] = spec.paths[template][method.toLowerCase()]['x-permissions'];
    const concrete = template.replace(/\{[a-z_]+\}/, 'x_01');
    // an operation with no permission is one any valid key may call: '' in the emulator's routes
    expect(matchRoute(method, concrete).route.permission).toBe(documented[0] ?? '');
  });
});
