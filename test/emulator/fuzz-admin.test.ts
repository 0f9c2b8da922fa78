// Fuzzing the emulator's own input: sequences of requests to its admin routes (/__emulator/*) and
// seed files, near what a test or a team would send and past it (frequencies of 0 and 1e-9, days
// that do not exist, Paddle's full shape without its fields, clock moves back and decades on). None
// may end the process, hang it, or leave the API answering 500 afterwards. Fixed seed
// (test/setup/fuzz-seed.ts); explore with FUZZ_SEED=random FUZZ_RUNS=500.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_NAMES } from '../../src/emulator/event-types.js';
import {
  type AccountSeed,
  type EmulatorSeed,
  type RunningEmulator,
  startEmulator,
} from '../../src/emulator/index.js';
import { checkSeed, seedSchema } from '../../src/emulator/seed-file.js';
import { UserError } from '../../src/errors.js';
import { call, manualClock } from '../support/emulator.js';
import { KIM, MONTHLY, month, NOW, PRO, pid } from '../support/subscription-account.mjs';
import { startReceiver } from '../support/webhook-receiver.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 25);
const DAILY_ID = pid('pri', 2);
const price = (id: string, billingCycle: unknown) => ({
  id,
  product_id: PRO,
  description: 'Pro',
  billing_cycle: billingCycle,
  unit_price: { amount: '1000', currency_code: 'USD' },
});
const BASE: AccountSeed = {
  customers: [{ id: KIM, email: 'kim@example.com' }],
  products: [{ id: PRO, name: 'Pro', tax_category: 'saas' }],
  prices: [price(MONTHLY, month), price(DAILY_ID, { interval: 'day', frequency: 1 })],
};

// dates: mostly real ones near the clock, and the ones that broke it
const date = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: Date.parse('2025-06-01'), max: Date.parse('2027-06-01') }) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: Date.parse('9999-12-31') }) },
);
const instantish = fc.oneof(
  { weight: 30, arbitrary: date.map((ms) => new Date(ms).toISOString()) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '2026-13-01T00:00:00Z',
      '2026-02-30T00:00:00Z',
      '2026-01-31T09:00:00Z',
      '2028-02-29T00:00:00Z',
      '2026-01-31T23:30:00-14:00',
      '2026-01-01',
      '9999-12-31T23:59:59Z',
      '0000-01-01T00:00:00Z',
      '',
    ),
  },
  { weight: 1, arbitrary: fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.double()) },
);
const cycle = fc.oneof(
  {
    weight: 12,
    arbitrary: fc.record({
      interval: fc.constantFrom('day', 'week', 'month', 'month', 'year', 'fortnight'),
      frequency: fc.oneof(
        { weight: 5, arbitrary: fc.integer({ min: 1, max: 3 }) },
        {
          weight: 1,
          arbitrary: fc.constantFrom(
            0,
            -1,
            null,
            1e-9,
            1.5,
            999,
            1000,
            '1',
            Number.MAX_SAFE_INTEGER,
            Number.NaN,
          ),
        },
      ),
    }),
  },
  { weight: 1, arbitrary: fc.oneof(fc.constant(null), fc.constant({}), fc.jsonValue()) },
);
const item = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record(
      {
        price_id: fc.constantFrom(MONTHLY, DAILY_ID, pid('pri', 9)),
        quantity: fc.oneof(
          { weight: 5, arbitrary: fc.integer({ min: 1, max: 3 }) },
          { weight: 1, arbitrary: fc.constantFrom(0, -1, 1.5, null, '2', 1e9) },
        ),
      },
      { requiredKeys: ['price_id'] },
    ),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      price: fc.oneof(
        fc.constant(price(MONTHLY, month)),
        fc.record({ id: fc.constant(pid('pri', 8)), unit_price: fc.jsonValue(), billing_cycle: cycle }),
      ),
      quantity: fc.integer({ min: 1, max: 3 }),
      recurring: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ price_key: fc.constantFrom('pro/monthly', 'team/monthly') }) },
  { weight: 1, arbitrary: fc.jsonValue() },
);
const subscription = fc.record(
  {
    id: fc.constantFrom(pid('sub', 1), pid('sub', 2), pid('sub', 3), 'sub_bad'),
    customer_id: fc.constantFrom(KIM, KIM, KIM, pid('ctm', 9)),
    status: fc.constantFrom('active', 'active', 'trialing', 'paused', 'canceled', 'past_due', 'late'),
    currency_code: fc.constantFrom('USD', 'EUR'),
    collection_mode: fc.constantFrom('automatic', 'manual', 'card'),
    items: fc.array(item, { minLength: 0, maxLength: 3 }),
    created_at: instantish,
    started_at: instantish,
    next_billed_at: instantish,
    current_billing_period: fc.oneof(
      fc.constant(null),
      fc.record({ starts_at: instantish, ends_at: instantish }),
    ),
    billing_cycle: cycle,
    scheduled_change: fc.oneof(
      fc.constant(null),
      fc.record({ action: fc.constantFrom('cancel', 'pause', 'resume', 'stop'), effective_at: instantish }),
    ),
    address: fc.record({ country_code: fc.constantFrom('DE', 'US', 'de') }),
  },
  { requiredKeys: ['customer_id', 'status', 'currency_code', 'items'] },
);

interface AdminStep {
  method: string;
  path: string;
  body: string;
}
const json = (value: unknown) => JSON.stringify(value);
const adminStep: fc.Arbitrary<AdminStep> = fc.oneof(
  {
    weight: 4,
    arbitrary: instantish.map((now) => ({ method: 'POST', path: '/__emulator/clock', body: json({ now }) })),
  },
  {
    weight: 4,
    arbitrary: fc.array(subscription, { minLength: 1, maxLength: 3 }).map((subscriptions) => ({
      method: 'POST',
      path: '/__emulator/subscriptions',
      body: json({ subscriptions }),
    })),
  },
  {
    weight: 2,
    arbitrary: fc
      .record(
        {
          account: fc.constantFrom('sandbox', 'live', 'production', null),
          duplicate: fc.oneof(fc.boolean(), fc.constantFrom(null, 'true', 1)),
          reorder_window: fc.oneof(
            { weight: 4, arbitrary: fc.integer({ min: 1, max: 1000 }) },
            { weight: 1, arbitrary: fc.constantFrom(0, -1, 1001, 1.5, null, '3', 1e9, Number.NaN) },
          ),
          random_seed: fc.oneof(
            { weight: 4, arbitrary: fc.nat() },
            { weight: 1, arbitrary: fc.constantFrom(-1, 2 ** 32, 0.5, null, 'x') },
          ),
        },
        { requiredKeys: [] },
      )
      .map((body) => ({ method: 'POST', path: '/__emulator/webhook-delivery', body: json(body) })),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom<AdminStep>(
      { method: 'GET', path: '/__emulator/webhook-delivery', body: '' },
      { method: 'POST', path: '/__emulator/webhook-delivery', body: '{' },
      { method: 'POST', path: '/__emulator/clock', body: json({ now: null }) },
      { method: 'POST', path: '/__emulator/clock', body: '{' },
      { method: 'POST', path: '/__emulator/reset', body: '' },
      { method: 'GET', path: '/__emulator/clock', body: '' },
      { method: 'GET', path: '/__emulator/requests', body: '' },
      { method: 'POST', path: '/__emulator/subscriptions', body: '[]' },
      { method: 'POST', path: '/__emulator/faults', body: json({ latency_ms: 'x' }) },
    ),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      method: fc.constantFrom<'GET' | 'POST'>('GET', 'POST'),
      path: fc.constantFrom(
        '/__emulator/clock',
        '/__emulator/subscriptions',
        '/__emulator/faults',
        '/__emulator/webhook-delivery',
        '/__emulator/x',
      ),
      body: fc.oneof(fc.string(), fc.jsonValue().map(json)),
    }),
  },
);

/** Every API read a user makes after it: none answers 500. */
async function expectApiAnswers(emulator: RunningEmulator): Promise<void> {
  const reads = ['/subscriptions?per_page=200', '/transactions?per_page=200', '/prices', '/customers'];
  for (const path of reads) expect((await call(emulator, 'GET', path)).status, path).toBe(200);
  const subscriptions = (await call(emulator, 'GET', '/subscriptions?per_page=200')).body.data as {
    id: string;
  }[];
  for (const { id } of subscriptions) {
    const one = await call(
      emulator,
      'GET',
      `/subscriptions/${id}?include=next_transaction,recurring_transaction_details`,
    );
    expect(one.status, id).toBe(200);
  }
}

describe('fuzz: the admin routes', () => {
  let emulator: RunningEmulator;
  // every event delivered, so the clock's moves and webhook_delivery's shuffles send webhooks
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    receiver = await startReceiver();
    const app = {
      id: pid('ntfset', 1),
      description: 'App',
      type: 'url',
      destination: receiver.url,
      subscribed_events: EVENT_NAMES,
    };
    emulator = await startEmulator({
      demo: false,
      seed: { sandbox: { ...BASE, notification_settings: [app] } },
      now: manualClock(NOW).now,
    });
  });
  afterAll(async () => {
    await emulator.close();
    await receiver.close();
  });

  it('no sequence of admin requests ends the process or leaves an API call answering 500', {
    timeout: 240_000,
  }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(adminStep, { minLength: 1, maxLength: 6 }), async (steps) => {
        emulator.reset();
        for (const step of steps) {
          const response = await fetch(`${emulator.url}${step.path}`, {
            method: step.method,
            ...(step.method === 'POST' ? { body: step.body } : {}),
          });
          expect(response.status, `${step.method} ${step.path} ${step.body}`).toBeLessThan(500);
          await response.arrayBuffer();
        }
        emulator.setFaults({});
        await emulator.notificationsSettled();
        await expectApiAnswers(emulator);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('fuzz: seed files', () => {
  it('a seed is refused as a user error naming the field, or starts an emulator whose API and clock never answer 500', {
    timeout: 240_000,
  }, async () => {
    const seed = fc.record({
      // the two prices' cycles: mostly Paddle's, at times what broke the renewals
      cycles: fc.tuple(
        fc.oneof(fc.constant(month), cycle),
        fc.oneof(fc.constant({ interval: 'day', frequency: 1 }), cycle),
      ),
      subscriptions: fc.array(subscription, { maxLength: 3 }),
      moves: fc.array(date, { minLength: 1, maxLength: 3 }),
    });
    await fc.assert(
      fc.asyncProperty(seed, async ({ cycles, subscriptions, moves }) => {
        const section = {
          ...BASE,
          prices: [price(MONTHLY, cycles[0]), price(DAILY_ID, cycles[1])],
          subscriptions,
        };
        let checked: EmulatorSeed;
        try {
          checked = checkSeed(seedSchema, 'fuzz.yaml', { sandbox: section }, '--seed file') as EmulatorSeed;
        } catch (error) {
          expect(error).toBeInstanceOf(UserError);
          expect((error as Error).message).toMatch(/^The --seed file fuzz\.yaml is not valid:\n {2}\S/);
          return;
        }
        let emulator: RunningEmulator;
        try {
          emulator = await startEmulator({
            demo: false,
            seed: checked,
            now: manualClock(NOW).now,
          });
        } catch (error) {
          // a subscription naming a price the account lacks: refused at start, naming it
          expect((error as Error).message).toMatch(/no price \S+ in the account/);
          return;
        }
        try {
          for (const ms of moves) {
            const response = await fetch(`${emulator.url}/__emulator/clock`, {
              method: 'POST',
              body: json({ now: new Date(ms).toISOString() }),
            });
            expect(response.status).toBeLessThan(500);
            await response.arrayBuffer();
          }
          await expectApiAnswers(emulator);
        } finally {
          await emulator.close();
        }
      }),
      { numRuns: RUNS },
    );
  });
});
