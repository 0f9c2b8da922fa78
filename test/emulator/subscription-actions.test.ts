// An app cancels, pauses, resumes and activates a subscription through the Node SDK
// (subscriptions.cancel/pause/resume/activate) against the emulator on loopback, and hears of it by
// webhook, as Paddle's API reference and webhook pages describe (cited in
// src/emulator/rules/subscription-action.ts and src/emulator/notifications/step-notifications.ts):
// each answer held to the operation's response in Paddle's OpenAPI, each delivery to the
// `webhooks:` schema of its event type and verified by the SDK.
import { ApiError, type Paddle } from '@paddle/paddle-node-sdk';
import { describe, expect, it } from 'vitest';
import type { AccountSeed, RunningEmulator } from '../../src/emulator/index.js';
import { BILLED_AND_PAID, call, forwardingPerTest, moveClock } from '../support/emulator.js';
import { FULL_SPEC_FILE, responseValidator, webhookValidator } from '../support/openapi.js';
import { sdkOf } from '../support/sdk.js';
import { KIM, NOW, pid, sub, subscription } from '../support/subscription-account.mjs';
import type { Delivery } from '../support/webhook-receiver.js';

const END = '2026-02-01T00:00:00.000Z';
const TRIAL = {
  status: 'trialing',
  started_at: '2026-01-10T00:00:00Z',
  next_billed_at: '2026-01-24T00:00:00Z',
  current_billing_period: { starts_at: '2026-01-10T00:00:00Z', ends_at: '2026-01-24T00:00:00Z' },
};

const answers = responseValidator(FULL_SPEC_FILE);
const payloads = webhookValidator();
const stand = forwardingPerTest();

async function start(
  subscriptions: AccountSeed['subscriptions'],
): Promise<{ e: RunningEmulator; paddle: Paddle }> {
  const e = await stand.start({ subscriptions });
  return { e, paddle: sdkOf(e) };
}

/** Every delivery so far, once sent: verified by the SDK and held to Paddle's schema of its type. */
async function delivered(e: RunningEmulator): Promise<Delivery[]> {
  await e.notificationsSettled();
  const paddle = sdkOf(e);
  for (const delivery of stand.receiver.deliveries) {
    const event = await paddle.webhooks.unmarshal(
      delivery.body,
      e.forwarding?.secret ?? '',
      delivery.signature,
    );
    expect(event.eventType).toBe(delivery.payload.event_type);
    expect(payloads.check(delivery.payload.event_type, delivery.payload)).toEqual([]);
  }
  return stand.receiver.deliveries;
}
const typesOf = (deliveries: Delivery[]) => deliveries.map((d) => d.payload.event_type);

/** The action's answer as sent over the wire, held to its operation in Paddle's OpenAPI. */
async function post(e: RunningEmulator, id: string, action: string, body?: unknown) {
  const res = await call(e, 'POST', `/subscriptions/${id}/${action}`, body === undefined ? {} : { body });
  expect(answers.check('POST', `/subscriptions/{subscription_id}/${action}`, res.status, res.body)).toEqual(
    [],
  );
  return res;
}

async function refusal(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('cancel', () => {
  it('by default at the end of the period: still active, the cancel scheduled, subscription.updated; canceled when the clock gets there', async () => {
    const { e, paddle } = await start([subscription(1)]);
    const answered = await paddle.subscriptions.cancel(sub(1));
    expect(answered.status).toBe('active');
    expect(answered.scheduledChange).toEqual({ action: 'cancel', effectiveAt: END, resumeAt: null });
    expect(answered.nextBilledAt).toBeNull();
    expect(typesOf(await delivered(e))).toEqual(['subscription.updated']);
    expect(stand.receiver.deliveries[0]?.payload.data.scheduled_change.action).toBe('cancel');
    await moveClock(e, '2026-02-02T00:00:00Z');
    expect(typesOf(await delivered(e))).toEqual([
      'subscription.updated',
      'subscription.updated',
      'subscription.canceled',
    ]);
    const canceled = await paddle.subscriptions.get(sub(1));
    expect([canceled.canceledAt, canceled.items.map((item) => item.status)]).toEqual([END, ['active']]);
  });

  it('immediately: canceled now, no period nor next bill, subscription.updated then subscription.canceled', async () => {
    const { e, paddle } = await start([subscription(1)]);
    const answered = await paddle.subscriptions.cancel(sub(1), { effectiveFrom: 'immediately' });
    expect(answered).toMatchObject({
      status: 'canceled',
      canceledAt: NOW,
      nextBilledAt: null,
      currentBillingPeriod: null,
      scheduledChange: null,
    });
    // its items stay active, as Paddle's cancel example shows them (OpenAPI cancel-subscription 200,
    // https://developer.paddle.com/api-reference/subscriptions/cancel-subscription)
    expect(answered.items.map((item) => item.status)).toEqual(['active']);
    expect((await post(e, sub(1), 'cancel')).body.error.code).toBe('subscription_is_canceled_action_invalid');
    const deliveries = await delivered(e);
    expect(typesOf(deliveries)).toEqual(['subscription.updated', 'subscription.canceled']);
    expect(deliveries.map((d) => d.payload.occurred_at)).toEqual([NOW, NOW]);
  });

  it('a subscription seeded canceled has its items active too, as one canceled here', async () => {
    const { paddle } = await start([subscription(1, { status: 'canceled' })]);
    expect((await paddle.subscriptions.get(sub(1))).items.map((item) => item.status)).toEqual(['active']);
  });
});

describe('pause and resume', () => {
  it('pause immediately with a resume date: paused now, its billing period kept, the resume scheduled; resumed by the clock then', async () => {
    const { e, paddle } = await start([subscription(1)]);
    const before = await paddle.subscriptions.get(sub(1));
    const resumeAt = '2026-03-10T00:00:00.000Z';
    const paused = await paddle.subscriptions.pause(sub(1), { effectiveFrom: 'immediately', resumeAt });
    expect(paused).toMatchObject({
      status: 'paused',
      pausedAt: NOW,
      nextBilledAt: null,
      currentBillingPeriod: before.currentBillingPeriod,
      scheduledChange: { action: 'resume', effectiveAt: resumeAt, resumeAt },
    });
    await moveClock(e, '2026-03-11T00:00:00Z');
    expect(typesOf(await delivered(e))).toEqual([
      'subscription.updated',
      'subscription.paused',
      'subscription.updated',
      'subscription.resumed',
      ...BILLED_AND_PAID,
      'subscription.updated',
    ]);
    expect((await paddle.subscriptions.get(sub(1))).currentBillingPeriod?.startsAt).toBe(resumeAt);
  });

  it('resume now on a new billing period: active, billed from now, the resumed scenario’s events', async () => {
    const { e, paddle } = await start([subscription(1)]);
    await paddle.subscriptions.pause(sub(1), { effectiveFrom: 'immediately' });
    const resumed = await paddle.subscriptions.resume(sub(1), { effectiveFrom: 'immediately' });
    expect(resumed).toMatchObject({
      status: 'active',
      pausedAt: null,
      currentBillingPeriod: { startsAt: NOW, endsAt: '2026-02-15T12:00:00.000Z' },
      nextBilledAt: '2026-02-15T12:00:00.000Z',
    });
    const billed = await paddle.transactions.list({ subscriptionId: [sub(1)] }).next();
    expect(billed.map((t) => [t.status, t.billingPeriod?.startsAt])).toEqual([['completed', NOW]]);
    expect(typesOf(await delivered(e))).toEqual([
      'subscription.updated',
      'subscription.paused',
      'subscription.updated',
      'subscription.resumed',
      ...BILLED_AND_PAID,
      'subscription.updated',
    ]);
  });

  it('resume continuing the period the pause kept: nothing billed, it renews at the period’s end', async () => {
    const { e, paddle } = await start([subscription(1)]);
    await paddle.subscriptions.pause(sub(1), { effectiveFrom: 'immediately' });
    const resumed = await paddle.subscriptions.resume(sub(1), {
      effectiveFrom: 'immediately',
      onResume: 'continue_existing_billing_period',
    });
    expect(resumed).toMatchObject({ status: 'active', nextBilledAt: END });
    expect(await paddle.transactions.list({ subscriptionId: [sub(1)] }).next()).toEqual([]);
    expect(typesOf(await delivered(e))).toEqual([
      'subscription.updated',
      'subscription.paused',
      'subscription.updated',
      'subscription.resumed',
    ]);
    await moveClock(e, '2026-02-02T00:00:00Z');
    const billed = await paddle.transactions.list({ subscriptionId: [sub(1)] }).next();
    expect(billed.map((t) => t.billingPeriod?.startsAt)).toEqual([END]);
  });

  it('a past-due subscription paused: its past-due renewal canceled, then transaction.updated and transaction.canceled', async () => {
    const failing = subscription(1, { ...TRIAL, trial_payment_fails: true });
    const { e, paddle } = await start([failing]);
    await moveClock(e, '2026-01-25T00:00:00Z');
    expect((await paddle.subscriptions.get(sub(1))).status).toBe('past_due');
    const before = (await delivered(e)).length;
    const paused = await paddle.subscriptions.pause(sub(1), { effectiveFrom: 'immediately' });
    expect(paused.status).toBe('paused');
    const renewals = await paddle.transactions.list({ subscriptionId: [sub(1)] }).next();
    expect(renewals.map((t) => [t.origin, t.status])).toEqual([['subscription_recurring', 'canceled']]);
    const deliveries = (await delivered(e)).slice(before);
    expect(typesOf(deliveries)).toEqual([
      'subscription.updated',
      'subscription.paused',
      'transaction.updated',
      'transaction.canceled',
    ]);
    expect(deliveries[3]?.payload.data).toMatchObject({ id: renewals[0]?.id, status: 'canceled' });
  });

  it('a past-due subscription with two past-due renewals paused: each canceled, each with its transaction.updated and transaction.canceled', async () => {
    const renewal = (n: number, at: string) => ({
      id: pid('txn', n),
      status: 'past_due' as const,
      customer_id: KIM,
      subscription_id: sub(1),
      currency_code: 'USD',
      created_at: at,
      billed_at: at,
    });
    const emulator = await stand.start({
      subscriptions: [subscription(1, { status: 'past_due' })],
      transactions: [renewal(1, '2025-12-01T00:00:00Z'), renewal(2, '2026-01-01T00:00:00Z')],
    });
    const paused = await sdkOf(emulator).subscriptions.pause(sub(1), { effectiveFrom: 'immediately' });
    expect(paused.status).toBe('paused');
    const deliveries = await delivered(emulator);
    expect(deliveries.map((d) => [d.payload.event_type, d.payload.data.id])).toEqual([
      ['subscription.updated', sub(1)],
      ['subscription.paused', sub(1)],
      ['transaction.updated', pid('txn', 1)],
      ['transaction.canceled', pid('txn', 1)],
      ['transaction.updated', pid('txn', 2)],
      ['transaction.canceled', pid('txn', 2)],
    ]);
    expect(deliveries.slice(2).map((d) => d.payload.data.status)).toEqual(Array(4).fill('canceled'));
  });

  it('pause at the end of the period, then set its resume date: two subscription.updated, still active', async () => {
    const { e, paddle } = await start([subscription(1)]);
    const open = await paddle.subscriptions.pause(sub(1), {});
    expect([open.nextBilledAt, open.items.map((item) => item.nextBilledAt)]).toEqual([null, [null]]);
    const dated = await paddle.subscriptions.resume(sub(1), { effectiveFrom: '2026-03-01T00:00:00Z' });
    expect(dated.status).toBe('active');
    expect(dated.scheduledChange).toEqual({
      action: 'pause',
      effectiveAt: END,
      resumeAt: '2026-03-01T00:00:00Z',
    });
    // next billed on resuming, as Paddle's pause example shows (next_billed_at, its items' too,
    // equal to resume_at: https://developer.paddle.com/api-reference/subscriptions/pause-subscription)
    expect([dated.nextBilledAt, dated.items.map((item) => item.nextBilledAt)]).toEqual([
      '2026-03-01T00:00:00Z',
      ['2026-03-01T00:00:00Z'],
    ]);
    expect(typesOf(await delivered(e))).toEqual(['subscription.updated', 'subscription.updated']);
    await moveClock(e, '2026-02-02T00:00:00Z');
    const paused = await paddle.subscriptions.get(sub(1));
    expect([paused.status, paused.nextBilledAt]).toEqual(['paused', null]);
  });

  it('a pause with a resume date at the end of the period is next billed on that date, as one seeded so', async () => {
    const resumeAt = '2026-03-10T00:00:00Z';
    const scheduled = { action: 'pause', effective_at: END, resume_at: resumeAt };
    const { paddle } = await start([subscription(1), subscription(2, { scheduled_change: scheduled })]);
    const paused = await paddle.subscriptions.pause(sub(1), { resumeAt });
    const seeded = await paddle.subscriptions.get(sub(2));
    for (const s of [paused, seeded])
      expect([s.status, s.nextBilledAt, s.items.map((item) => item.nextBilledAt)]).toEqual([
        'active',
        resumeAt,
        [resumeAt],
      ]);
  });

  it('a subscription seeded paused keeps the billing period its dates give, as a pause now keeps it, and is billed nothing', async () => {
    const { paddle } = await start([
      subscription(1, { status: 'paused', started_at: '2026-01-10T00:00:00Z', next_billed_at: undefined }),
    ]);
    const paused = await paddle.subscriptions.get(sub(1));
    expect(paused).toMatchObject({
      currentBillingPeriod: { startsAt: '2026-01-10T00:00:00Z', endsAt: '2026-02-10T00:00:00.000Z' },
      nextBilledAt: null,
    });
    expect(paused.items.map((item) => item.nextBilledAt)).toEqual([null]);
    const resumed = await paddle.subscriptions.resume(sub(1), {
      effectiveFrom: 'immediately',
      onResume: 'continue_existing_billing_period',
    });
    expect([resumed.status, resumed.nextBilledAt]).toEqual(['active', '2026-02-10T00:00:00.000Z']);
  });

  it('refuses what Paddle refuses, in Paddle’s error envelope, and sends nothing', async () => {
    const { e, paddle } = await start([subscription(1), subscription(2, { status: 'canceled' })]);
    expect((await refusal(paddle.subscriptions.resume(sub(1), { effectiveFrom: 'immediately' }))).code).toBe(
      'subscription_must_be_paused',
    );
    expect((await refusal(paddle.subscriptions.pause(sub(2), {}))).code).toBe(
      'subscription_is_canceled_action_invalid',
    );
    const res = await post(e, sub(1), 'pause', { effective_from: 'tomorrow' });
    expect([res.status, res.body.error.code, res.body.error.errors]).toEqual([
      400,
      'bad_request',
      [
        {
          field: 'effective_from',
          message: 'must be one of the following: "immediately", "next_billing_period"',
        },
      ],
    ]);
    expect(await delivered(e)).toEqual([]);
  });
});

describe('activate', () => {
  it('a trial activated now: billed from now, active, the renewal’s events then subscription.activated', async () => {
    const { e, paddle } = await start([subscription(1, TRIAL)]);
    const activated = await paddle.subscriptions.activate(sub(1));
    expect(activated).toMatchObject({
      status: 'active',
      firstBilledAt: NOW,
      currentBillingPeriod: { startsAt: NOW, endsAt: '2026-02-15T12:00:00.000Z' },
    });
    // the items' trial ends now, as Paddle's activate example shows (trial_dates.ends_at the
    // activation time: https://developer.paddle.com/api-reference/subscriptions/activate-subscription)
    expect(activated.items.map((item) => [item.status, item.trialDates])).toEqual([
      ['active', { startsAt: TRIAL.started_at, endsAt: NOW }],
    ]);
    expect(typesOf(await delivered(e))).toEqual([
      'subscription.updated',
      ...BILLED_AND_PAID,
      'subscription.activated',
    ]);
    expect((await refusal(paddle.subscriptions.activate(sub(1)))).detail).toBe(
      "Only subscriptions which have status 'trialing' can be activated. Subscription status is 'active'",
    );
  });
});

describe('a trial paused and resumed', () => {
  it('is billed for the first time on resume: first_billed_at then', async () => {
    const { paddle } = await start([subscription(1, TRIAL)]);
    await paddle.subscriptions.pause(sub(1), { effectiveFrom: 'immediately' });
    const resumed = await paddle.subscriptions.resume(sub(1), { effectiveFrom: 'immediately' });
    expect([resumed.status, resumed.firstBilledAt]).toEqual(['active', NOW]);
  });
});

describe('every action', () => {
  it.each(['cancel', 'pause', 'resume', 'activate'])('%s needs subscription.write', async (action) => {
    const { e } = await start([subscription(1, TRIAL)]);
    const reader = e.addApiKey(['subscription.read']);
    const res = await call(e, 'POST', `/subscriptions/${sub(1)}/${action}`, { key: reader, body: {} });
    expect([res.status, res.body.error.code]).toEqual([403, 'forbidden']);
  });

  it('answers the subscription as Paddle’s OpenAPI describes each operation’s 200, with no body or a null one', async () => {
    const { e } = await start([subscription(1), subscription(2), subscription(3, TRIAL)]);
    expect((await post(e, sub(1), 'cancel')).body.data.scheduled_change.action).toBe('cancel');
    expect((await post(e, sub(2), 'pause', { effective_from: 'immediately' })).body.data.status).toBe(
      'paused',
    );
    const resumed = await call(e, 'POST', `/subscriptions/${sub(2)}/resume`, { rawBody: 'null' });
    expect(
      answers.check('POST', '/subscriptions/{subscription_id}/resume', resumed.status, resumed.body),
    ).toEqual([]);
    expect(resumed.body.data.status).toBe('active');
    expect((await post(e, sub(3), 'activate')).body.data.status).toBe('active');
  });

  it('an unknown subscription is 404', async () => {
    const { e } = await start([]);
    expect((await post(e, sub(9), 'cancel', { effective_from: 'immediately' })).status).toBe(404);
  });
});
