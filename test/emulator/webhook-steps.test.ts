// Every step the emulator's clock takes becomes the events Paddle sends for it, in Paddle's order
// (src/emulator/notifications/step-notifications.ts cites each page): a renewal
// (https://developer.paddle.com/webhooks/scenarios/subscription-renewed), a trial ending (paid, its
// payment failing, or cardless), a scheduled cancel, pause and resume taking effect, a past-due subscription paid or canceled when
// its dunning ends. Each delivery's occurred_at is the step's time on the emulator's clock, its
// data the entity as it stood then, its payload held to the `webhooks:` schema of its event type,
// and the Node SDK's verifier accepts it.
import { describe, expect, it } from 'vitest';
import type { AccountSeed, RunningEmulator } from '../../src/emulator/index.js';
import { call, forwardingPerTest, moveClock, RENEWAL_EVENTS } from '../support/emulator.js';
import { webhookValidator } from '../support/openapi.js';
import { sdkOf } from '../support/sdk.js';
import { proMonthly, sub, subscription } from '../support/subscription-account.mjs';
import type { Delivery } from '../support/webhook-receiver.js';

const validator = webhookValidator();
const stand = forwardingPerTest();

async function start(subscriptions: AccountSeed['subscriptions'], extra: AccountSeed = {}) {
  return stand.start({ subscriptions, ...extra });
}

/**
 * Every delivery so far, once the emulator has sent all it had; each verified by the SDK (first: a
 * signature is good for 5 s) and checked against Paddle's schema of its event type.
 */
async function delivered(e: RunningEmulator): Promise<Delivery[]> {
  await e.notificationsSettled();
  const paddle = sdkOf(e);
  const secret = e.forwarding?.secret ?? '';
  for (const delivery of stand.receiver.deliveries) {
    const event = await paddle.webhooks.unmarshal(delivery.body, secret, delivery.signature);
    expect(event.eventType).toBe(delivery.payload.event_type);
  }
  for (const { payload } of stand.receiver.deliveries)
    expect(validator.check(payload.event_type, payload), payload.event_type).toEqual([]);
  return stand.receiver.deliveries;
}

const typesOf = (deliveries: Delivery[]) => deliveries.map((d) => d.payload.event_type);
const statusesOf = (deliveries: Delivery[]) => deliveries.map((d) => d.payload.data.status);

describe('a renewal', () => {
  it('sends subscription.updated, then its transaction created, billed, paid and completed, at the renewal’s time', async () => {
    const e = await start([subscription(1)]);
    await moveClock(e, '2026-02-01T00:00:01Z');
    const deliveries = await delivered(e);
    expect(typesOf(deliveries)).toEqual(RENEWAL_EVENTS);
    expect(new Set(deliveries.map((d) => d.payload.occurred_at))).toEqual(
      new Set(['2026-02-01T00:00:00.000Z']),
    );
    expect(statusesOf(deliveries)).toEqual([
      'active',
      'billed',
      'billed',
      'paid',
      'paid',
      'completed',
      'completed',
    ]);
    const [renewed, created, , paid, , completed] = deliveries.map((d) => d.payload.data);
    expect(renewed).toMatchObject({ id: sub(1), next_billed_at: '2026-03-01T00:00:00.000Z' });
    expect(created).toMatchObject({
      subscription_id: sub(1),
      origin: 'subscription_recurring',
      payments: [],
    });
    // an invoice number only once completed, fees and payouts too
    expect([created.invoice_number, paid.invoice_number]).toEqual([null, null]);
    expect(paid.details.totals.fee).toBeNull();
    expect(paid.payments.map((p: { status: string }) => p.status)).toEqual(['captured']);
    expect(completed.invoice_number).toMatch(/^325-\d+$/);
    expect(completed.details.payout_totals).not.toBeNull();
    const served = await call(e, 'GET', `/transactions/${completed.id}`);
    expect(completed).toEqual(served.body.data);
  });

  it('two renewals in one move of the clock: each sent with the subscription as it stood at its own renewal', async () => {
    const e = await start([subscription(1)]);
    const answer = await moveClock(e, '2026-03-01T00:00:01Z');
    expect(answer.status).toBe(200);
    const updates = (await delivered(e)).filter((d) => d.payload.event_type === 'subscription.updated');
    expect(
      updates.map((d) => [d.payload.occurred_at, d.payload.data.current_billing_period.starts_at]),
    ).toEqual([
      ['2026-02-01T00:00:00.000Z', '2026-02-01T00:00:00.000Z'],
      ['2026-03-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z'],
    ]);
  });

  it('a manually-collected one is issued as an invoice: created and billed, nothing paid', async () => {
    const manual = subscription(1, { collection_mode: 'manual', next_billed_at: '2026-02-01T00:00:00Z' });
    const e = await start([manual]);
    await moveClock(e, '2026-02-01T00:00:01Z');
    const deliveries = await delivered(e);
    expect(typesOf(deliveries)).toEqual([
      'subscription.updated',
      'transaction.created',
      'transaction.billed',
    ]);
    expect(deliveries[2]?.payload.data.invoice_number).toMatch(/^325-\d+$/);
  });
});

describe('a trial ending', () => {
  it('sends the renewal’s events, then subscription.activated', async () => {
    const trialing = subscription(1, {
      status: 'trialing',
      started_at: '2026-01-10T00:00:00Z',
      next_billed_at: '2026-01-24T00:00:00Z',
      current_billing_period: { starts_at: '2026-01-10T00:00:00Z', ends_at: '2026-01-24T00:00:00Z' },
    });
    const e = await start([trialing]);
    await moveClock(e, '2026-01-24T00:00:01Z');
    const deliveries = await delivered(e);
    expect(typesOf(deliveries)).toEqual([...RENEWAL_EVENTS, 'subscription.activated']);
    expect(deliveries.at(-1)?.payload.data).toMatchObject({
      status: 'active',
      first_billed_at: '2026-01-24T00:00:00Z',
    });
  });
});

describe('a scheduled change taking effect', () => {
  const scheduled = (n: number, action: string, extra: Record<string, unknown> = {}) =>
    subscription(n, { scheduled_change: { action, ...extra } });

  it('a cancel sends subscription.updated and subscription.canceled', async () => {
    const e = await start([scheduled(1, 'cancel')]);
    await moveClock(e, '2026-02-02T00:00:00Z');
    const deliveries = await delivered(e);
    expect(typesOf(deliveries)).toEqual(['subscription.updated', 'subscription.canceled']);
    expect(statusesOf(deliveries)).toEqual(['canceled', 'canceled']);
    expect(deliveries[1]?.payload.occurred_at).toBe('2026-02-01T00:00:00.000Z');
  });

  it('a pause sends subscription.updated and .paused; its resume .updated, .resumed, the transaction’s events and .updated', async () => {
    const e = await start([scheduled(1, 'pause', { resume_at: '2026-03-10T00:00:00Z' })]);
    await moveClock(e, '2026-03-10T00:00:01Z');
    const deliveries = await delivered(e);
    expect(typesOf(deliveries)).toEqual([
      'subscription.updated',
      'subscription.paused',
      'subscription.updated',
      'subscription.resumed',
      ...RENEWAL_EVENTS.slice(1),
      'subscription.updated',
    ]);
    // the pause's payloads keep the subscription paused, though it is active again since
    expect(statusesOf(deliveries).slice(0, 4)).toEqual(['paused', 'paused', 'active', 'active']);
  });
});

describe('a past-due subscription', () => {
  const pastDue = subscription(1, {
    status: 'past_due',
    started_at: '2025-12-01T00:00:00Z',
    next_billed_at: '2026-02-01T00:00:00Z',
  });

  it('paid: its transaction paid and completed, then subscription.updated, active', async () => {
    const e = await start([pastDue]);
    const paid = await call(e, 'POST', `/__emulator/subscriptions/${sub(1)}/pay`, { key: null });
    expect(paid.status).toBe(200);
    const deliveries = await delivered(e);
    expect(typesOf(deliveries)).toEqual([...RENEWAL_EVENTS.slice(3), 'subscription.updated']);
    expect(deliveries[0]?.payload.data.id).toBe(paid.body.transaction_id);
    expect(deliveries.at(-1)?.payload.data.status).toBe('active');
  });

  it('unpaid when its dunning ends: subscription.updated and subscription.canceled', async () => {
    const e = await start(
      [
        subscription(1, {
          status: 'past_due',
          next_billed_at: '2026-02-10T00:00:00Z',
        }),
      ],
      {
        dunning_days: 14,
      },
    );
    await moveClock(e, '2026-01-24T00:00:00Z');
    expect(typesOf(await delivered(e))).toEqual(['subscription.updated', 'subscription.canceled']);
  });
});

// https://developer.paddle.com/webhooks/transactions/transaction-payment-failed: "The transaction
// status changes to past_due and transaction.past_due occurs. The related subscription status
// changes to past_due and subscription.past_due occurs."
describe('a trial whose payment fails (trial_payment_fails)', () => {
  it('sends the transaction created and billed, then transaction.payment_failed, .past_due and subscription.past_due; no subscription.activated', async () => {
    const failing = subscription(1, {
      status: 'trialing',
      started_at: '2026-01-10T00:00:00Z',
      next_billed_at: '2026-01-24T00:00:00Z',
      trial_payment_fails: true,
    });
    const e = await start([failing]);
    await moveClock(e, '2026-01-24T00:00:01Z');
    const deliveries = await delivered(e);
    expect(typesOf(deliveries)).toEqual([
      'subscription.updated',
      'transaction.created',
      'transaction.billed',
      'transaction.payment_failed',
      'transaction.past_due',
      'subscription.past_due',
    ]);
    expect(statusesOf(deliveries)).toEqual([
      'past_due',
      'billed',
      'billed',
      'past_due',
      'past_due',
      'past_due',
    ]);
    const failed = deliveries[3]?.payload.data;
    expect(
      failed.payments.map((p: { status: string; error_code: string }) => [p.status, p.error_code]),
    ).toEqual([['error', 'declined']]);
  });
});

describe('a cardless trial that ends', () => {
  it('is canceled with nothing billed: subscription.updated and subscription.canceled', async () => {
    const cardless = {
      ...proMonthly(),
      trial_period: { interval: 'day', frequency: 14, requires_payment_method: false },
    };
    const trialing = subscription(1, {
      status: 'trialing',
      started_at: '2026-01-10T00:00:00Z',
      next_billed_at: '2026-01-24T00:00:00Z',
    });
    const e = await start([trialing], { prices: [cardless] });
    await moveClock(e, '2026-01-24T00:00:01Z');
    expect(typesOf(await delivered(e))).toEqual(['subscription.updated', 'subscription.canceled']);
  });
});
