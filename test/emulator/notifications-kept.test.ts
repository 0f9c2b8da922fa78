// The notifications an account keeps (src/emulator/notifications/kept.ts): the payload sent is the
// event's JSON text with its notification_id, exactly as the whole payload written as JSON; past the
// bound, those nothing more will be sent for go first, in the order they became so, then the oldest;
// and what is kept stays in id order however many go from its middle.
import { describe, expect, it } from 'vitest';
import {
  type KeptNotification,
  KeptNotifications,
  payloadText,
  served,
  trimTo,
  weightOf,
} from '../../src/emulator/notifications/kept.js';
import { newNotification } from '../../src/emulator/notifications/records.js';

const AT = new Date('2026-03-01T10:00:00.000Z');
const ids = (kept: readonly KeptNotification[]) => kept.map((k) => k.record.id);

/** `kept` inserted into `into`, then `stores` trimmed to `maxWeight`: how many dropped undelivered. */
function keepWithin(
  into: KeptNotifications,
  kept: KeptNotification,
  stores: KeptNotifications[],
  maxWeight: number,
): number {
  into.insert(kept);
  return trimTo(stores, maxWeight);
}

/** Notification n (ids sort by n), its event's data `size` characters long. */
function notification(n: number, size = 100): KeptNotification {
  const data = JSON.stringify({
    id: `pro_${String(n).padStart(4, '0')}`,
    name: 'x'.repeat(Math.max(size - 26, 0)),
  });
  const event = {
    event_id: `evt_${String(n).padStart(4, '0')}`,
    event_type: 'product.created',
    occurred_at: AT.toISOString(),
    data,
  };
  return newNotification(`ntf_${String(n).padStart(4, '0')}`, 'ntfset_1', event, 'event', AT);
}

describe('the payload of a kept notification', () => {
  it('is the payload Paddle sends, written as JSON: event_id, event_type, occurred_at, notification_id, data', () => {
    const kept = notification(1);
    const payload = {
      event_id: 'evt_0001',
      event_type: 'product.created',
      occurred_at: AT.toISOString(),
      notification_id: 'ntf_0001',
      data: JSON.parse(kept.event.data),
    };
    expect(payloadText(kept)).toBe(JSON.stringify(payload));
    expect(Object.keys(served(kept))).toEqual([
      'id',
      'type',
      'status',
      'payload',
      'occurred_at',
      'delivered_at',
      'replayed_at',
      'origin',
      'last_attempt_at',
      'retry_at',
      'times_attempted',
      'notification_setting_id',
    ]);
    expect(served(kept).payload).toEqual(payload);
  });

  it('weighs its data’s characters and more; a log weighs on it and on what the account keeps', () => {
    const store = new KeptNotifications();
    const kept = notification(1, 1_000);
    store.insert(kept);
    expect(kept.weight).toBeGreaterThan(1_000);
    expect(store.weight).toBe(kept.weight);
    const before = kept.weight;
    store.addLog(kept, { id: 'ntflog_1', response_body: 'y'.repeat(500) });
    expect(kept.weight).toBeGreaterThan(before + 500);
    expect(store.weight).toBe(kept.weight);
    expect(weightOf(kept)).toBe(kept.weight);
  });
});

describe('the bound on what the notifications weigh', () => {
  const weight = notification(0).weight;

  it('takes away those nothing more will be sent for first, in the order they became so, then the oldest', () => {
    const store = new KeptNotifications();
    const stores = [store, new KeptNotifications()];
    const made = [1, 2, 3, 4].map((n) => notification(n));
    for (const kept of made) expect(keepWithin(store, kept, stores, 4 * weight)).toBe(0);
    // 3 settled before 1; 2 and 4 still owed a delivery
    for (const kept of made) kept.owed = 1;
    for (const kept of [made[2], made[0]] as KeptNotification[]) {
      kept.owed = 0;
      store.done(kept);
    }
    expect(keepWithin(store, notification(5), stores, 4 * weight)).toBe(0);
    expect(ids(store.all())).toEqual(['ntf_0001', 'ntf_0002', 'ntf_0004', 'ntf_0005']);
    expect(keepWithin(store, notification(6), stores, 4 * weight)).toBe(0);
    expect(ids(store.all())).toEqual(['ntf_0002', 'ntf_0004', 'ntf_0005', 'ntf_0006']);
    // none is done: the oldest goes, and it was owed a delivery
    expect(keepWithin(store, notification(7), stores, 4 * weight)).toBe(1);
    expect(ids(store.all())).toEqual(['ntf_0004', 'ntf_0005', 'ntf_0006', 'ntf_0007']);
    expect(store.size).toBe(4);
    expect(store.weight).toBe(4 * weight);
  });

  it('counts both accounts: the other account’s done ones go before this one’s owed ones', () => {
    const [sandbox, live] = [new KeptNotifications(), new KeptNotifications()];
    const old = notification(1);
    keepWithin(live, old, [sandbox, live], 2 * weight);
    live.done(old);
    keepWithin(sandbox, notification(2), [sandbox, live], 2 * weight);
    expect(keepWithin(sandbox, notification(3), [sandbox, live], 2 * weight)).toBe(0);
    expect(live.size).toBe(0);
    expect(ids(sandbox.all())).toEqual(['ntf_0002', 'ntf_0003']);
  });

  it('keeps id order and every one not taken, through thousands taken from the middle and the front', () => {
    const store = new KeptNotifications();
    const stores = [store];
    for (let n = 1; n <= 3_000; n += 1) {
      const kept = notification(n);
      keepWithin(store, kept, stores, 1_000 * weight);
      // every third one is delivered at once
      if (n % 3 === 0) store.done(kept);
    }
    const left = store.all();
    expect(left).toHaveLength(1_000);
    expect(ids(left)).toEqual(ids(left).toSorted());
    expect(left.every((kept) => store.get(kept.record.id) === kept)).toBe(true);
    expect(store.weight).toBe(1_000 * weight);
  });

  it('a copy (an account reset) keeps the same notifications, their own records, and which are done', () => {
    const store = new KeptNotifications();
    const [first, second] = [notification(1), notification(2)];
    store.insert(first);
    store.insert(second);
    store.done(first);
    const copy = store.clone();
    (copy.get('ntf_0002') as KeptNotification).record.status = 'delivered';
    expect(second.record.status).toBe('not_attempted');
    expect(copy.evictDone()?.record.id).toBe('ntf_0001');
    expect(copy.evictDone()).toBeUndefined();
  });
});
