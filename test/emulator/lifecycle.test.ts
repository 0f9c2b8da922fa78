// Subscriptions that live by the emulator's clock, each step as Paddle documents it: a past-due
// subscription paid with POST /__emulator/subscriptions/{id}/pay or canceled when its dunning ends
// (developer.paddle.com/build/lifecycle/subscription-renewal-dunning), a scheduled cancel, pause or
// resume taking effect at its effective_at, and a trial ending. Every answer and every
// transaction a step makes is held against Paddle's OpenAPI.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type AccountSeed, type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { checkSeed, seedSchema } from '../../src/emulator/seed-file.js';
import { call, manualClock, moveClock } from '../support/emulator.js';
import { FULL_SPEC_FILE, type ResponseValidator, responseValidator } from '../support/openapi.js';
import { KIM, month, NOW, PRO, pid, sub } from '../support/subscription-account.mjs';

const MONTHLY = {
  id: pid('pri', 1),
  product_id: PRO,
  description: 'monthly',
  billing_cycle: month,
  unit_price: { amount: '1000', currency_code: 'USD' },
};

function seedWith(subscriptions: AccountSeed['subscriptions'], extra: AccountSeed = {}): AccountSeed {
  return {
    customers: [{ id: KIM, email: 'kim@example.com' }],
    products: [{ id: PRO, name: 'Pro', tax_category: 'saas' }],
    prices: [MONTHLY],
    subscriptions,
    ...extra,
  };
}

const shortForm = (n: number, status: string, fields: Record<string, unknown> = {}) => ({
  id: sub(n),
  customer_id: KIM,
  status,
  currency_code: 'USD',
  items: [{ price_id: MONTHLY.id, quantity: 1 }],
  ...fields,
});

let validator: ResponseValidator;
let emulator: RunningEmulator | undefined;
beforeAll(() => {
  validator = responseValidator(FULL_SPEC_FILE);
});
afterEach(async () => {
  await emulator?.close();
  emulator = undefined;
});

async function start(section: AccountSeed): Promise<RunningEmulator> {
  emulator = await startEmulator({ demo: false, seed: { sandbox: section }, now: manualClock(NOW).now });
  return emulator;
}

/** The subscription as GET serves it, held to the OpenAPI. */
async function subscription(e: RunningEmulator, id: string) {
  const res = await call(e, 'GET', `/subscriptions/${id}`);
  expect(validator.check('GET', '/subscriptions/{subscription_id}', res.status, res.body)).toEqual([]);
  return res.body.data;
}

/** The subscription's transactions, oldest first, held to the OpenAPI. */
async function transactions(e: RunningEmulator, id: string) {
  const res = await call(e, 'GET', `/transactions?subscription_id=${id}&order_by=id[ASC]`);
  expect(validator.check('GET', '/transactions', res.status, res.body)).toEqual([]);
  // biome-ignore lint/suspicious/noExplicitAny: the emulator's JSON, held to the OpenAPI just above
  return res.body.data as Record<string, any>[];
}

const pay = (e: RunningEmulator, id: string, body?: unknown) =>
  call(e, 'POST', `/__emulator/subscriptions/${id}/pay`, { body, key: null });

describe('a past-due subscription paid with POST /__emulator/subscriptions/{id}/pay', () => {
  // seeded past due: the renewal of 1 January failed, so its period is January and it bills next on 1 February
  const pastDue = shortForm(1, 'past_due', {
    started_at: '2025-12-01T00:00:00Z',
    next_billed_at: '2026-02-01T00:00:00Z',
  });

  it('completes its transaction, is active with the dates the failed renewal set, and renews on them', async () => {
    const e = await start(seedWith([pastDue]));
    const paid = await pay(e, sub(1));
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ subscription_id: sub(1), status: 'active' });
    const after = await subscription(e, sub(1));
    expect(after).toMatchObject({
      status: 'active',
      next_billed_at: '2026-02-01T00:00:00Z',
      current_billing_period: { starts_at: '2026-01-01T00:00:00.000Z', ends_at: '2026-02-01T00:00:00Z' },
    });
    const [january] = await transactions(e, sub(1));
    expect(january).toMatchObject({
      id: paid.body.transaction_id,
      status: 'completed',
      origin: 'subscription_recurring',
      billing_period: { starts_at: '2026-01-01T00:00:00.000Z' },
      details: { totals: { balance: '0' } },
    });
    // the captured payment first (Paddle lists the latest attempt first), after the declined one
    expect(january?.payments.map((p: { status: string }) => p.status)).toEqual(['captured', 'error']);
    await moveClock(e, '2026-02-01T00:00:01Z');
    const both = await transactions(e, sub(1));
    expect(both.map((t) => [t.status, t.billing_period.starts_at])).toEqual([
      ['completed', '2026-01-01T00:00:00.000Z'],
      ['completed', '2026-02-01T00:00:00Z'],
    ]);
  });

  it('says each step once through the emulator’s step events: paid, then renewed', async () => {
    const e = await start(seedWith([pastDue]));
    const seen: string[] = [];
    e.onStep((step) => seen.push(`${step.kind} ${step.subscription.id} ${step.at}`));
    await pay(e, sub(1));
    await moveClock(e, '2026-02-01T00:00:01Z');
    expect(seen).toEqual([`paid ${sub(1)} ${NOW}`, `renewed ${sub(1)} 2026-02-01T00:00:00Z`]);
  });

  it('refuses what it cannot pay: a subscription that is not past due, an unknown one, a body with fields', async () => {
    const e = await start(seedWith([pastDue, shortForm(2, 'active')]));
    const active = await pay(e, sub(2));
    expect(active.status).toBe(400);
    expect(active.body.error.detail).toBe(
      `subscription ${sub(2)} is active: only a past_due one can be paid`,
    );
    expect((await pay(e, sub(9))).status).toBe(404);
    expect((await pay(e, sub(1), { amount: 10 })).status).toBe(400);
    expect((await subscription(e, sub(1))).status).toBe('past_due');
  });
});

describe('dunning', () => {
  it('cancels a past-due subscription left unpaid for the account’s dunning_days after the renewal that failed', async () => {
    const pastDue = shortForm(1, 'past_due', { next_billed_at: '2026-02-10T00:00:00Z' });
    const e = await start(seedWith([pastDue], { dunning_days: 14 }));
    // its period started on 10 January: dunning ends on 24 January
    await moveClock(e, '2026-01-23T23:59:59Z');
    expect((await subscription(e, sub(1))).status).toBe('past_due');
    await moveClock(e, '2026-01-24T00:00:00Z');
    expect(await subscription(e, sub(1))).toMatchObject({
      status: 'canceled',
      canceled_at: '2026-01-24T00:00:00.000Z',
      next_billed_at: null,
      current_billing_period: null,
      scheduled_change: null,
    });
    expect((await pay(e, sub(1))).status).toBe(400);
  });
});

// Paddle: a scheduled change pauses or cancels "on the next billing date", when "the subscription
// status changes to paused or canceled" (developer.paddle.com/changelog/2023/filter-subscriptions-scheduled-change);
// a resume bills a new period from then (developer.paddle.com/webhooks/simulator/subscription-resumed)
describe('a scheduled change takes effect at its effective_at', () => {
  const scheduled = (n: number, action: string, extra: Record<string, unknown> = {}) =>
    shortForm(n, 'active', {
      next_billed_at: '2026-02-01T00:00:00Z',
      scheduled_change: { action, ...extra },
    });

  it('a cancel: canceled then, nothing scheduled, no next bill nor period, and no renewal transaction', async () => {
    const e = await start(seedWith([scheduled(1, 'cancel')]));
    const seen: string[] = [];
    e.onStep((step) => seen.push(step.kind));
    await moveClock(e, '2026-01-31T23:59:59Z');
    expect((await subscription(e, sub(1))).status).toBe('active');
    await moveClock(e, '2026-03-15T00:00:00Z');
    expect(await subscription(e, sub(1))).toMatchObject({
      status: 'canceled',
      canceled_at: '2026-02-01T00:00:00Z',
      scheduled_change: null,
      next_billed_at: null,
      current_billing_period: null,
    });
    expect(await transactions(e, sub(1))).toEqual([]);
    expect(seen).toEqual(['canceled']);
  });

  // "Paddle retains the billing period against the subscription when you pause"
  // (https://developer.paddle.com/changelog/2024/resume-subscription-billing-period-options)
  it('a pause: paused then, keeping its billing period; with a resume date, resumed then and billed for a period from it', async () => {
    const e = await start(
      seedWith([scheduled(1, 'pause'), scheduled(2, 'pause', { resume_at: '2026-03-10T00:00:00Z' })]),
    );
    const period = (await subscription(e, sub(1))).current_billing_period;
    await moveClock(e, '2026-02-15T00:00:00Z');
    expect(period).not.toBeNull();
    expect(await subscription(e, sub(1))).toMatchObject({
      status: 'paused',
      paused_at: '2026-02-01T00:00:00Z',
      scheduled_change: null,
      next_billed_at: null,
      current_billing_period: period,
    });
    expect(await subscription(e, sub(2))).toMatchObject({
      status: 'paused',
      scheduled_change: { action: 'resume', effective_at: '2026-03-10T00:00:00Z' },
    });
    await moveClock(e, '2026-04-15T00:00:00Z');
    expect((await subscription(e, sub(1))).status).toBe('paused');
    expect(await subscription(e, sub(2))).toMatchObject({
      status: 'active',
      paused_at: null,
      scheduled_change: null,
      next_billed_at: '2026-05-10T00:00:00.000Z',
      current_billing_period: { starts_at: '2026-04-10T00:00:00.000Z', ends_at: '2026-05-10T00:00:00.000Z' },
    });
    const billed = await transactions(e, sub(2));
    expect(billed.map((t) => [t.status, t.billing_period.starts_at])).toEqual([
      ['completed', '2026-03-10T00:00:00Z'],
      ['completed', '2026-04-10T00:00:00.000Z'],
    ]);
  });
});

// Paddle: "When the next_billed_at date elapses, Paddle charges the payment method on file and the
// subscription changes to active. … On activation, [current_billing_period is] updated so that it's
// based on the billing_cycle." (developer.paddle.com/build/trials/extend-activate-change-date-trials)
describe('a trial ends at its next_billed_at', () => {
  it('into active, billed and completed for a period of its billing cycle, then renews', async () => {
    const trialing = shortForm(1, 'trialing', {
      started_at: '2026-01-10T00:00:00Z',
      next_billed_at: '2026-01-24T00:00:00Z',
      current_billing_period: { starts_at: '2026-01-10T00:00:00Z', ends_at: '2026-01-24T00:00:00Z' },
    });
    const e = await start(seedWith([trialing]));
    const seen: string[] = [];
    e.onStep((step) => seen.push(step.kind));
    await moveClock(e, '2026-02-25T00:00:00Z');
    const after = await subscription(e, sub(1));
    expect(after).toMatchObject({
      status: 'active',
      first_billed_at: '2026-01-24T00:00:00Z',
      next_billed_at: '2026-03-24T00:00:00.000Z',
      current_billing_period: { starts_at: '2026-02-24T00:00:00.000Z', ends_at: '2026-03-24T00:00:00.000Z' },
    });
    expect(after.items[0]).toMatchObject({
      status: 'active',
      previously_billed_at: '2026-02-24T00:00:00.000Z',
    });
    const billed = await transactions(e, sub(1));
    expect(
      billed.map((t) => [t.status, t.origin, t.billing_period.starts_at, t.details.totals.grand_total]),
    ).toEqual([
      ['completed', 'subscription_recurring', '2026-01-24T00:00:00Z', '1000'],
      ['completed', 'subscription_recurring', '2026-02-24T00:00:00.000Z', '1000'],
    ]);
    expect(seen).toEqual(['trial_ended', 'renewed']);
  });
});

// Paddle: where the payment on a renewal fails, the subscription is past_due and its transaction
// past_due (developer.paddle.com/build/lifecycle/subscription-renewal-dunning); the seed's
// trial_payment_fails, the emulator's own field, says a trial's payment fails
describe('a trial whose payment fails (seed trial_payment_fails)', () => {
  const failing = (fields: Record<string, unknown> = {}) =>
    shortForm(1, 'trialing', {
      started_at: '2026-01-10T00:00:00Z',
      next_billed_at: '2026-01-24T00:00:00Z',
      trial_payment_fails: true,
      ...fields,
    });

  it('ends into past_due, its transaction past_due with the declined payment, and is paid like any past-due one', async () => {
    const e = await start(seedWith([failing()]));
    const served = await subscription(e, sub(1));
    expect(served).not.toHaveProperty('trial_payment_fails');
    const seen: string[] = [];
    e.onStep((step) => seen.push(step.kind));
    await moveClock(e, '2026-01-25T00:00:00Z');
    expect(await subscription(e, sub(1))).toMatchObject({
      status: 'past_due',
      first_billed_at: '2026-01-24T00:00:00Z',
      next_billed_at: '2026-02-24T00:00:00.000Z',
      current_billing_period: { starts_at: '2026-01-24T00:00:00Z', ends_at: '2026-02-24T00:00:00.000Z' },
    });
    const [trialEnd] = await transactions(e, sub(1));
    expect(trialEnd).toMatchObject({ status: 'past_due', origin: 'subscription_recurring' });
    expect(trialEnd?.payments.map((p: { status: string }) => p.status)).toEqual(['error']);
    expect(seen).toEqual(['trial_ended', 'past_due']);
    const paid = await pay(e, sub(1));
    expect(paid.body).toMatchObject({ status: 'active', transaction_id: trialEnd?.id });
  });

  it('left unpaid, is canceled when its dunning ends', async () => {
    const e = await start(seedWith([failing()], { dunning_days: 14 }));
    await moveClock(e, '2026-02-08T00:00:00Z');
    expect(await subscription(e, sub(1))).toMatchObject({
      status: 'canceled',
      canceled_at: '2026-02-07T00:00:00.000Z',
    });
  });

  it('goes with status trialing: on another status a seed file and the admin route refuse it, naming the field', async () => {
    const active = shortForm(1, 'active', { trial_payment_fails: true });
    const file = { sandbox: seedWith([active]) };
    expect(() => checkSeed(seedSchema, 'rise.yaml', file, '--seed file')).toThrow(
      'sandbox.subscriptions.0.trial_payment_fails: goes with status trialing: it says how the trial ends',
    );
    const notBoolean = { sandbox: seedWith([failing({ trial_payment_fails: 'yes' })]) };
    expect(() => checkSeed(seedSchema, 'rise.yaml', notBoolean, '--seed file')).toThrow(
      'sandbox.subscriptions.0.trial_payment_fails',
    );
    const e = await start(seedWith([]));
    const added = await call(e, 'POST', '/__emulator/subscriptions', {
      body: { subscriptions: [{ ...active, id: sub(2) }] },
      key: null,
    });
    expect(added.status).toBe(400);
    expect(JSON.stringify(added.body)).toContain('trial_payment_fails');
  });
});

// Paddle: "If customers don't enter payment details before the trial ends, Paddle automatically
// cancels the subscription." (developer.paddle.com/changelog/2025/cardless-trials-developer-preview);
// the emulator holds no payment methods, so a cardless trial always ends so
describe('a cardless trial ends', () => {
  it('canceled at its next_billed_at, with nothing billed', async () => {
    const cardless = {
      ...MONTHLY,
      id: pid('pri', 2),
      trial_period: { interval: 'day', frequency: 14, requires_payment_method: false },
    };
    const trialing = {
      ...shortForm(1, 'trialing', { started_at: '2026-01-10T00:00:00Z' }),
      items: [{ price_id: cardless.id, quantity: 1 }],
    };
    const e = await start(seedWith([trialing], { prices: [MONTHLY, cardless], cardless_trials: true }));
    await moveClock(e, '2026-03-01T00:00:00Z');
    expect(await subscription(e, sub(1))).toMatchObject({
      status: 'canceled',
      canceled_at: '2026-01-24T00:00:00.000Z',
      next_billed_at: null,
      current_billing_period: null,
    });
    expect(await transactions(e, sub(1))).toEqual([]);
  });
});

describe('a trialing subscription seeded in short form', () => {
  it('trials for its price’s trial_period from its start, then bills the price’s billing cycle', async () => {
    const withTrial = { ...MONTHLY, id: pid('pri', 2), trial_period: { interval: 'day', frequency: 14 } };
    const trialing = {
      ...shortForm(1, 'trialing', { started_at: '2026-01-10T00:00:00Z' }),
      items: [{ price_id: withTrial.id, quantity: 3 }],
    };
    const e = await start(seedWith([trialing], { prices: [MONTHLY, withTrial] }));
    expect(await subscription(e, sub(1))).toMatchObject({
      status: 'trialing',
      billing_cycle: { interval: 'month', frequency: 1 },
      next_billed_at: '2026-01-24T00:00:00.000Z',
      current_billing_period: { starts_at: '2026-01-10T00:00:00Z', ends_at: '2026-01-24T00:00:00.000Z' },
    });
    await moveClock(e, '2026-01-25T00:00:00Z');
    expect(await subscription(e, sub(1))).toMatchObject({
      status: 'active',
      next_billed_at: '2026-02-24T00:00:00.000Z',
    });
    const [first] = await transactions(e, sub(1));
    expect(first?.details.totals.subtotal).toBe('3000');
  });
});
