// Delivery never holds up the API: a clock move that renews 50 subscriptions answers while every one
// of its notifications is still to be delivered (the app's endpoint holds its first answer, so a move
// that waited for delivery would never answer), and the queue then delivers every notification it
// made, each once (docs/emulator.md; the bench measures a move of 10,000 with and without a destination).
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { call, forwardingEmulator, moveClock } from '../support/emulator.js';
import { moreSubscriptions } from '../support/subscription-account.mjs';
import { startReceiver } from '../support/webhook-receiver.js';

// the held endpoint proves the move does not wait, whatever the count; 50 renewals (350 deliveries
// over real HTTP, well under a second of CPU) keep the test quick on a loaded machine, where 300
// (2,100 deliveries, some 4 s of CPU) ran past the default timeout. The bench measures 10,000.
const COUNT = 50;
let emulator: RunningEmulator;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let release: () => void = () => {};

beforeAll(async () => {
  const held = new Promise<number>((resolve) => (release = () => resolve(200)));
  receiver = await startReceiver((_, index) => (index === 0 ? held : 200));
  emulator = await forwardingEmulator(receiver.url, { subscriptions: moreSubscriptions(COUNT) });
});
afterAll(async () => {
  release();
  await emulator.close();
  await receiver.close();
});

it('a clock move answers before its notifications are delivered, and then every one is', async () => {
  const moved = await moveClock(emulator, '2026-02-15T12:00:00.000Z');
  expect(moved.status).toBe(200);
  expect(receiver.deliveries).toHaveLength(0);
  release();
  await emulator.notificationsSettled();
  const renewed = receiver.deliveries.filter((d) => d.payload.event_type === 'subscription.updated');
  expect(renewed).toHaveLength(COUNT);
  const made = await call(emulator, 'GET', '/notifications?per_page=1');
  expect(receiver.deliveries).toHaveLength(made.body.meta.pagination.estimated_total);
  expect(new Set(receiver.deliveries.map((d) => d.payload.notification_id)).size).toBe(
    receiver.deliveries.length,
  );
});
