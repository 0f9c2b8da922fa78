// Webhooks twice and out of order, on request, to test an app's idempotency: Paddle delivers at least
// once and not always in order (https://developer.paddle.com/webhooks/about/how-webhooks-work). An
// account's webhook_delivery (seed, or POST /__emulator/webhook-delivery) sends each notification
// twice and/or shuffles each destination's deliveries in groups, in an order its random_seed fixes.
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../src/emulator/ids.js';
import type { AccountSeed, RunningEmulator } from '../../src/emulator/index.js';
import { shuffledInGroups } from '../../src/emulator/notifications/disorder.js';
import { checkSeed, seedSchema } from '../../src/emulator/seed-file.js';
import { UserError } from '../../src/errors.js';
import { call, forwardingPerTest, moveClock, RENEWAL_EVENTS } from '../support/emulator.js';
import { sdkOf } from '../support/sdk.js';
import { subscription } from '../support/subscription-account.mjs';
import type { Delivery } from '../support/webhook-receiver.js';

const RENEWED_AT = '2026-02-01T00:00:01Z';

describe('shuffledInGroups', () => {
  const items = [0, 1, 2, 3, 4, 5, 6];
  it.each([
    [1, 7],
    [3, 7],
    [3, 8],
    [7, 7],
    [1000, 1],
  ])(
    'groups of %i with seed %i: each group keeps its own items, and the same seed gives the same order',
    (size, seed) => {
      const once = shuffledInGroups(items, size, seededRandom(seed));
      expect(shuffledInGroups(items, size, seededRandom(seed))).toEqual(once);
      for (let start = 0; start < items.length; start += size)
        expect(once.slice(start, start + size).toSorted()).toEqual(items.slice(start, start + size));
    },
  );
  it('groups of 1 keep the order, and nothing is nothing', () => {
    expect(shuffledInGroups(items, 1, seededRandom(3))).toEqual(items);
    expect(shuffledInGroups([], 3, seededRandom(3))).toEqual([]);
  });
});

const stand = forwardingPerTest();

async function start(extra: AccountSeed = {}): Promise<RunningEmulator> {
  return stand.start({ subscriptions: [subscription(1)], ...extra });
}

/** Every delivery once the emulator has sent all it had, each verified by the SDK. */
async function delivered(e: RunningEmulator): Promise<Delivery[]> {
  await e.notificationsSettled();
  const paddle = sdkOf(e);
  for (const delivery of stand.receiver.deliveries)
    await paddle.webhooks.unmarshal(delivery.body, e.forwarding?.secret ?? '', delivery.signature);
  return stand.receiver.deliveries;
}

const typesOf = (deliveries: Delivery[]) => deliveries.map((d) => d.payload.event_type);
const setDelivery = (e: RunningEmulator, body: unknown) =>
  fetch(`${e.url}/__emulator/webhook-delivery`, { method: 'POST', body: JSON.stringify(body) });

describe('webhooks twice', () => {
  it('a seed’s duplicate: each notification delivered twice, the same notification_id and event_id, two attempts logged', async () => {
    const e = await start({ webhook_delivery: { duplicate: true } });
    await moveClock(e, RENEWED_AT);
    const deliveries = await delivered(e);
    expect(typesOf(deliveries)).toEqual(RENEWAL_EVENTS.flatMap((type) => [type, type]));
    for (let i = 0; i < deliveries.length; i += 2) {
      const [first, second] = [deliveries[i]?.payload, deliveries[i + 1]?.payload];
      expect(second).toEqual(first);
    }
    const notifications = (await call(e, 'GET', '/notifications')).body.data;
    expect(notifications).toHaveLength(RENEWAL_EVENTS.length);
    for (const n of notifications) {
      expect(n).toMatchObject({ status: 'delivered', times_attempted: 2 });
      expect((await call(e, 'GET', `/notifications/${n.id}/logs`)).body.data).toHaveLength(2);
    }
  });

  it('the second is not sent when the first failed: the retries stand for both', async () => {
    stand.receiver.respondWith(() => 500);
    const e = await start({ webhook_delivery: { duplicate: true } });
    await moveClock(e, RENEWED_AT);
    expect(typesOf(await delivered(e))).toEqual(RENEWAL_EVENTS);
    const notifications = (await call(e, 'GET', '/notifications')).body.data;
    for (const n of notifications) expect(n).toMatchObject({ status: 'needs_retry', times_attempted: 1 });
  });
});

describe('webhooks out of order', () => {
  it('POST /__emulator/webhook-delivery: shuffled in groups of reorder_window, in the order random_seed fixes', async () => {
    const e = await start();
    const answer = await setDelivery(e, { reorder_window: 3, random_seed: 7 });
    expect(await answer.json()).toEqual({
      account: 'sandbox',
      duplicate: false,
      reorder_window: 3,
      random_seed: 7,
    });
    await moveClock(e, RENEWED_AT);
    const types = typesOf(await delivered(e));
    expect(types).toEqual(shuffledInGroups(RENEWAL_EVENTS, 3, seededRandom(7)));
    expect(types).not.toEqual(RENEWAL_EVENTS);
  });

  it('twice and out of order: each copy shuffled in its group; set again, the same order again', async () => {
    const e = await start();
    const setting = { duplicate: true, reorder_window: 4, random_seed: 11 };
    await setDelivery(e, setting);
    await moveClock(e, RENEWED_AT);
    const expected = shuffledInGroups(
      RENEWAL_EVENTS.flatMap((type) => [type, type]),
      4,
      seededRandom(11),
    );
    expect(typesOf(await delivered(e))).toEqual(expected);
    // the next month's renewal, after the setting is sent again: its sequence starts over
    stand.receiver.deliveries.length = 0;
    await setDelivery(e, setting);
    await moveClock(e, '2026-03-01T00:00:01Z');
    expect(typesOf(await delivered(e))).toEqual(expected);
  });

  it('in order and once unless asked; GET reads both accounts’ settings', async () => {
    const e = await start();
    await moveClock(e, RENEWED_AT);
    expect(typesOf(await delivered(e))).toEqual(RENEWAL_EVENTS);
    const read = await (await fetch(`${e.url}/__emulator/webhook-delivery`)).json();
    const inOrder = { duplicate: false, reorder_window: 1, random_seed: 1 };
    expect(read).toEqual({ sandbox: inOrder, live: inOrder });
  });
});

describe('the setting is checked', () => {
  it.each([
    [{ reorder_window: 0 }, /^reorder_window: /],
    [{ reorder_window: 1001 }, /^reorder_window: /],
    [{ reorder_window: 1.5 }, /^reorder_window: /],
    [{ reorder_window: '3' }, /^reorder_window: /],
    [{ duplicate: 'yes' }, /^duplicate: /],
    [{ random_seed: -1 }, /^random_seed: /],
    [{ account: 'production' }, /^account: /],
    [{ reorder: 3 }, /^the body: .*reorder/],
    [[], /^the body: /],
  ])('POST %j is refused with 400, naming the field, and changes nothing', async (body, detail) => {
    const e = await start();
    await setDelivery(e, { duplicate: true });
    const answer = await setDelivery(e, body);
    expect(answer.status).toBe(400);
    const { error } = (await answer.json()) as { error: { code: string; detail: string } };
    expect(error.code).toBe('bad_request');
    expect(error.detail).toMatch(detail);
    const read = await (await fetch(`${e.url}/__emulator/webhook-delivery`)).json();
    expect(read).toMatchObject({ sandbox: { duplicate: true } });
  });

  it('a body that is not JSON is refused with 400', async () => {
    const e = await start();
    const answer = await fetch(`${e.url}/__emulator/webhook-delivery`, { method: 'POST', body: '{' });
    expect(answer.status).toBe(400);
  });

  it('a seed’s webhook_delivery out of range is refused naming the field', () => {
    const seed = { sandbox: { webhook_delivery: { reorder_window: 0 } } };
    expect(() => checkSeed(seedSchema, 'seed.yaml', seed, '--seed file')).toThrow(UserError);
    expect(() => checkSeed(seedSchema, 'seed.yaml', seed, '--seed file')).toThrow(
      /sandbox\.webhook_delivery\.reorder_window: /,
    );
  });
});
