// Discount groups and a discount's discount_group_id, as Paddle's API has them since June 2025
// (https://developer.paddle.com/changelog/2025/discount-groups, get and update since July 2025:
// https://developer.paddle.com/changelog/2025/discount-groups-new-api-operations), read by the real
// Node SDK over HTTP.
import { ApiError, type Paddle } from '@paddle/paddle-node-sdk';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { call } from '../support/emulator.js';
import { sdkOf } from '../support/sdk.js';

let emulator: RunningEmulator;
let paddle: Paddle;

async function apiError(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

const offer = { description: 'Launch', type: 'percentage' as const, amount: '10' };

beforeAll(async () => {
  emulator = await startEmulator();
  paddle = sdkOf(emulator);
});
beforeEach(() => emulator.reset());
afterAll(() => emulator.close());

describe('discount groups through the SDK', () => {
  it('creates, gets, lists, renames and archives a group', async () => {
    const created = await paddle.discountGroups.create({ name: 'Launch 2026' });
    expect(created).toMatchObject({ name: 'Launch 2026', status: 'active', importMeta: null });
    expect(created.id).toMatch(/^dsg_[a-z\d]{26}$/);
    expect(created.createdAt).toBe(created.updatedAt);
    expect((await paddle.discountGroups.get(created.id)).name).toBe('Launch 2026');
    const renamed = await paddle.discountGroups.update(created.id, { name: 'Launch' });
    expect(renamed.name).toBe('Launch');
    const archived = await paddle.discountGroups.archive(created.id);
    expect(archived.status).toBe('archived');
    const second = await paddle.discountGroups.create({ name: 'Retention' });
    const listed: string[] = [];
    for await (const group of paddle.discountGroups.list()) listed.push(group.id);
    // no status filter is documented: archived groups are listed too
    expect(listed).toEqual([second.id, created.id]);
    const byId: string[] = [];
    for await (const group of paddle.discountGroups.list({ id: [created.id] })) byId.push(group.id);
    expect(byId).toEqual([created.id]);
  });

  it('puts a discount in a group, filters the discounts list by it and includes the group', async () => {
    const group = await paddle.discountGroups.create({ name: 'Launch' });
    const inGroup = await paddle.discounts.create({ ...offer, discountGroupId: group.id });
    const loose = await paddle.discounts.create({ ...offer, description: 'Loose' });
    expect(inGroup.discountGroupId).toBe(group.id);
    expect(loose.discountGroupId).toBeNull();
    const filtered: string[] = [];
    for await (const d of paddle.discounts.list({ discountGroupId: [group.id] })) filtered.push(d.id);
    expect(filtered).toEqual([inGroup.id]);
    const withGroup = await paddle.discounts.get(inGroup.id, { include: ['discount_group'] });
    expect(withGroup.discountGroup).toMatchObject({ id: group.id, name: 'Launch' });
    const moved = await paddle.discounts.update(loose.id, { discountGroupId: group.id });
    expect(moved.discountGroupId).toBe(group.id);
    const out = await paddle.discounts.update(inGroup.id, { discountGroupId: null });
    expect(out.discountGroupId).toBeNull();
    const raw = await call(emulator, 'GET', `/discounts?include=discount_group&id=${out.id}`);
    expect(raw.body.data[0].discount_group).toBeNull();
  });
});

describe('Paddle’s refusals of a discount group', () => {
  it('a name another group has, archived ones included, is a 409 naming that group', async () => {
    const first = await paddle.discountGroups.create({ name: 'Launch' });
    await paddle.discountGroups.archive(first.id);
    const error = await apiError(paddle.discountGroups.create({ name: 'Launch' }));
    expect(error.code).toBe('discount_group_name_conflict');
    expect(error.detail).toBe(
      `Discount group name conflicts with the name of the discount group: ${first.id}`,
    );
    const other = await paddle.discountGroups.create({ name: 'Other' });
    const rename = await apiError(paddle.discountGroups.update(other.id, { name: 'Launch' }));
    expect(rename.code).toBe('discount_group_name_conflict');
    const raw = await call(emulator, 'POST', '/discount-groups', { body: { name: 'Launch' } });
    expect(raw.status).toBe(409);
    expect(raw.body.error.documentation_url).toBe(
      'https://developer.paddle.com/v1/errors/discounts/discount_group_name_conflict',
    );
  });

  it('an archived group may only be unarchived, and takes no new discounts', async () => {
    const group = await paddle.discountGroups.create({ name: 'Old' });
    const member = await paddle.discounts.create({ ...offer, discountGroupId: group.id });
    await paddle.discountGroups.archive(group.id);
    expect((await apiError(paddle.discountGroups.update(group.id, { name: 'New' }))).code).toBe(
      'entity_archived',
    );
    expect((await apiError(paddle.discounts.create({ ...offer, discountGroupId: group.id }))).code).toBe(
      'entity_archived',
    );
    // a discount already in it stays, and may be changed
    expect((await paddle.discounts.update(member.id, { description: 'Still here' })).discountGroupId).toBe(
      group.id,
    );
    const back = await paddle.discountGroups.update(group.id, { status: 'active', name: 'Back' });
    expect(back).toMatchObject({ status: 'active', name: 'Back' });
  });

  it('a group id that is no group of the account is not_found; a malformed one and wrong types are bad_request', async () => {
    const missing = await call(emulator, 'POST', '/discounts', {
      body: { ...offer, discount_group_id: 'dsg_01aaaaaaaaaaaaaaaaaaaaaaaa' },
    });
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('not_found');
    const live = await call(emulator, 'POST', '/discount-groups', {
      key: emulator.liveApiKey,
      body: { name: 'L' },
    });
    const otherAccount = await call(emulator, 'POST', '/discounts', {
      body: { ...offer, discount_group_id: live.body.data.id },
    });
    expect(otherAccount.status).toBe(404);
    const malformed = await call(emulator, 'POST', '/discounts', {
      body: { ...offer, discount_group_id: 'launch' },
    });
    expect(malformed.body.error.errors).toEqual([
      { field: 'discount_group_id', message: expect.stringContaining('Does not match pattern') },
    ]);
    const wrong = await call(emulator, 'POST', '/discount-groups', { body: { name: 5, colour: 'red' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.errors).toEqual([
      { field: 'colour', message: 'Additional property colour is not allowed' },
      { field: 'name', message: 'Invalid type. Expected: string, given: number' },
    ]);
    const empty = await call(emulator, 'POST', '/discount-groups', { body: {} });
    expect(empty.body.error.errors).toEqual([{ field: '(root)', message: 'name is required' }]);
    const status = await call(emulator, 'PATCH', `/discount-groups/${live.body.data.id}`, {
      key: emulator.liveApiKey,
      body: { status: 'gone' },
    });
    expect(status.body.error.errors[0].field).toBe('status');
    const filter = await call(emulator, 'GET', '/discounts?discount_group_id=launch');
    expect(filter.status).toBe(400);
  });

  it('needs discount.read to list groups and discount.write to create one', async () => {
    const reader = emulator.addApiKey(['discount.read']);
    expect((await call(emulator, 'GET', '/discount-groups', { key: reader })).status).toBe(200);
    expect(
      (await call(emulator, 'POST', '/discount-groups', { key: reader, body: { name: 'X' } })).status,
    ).toBe(403);
  });
});
