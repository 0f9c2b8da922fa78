// What the notifications weigh is bounded (docs/emulator.md): past the bound those already delivered
// go first, so a burst of notifications that fits is delivered whole; only when none delivered is left
// does the oldest not yet delivered go, with a warning that says so. A small bound (the emulator's
// notificationsMaxWeight option) stands for the 256 MiB one.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { weightOf } from '../../src/emulator/notifications/kept.js';
import { accountApi, addDestination, call, productBody } from '../support/emulator.js';
import { startReceiver } from '../support/webhook-receiver.js';

let receiver: Awaited<ReturnType<typeof startReceiver>>;
let emulator: RunningEmulator | undefined;
beforeEach(async () => {
  receiver = await startReceiver();
});
afterEach(async () => {
  vi.restoreAllMocks();
  await emulator?.close();
  emulator = undefined;
  await receiver.close();
});

/** An emulator whose notifications may weigh `maxWeight`, its destination taking product.created. */
async function start(maxWeight?: number): Promise<RunningEmulator> {
  emulator = await startEmulator({ demo: false, notificationsMaxWeight: maxWeight });
  await addDestination(emulator, receiver.url, ['product.created']);
  return emulator;
}

/**
 * What the notification of one product.created weighs (each product of productBody weighs the same),
 * from an emulator of its own: its one delivery is the receiver's first.
 */
async function productWeight(): Promise<number> {
  const probe = await start();
  await accountApi(probe)('POST', '/products', productBody());
  await probe.notificationsSettled();
  const [notification] = (await call(probe, 'GET', '/notifications')).body.data;
  await probe.close();
  emulator = undefined;
  const { event_id, event_type, occurred_at, data } = notification.payload;
  return weightOf({ event: { event_id, event_type, occurred_at, data: JSON.stringify(data) }, logs: [] });
}

/** The receiver holds the answer to its next delivery until `release()`; the rest are answered 200 at once. */
function holdNext() {
  const next = receiver.deliveries.length;
  let release = () => {};
  const held = new Promise<number>((resolve) => (release = () => resolve(200)));
  receiver.respondWith((_delivery, index) => (index === next ? held : 200));
  return { release: () => release() };
}

async function createProducts(e: RunningEmulator, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) ids.push((await accountApi(e)('POST', '/products', productBody())).id);
  return ids;
}

const kept = async (e: RunningEmulator) =>
  (await call(e, 'GET', '/notifications?order_by=id[ASC]')).body.data.map(
    (n: { payload: { data: { id: string } } }) => n.payload.data.id,
  );

it('past the bound, the notifications already delivered go first: a burst that fits is delivered whole', async () => {
  const bound = 5 * (await productWeight()) + 500;
  const warnings = vi.spyOn(process, 'emitWarning').mockImplementation(() => {});
  const e = await start(bound);
  const delivered = await createProducts(e, 5);
  await e.notificationsSettled();
  const first = holdNext();
  const burst = await createProducts(e, 5);
  await receiver.arrived(7);
  // five not delivered yet fill the bound: every delivered one made room for them
  expect(await kept(e)).toEqual(burst);
  first.release();
  await e.notificationsSettled();
  const sent = receiver.deliveries.slice(1).map((d) => d.payload.data.id);
  expect(sent.toSorted()).toEqual([...delivered, ...burst].toSorted());
  expect(new Set(receiver.deliveries.slice(1).map((d) => d.payload.notification_id)).size).toBe(10);
  expect(warnings).not.toHaveBeenCalled();
});

it('past the bound with none delivered, the oldest not yet delivered is dropped, with a warning saying so', async () => {
  const bound = 5 * (await productWeight()) + 500;
  const warnings = vi.spyOn(process, 'emitWarning').mockImplementation(() => {});
  const e = await start(bound);
  const first = holdNext();
  const products = await createProducts(e, 7);
  await receiver.arrived(2);
  expect(await kept(e)).toEqual(products.slice(2));
  first.release();
  await e.notificationsSettled();
  // the first was on its way when it was dropped; the second never went
  expect(receiver.deliveries.slice(1).map((d) => d.payload.data.id)).toEqual([
    products[0],
    ...products.slice(2),
  ]);
  const messages = warnings.mock.calls.map(([message]) => String(message));
  const dropped = messages.map((m) =>
    Number(/^paddle emulator: (\d+) notifications not delivered yet/.exec(m)?.[1]),
  );
  expect(dropped.reduce((sum, n) => sum + n, 0)).toBe(2);
  expect(messages[0]).toContain('the oldest first');
});
