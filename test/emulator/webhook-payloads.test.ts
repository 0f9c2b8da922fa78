// Every event type the emulator can send, held to what nobody here wrote: one account driven
// through every write route that makes an event (write-events.ts), a cancel, pause, resume and
// activation through the API, and every step of its clock (step-notifications.ts), each delivered payload checked against the `webhooks:` schema of its
// event type in Paddle's OpenAPI (with the overlay for what Paddle added since, cited there) and
// verified and parsed by the Node SDK's own webhooks.unmarshal, as an app calls it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { eventsOfStep } from '../../src/emulator/notifications/step-notifications.js';
import { WRITE_EVENTS } from '../../src/emulator/notifications/write-events.js';
import type { StepKind } from '../../src/emulator/types.js';
import { accountApi, call, manualClock, moveClock, priceBody, productBody } from '../support/emulator.js';
import { webhookValidator } from '../support/openapi.js';
import { sdkOf } from '../support/sdk.js';
import {
  CUSTOMER,
  PRO_PRODUCT,
  pid,
  proMonthly,
  sub,
  subscription,
} from '../support/subscription-account.mjs';
import { type Delivery, startReceiver } from '../support/webhook-receiver.js';

const FEB = '2026-02-01T00:00:00Z';

const SUBSCRIPTIONS = [
  subscription(1),
  subscription(2, { collection_mode: 'manual', next_billed_at: FEB }),
  subscription(3, {
    status: 'trialing',
    started_at: '2026-01-10T00:00:00Z',
    next_billed_at: '2026-01-24T00:00:00Z',
    current_billing_period: { starts_at: '2026-01-10T00:00:00Z', ends_at: '2026-01-24T00:00:00Z' },
  }),
  subscription(4, { next_billed_at: FEB, scheduled_change: { action: 'cancel' } }),
  subscription(5, {
    next_billed_at: FEB,
    scheduled_change: { action: 'pause', resume_at: '2026-02-10T00:00:00Z' },
  }),
  subscription(6, {
    status: 'past_due',
    started_at: '2025-12-01T00:00:00Z',
    next_billed_at: FEB,
  }),
  subscription(7, {
    status: 'past_due',
    next_billed_at: '2026-02-10T00:00:00Z',
  }),
  subscription(8, {
    status: 'trialing',
    started_at: '2026-01-10T00:00:00Z',
    next_billed_at: '2026-01-24T00:00:00Z',
    trial_payment_fails: true,
  }),
  // cancel, pause, resume and activate through the API
  subscription(9),
  subscription(10),
  subscription(11, {
    status: 'trialing',
    started_at: '2026-01-10T00:00:00Z',
    next_billed_at: '2026-01-24T00:00:00Z',
  }),
];

/** Every event type the write routes and the clock's steps can make. */
function sendable(): string[] {
  const kinds: StepKind[] = [
    'renewed',
    'trial_ended',
    'past_due',
    'paid',
    'canceled',
    'paused',
    'renewal_canceled',
    'resumed',
    'change_scheduled',
  ];
  const fromSteps = kinds.flatMap((kind) =>
    ['completed', 'billed'].flatMap((status) =>
      eventsOfStep({
        kind,
        account: 'sandbox',
        at: FEB,
        subscription: { id: sub(1), status: 'active' },
        transaction: { id: pid('txn', 1), status },
      }).map(([type]) => type),
    ),
  );
  return [...new Set([...WRITE_EVENTS.map(([, , type]) => type), ...fromSteps])].sort();
}

let emulator: RunningEmulator;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let deliveries: Delivery[];
/** what the SDK made of each delivery as it arrived (a signature is good for 5 s only) */
const verified: { type: string; parsed: string; eventId: string }[] = [];

/** The app's side: each delivery verified and parsed by the SDK on arrival, as an app does it. */
async function verify(delivery: Delivery): Promise<number> {
  const paddle = sdkOf(emulator);
  try {
    const event = await paddle.webhooks.unmarshal(
      delivery.body,
      emulator.forwarding?.secret ?? '',
      delivery.signature,
    );
    verified.push({ type: delivery.payload.event_type, parsed: event.eventType, eventId: event.eventId });
  } catch (error) {
    verified.push({ type: delivery.payload.event_type, parsed: String(error), eventId: '' });
  }
  return 200;
}

beforeAll(async () => {
  receiver = await startReceiver(verify);
  emulator = await startEmulator({
    demo: false,
    now: manualClock().now,
    forwardTo: receiver.url,
    seed: {
      sandbox: {
        customers: [CUSTOMER],
        products: [PRO_PRODUCT],
        prices: [proMonthly()],
        subscriptions: SUBSCRIPTIONS,
        dunning_days: 14,
      },
    },
  });
  const api = accountApi(emulator);
  const product = await api('POST', '/products', productBody());
  await api('PATCH', `/products/${product.id}`, { name: 'Pro plan' });
  const price = await api('POST', '/prices', priceBody(product.id));
  await api('PATCH', `/prices/${price.id}`, { description: 'Pro monthly, 2026' });
  const group = await api('POST', '/discount-groups', { name: 'Launch' });
  await api('PATCH', `/discount-groups/${group.id}`, { name: 'Launch week' });
  const discount = await api('POST', '/discounts', {
    description: 'Launch',
    type: 'percentage',
    amount: '10',
    discount_group_id: group.id,
  });
  await api('PATCH', `/discounts/${discount.id}`, { description: 'Launch, 10%' });
  const customer = await api('POST', '/customers', { email: 'lee@example.com' });
  await api('PATCH', `/customers/${customer.id}`, { name: 'Lee' });
  await api('PATCH', `/subscriptions/${sub(1)}`, { custom_data: { team: 'blue' } });
  const paddle = sdkOf(emulator);
  await paddle.subscriptions.cancel(sub(9));
  await paddle.subscriptions.pause(sub(10), { effectiveFrom: 'immediately' });
  await paddle.subscriptions.resume(sub(10), { effectiveFrom: 'immediately' });
  await paddle.subscriptions.pause(sub(10), { effectiveFrom: 'immediately' });
  await paddle.subscriptions.resume(sub(10), { effectiveFrom: '2026-02-20T00:00:00Z' });
  await paddle.subscriptions.activate(sub(11));
  // sub(8)'s trial payment fails on 24 January; paused past due, its renewal is canceled
  expect((await moveClock(emulator, '2026-01-25T00:00:00Z')).status).toBe(200);
  await paddle.subscriptions.pause(sub(8), { effectiveFrom: 'immediately' });
  expect(
    (await call(emulator, 'POST', `/__emulator/subscriptions/${sub(6)}/pay`, { key: null })).status,
  ).toBe(200);
  expect((await moveClock(emulator, '2026-02-15T00:00:00Z')).status).toBe(200);
  await emulator.notificationsSettled();
  deliveries = receiver.deliveries;
});
afterAll(async () => {
  await emulator.close();
  await receiver.close();
});

describe('every event type the emulator sends', () => {
  it('is sent by a route or a step of the clock above', () => {
    const sent = [...new Set(deliveries.map((d) => d.payload.event_type))].sort();
    expect(sent).toEqual(sendable());
  });

  it('matches the webhooks: schema of its event type in Paddle’s OpenAPI, each delivery', () => {
    const validator = webhookValidator();
    const problems = deliveries.flatMap((d) =>
      validator.check(d.payload.event_type, d.payload).map((p) => `${d.payload.event_type}: ${p}`),
    );
    expect(problems).toEqual([]);
  });

  it('is verified and parsed by the SDK’s webhooks.unmarshal on arrival, each delivery', () => {
    expect(verified.map((v) => [v.type, v.parsed])).toEqual(
      deliveries.map((d) => [d.payload.event_type, d.payload.event_type]),
    );
    expect(verified.map((v) => v.eventId)).toEqual(deliveries.map((d) => d.payload.event_id));
  });

  it('a discount’s events carry its discount_group_id', () => {
    const discount = deliveries.find((d) => d.payload.event_type === 'discount.created');
    expect(discount?.payload.data.discount_group_id).toMatch(/^dsg_/);
  });
});
