// The subscription routes against Paddle's OpenAPI description and the Node SDK's own classes:
// every answer validates, and the SDK's subscriptions.list/get/update/previewUpdate read them with
// no field undefined; every refusal, of a change or of a cancel, pause, resume or activation, is
// the example answer of its page in Paddle's error reference.
import type { Paddle } from '@paddle/paddle-node-sdk';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { SUBSCRIPTION_STATUSES } from '../../src/paddle-facts/subscriptions.js';
import { call, manualClock } from '../support/emulator.js';
import { FULL_SPEC_FILE, type ResponseValidator, responseValidator } from '../support/openapi.js';
import { sdkOf } from '../support/sdk.js';
import {
  ADDON,
  CARDLESS,
  MONTHLY,
  NOW,
  PRO,
  SEAT,
  SUBSCRIPTION_SEED,
  sub,
  YEARLY,
} from '../support/subscription-account.mjs';
import { ACTION_ANSWERS, SUBSCRIPTION_ANSWERS } from './paddle-answers-subscriptions.js';
import { undefinedFields } from './undefined-fields.js';

let emulator: RunningEmulator;
let paddle: Paddle;
let validator: ResponseValidator;

beforeAll(async () => {
  validator = responseValidator(FULL_SPEC_FILE);
  emulator = await startEmulator({ seed: { sandbox: SUBSCRIPTION_SEED }, now: manualClock(NOW).now });
  paddle = sdkOf(emulator);
});
beforeEach(() => emulator.reset());
afterAll(() => emulator.close());

const ONE = '/subscriptions/{subscription_id}';
const change = (mode: string) => ({
  items: [
    { price_id: YEARLY, quantity: 1 },
    { price_id: SEAT, quantity: 6 },
  ],
  proration_billing_mode: mode,
});

/** A move to a price that does not exist yet, previewed as a non-catalog price of an existing product. */
const nonCatalog = (where: Record<string, unknown>) => ({
  items: [
    {
      price: {
        description: 'Pro monthly 2027',
        billing_cycle: { interval: 'month', frequency: 1 },
        unit_price: { amount: '2900', currency_code: 'USD' },
        ...where,
      },
      quantity: 1,
    },
  ],
  proration_billing_mode: 'prorated_immediately',
});

describe('subscription answers validate against Paddle’s OpenAPI description', () => {
  it.each([
    ['GET', '/subscriptions', '/subscriptions?per_page=200', undefined],
    [
      'GET',
      '/subscriptions',
      `/subscriptions?status=${SUBSCRIPTION_STATUSES.join(',')}&price_id=${MONTHLY}`,
      undefined,
    ],
    [
      'GET',
      '/subscriptions',
      `/subscriptions?price_id=${MONTHLY}%2C${SEAT}&status=active%2Cpaused`,
      undefined,
    ],
    [
      'GET',
      ONE,
      `/subscriptions/${sub(1)}?include=next_transaction,recurring_transaction_details`,
      undefined,
    ],
    [
      'GET',
      ONE,
      `/subscriptions/${sub(3)}?include=next_transaction,recurring_transaction_details`,
      undefined,
    ],
    ['GET', ONE, `/subscriptions/${sub(6)}?include=next_transaction`, undefined],
    ['PATCH', `${ONE}/preview`, `/subscriptions/${sub(1)}/preview`, change('prorated_immediately')],
    ['PATCH', `${ONE}/preview`, `/subscriptions/${sub(1)}/preview`, change('full_next_billing_period')],
    ['PATCH', `${ONE}/preview`, `/subscriptions/${sub(1)}/preview`, change('do_not_bill')],
    ['PATCH', `${ONE}/preview`, `/subscriptions/${sub(2)}/preview`, nonCatalog({ product_id: PRO })],
    ['PATCH', ONE, `/subscriptions/${sub(2)}`, change('prorated_next_billing_period')],
    ['PATCH', ONE, `/subscriptions/${sub(6)}`, change('do_not_bill')],
    ['PATCH', ONE, `/subscriptions/${sub(8)}`, change('do_not_bill')],
    ['GET', '/subscriptions', '/subscriptions?status=gone', undefined],
    ['GET', ONE, `/subscriptions/${sub(99)}`, undefined],
  ])('%s %s (%s)', async (method, template, path, body) => {
    const res = await call(emulator, method, path, { body });
    expect(validator.check(method, template, res.status, res.body)).toEqual([]);
  });

  it('the demo data’s subscriptions too', async () => {
    const res = await call(
      emulator,
      'GET',
      '/subscriptions?per_page=200&customer_id=' + (await demoCustomer()),
    );
    expect(res.body.data.length).toBeGreaterThan(0);
    expect(validator.check('GET', '/subscriptions', res.status, res.body)).toEqual([]);
  });
});

async function demoCustomer(): Promise<string> {
  return (await call(emulator, 'GET', '/customers?email=demo@example.com')).body.data[0].id;
}

describe('the Node SDK reads every subscription answer with no field undefined', () => {
  it('subscriptions.list: every subscription, seeded and demo, with its estimated total', async () => {
    const collection = paddle.subscriptions.list({ perPage: 200 });
    const all = await collection.next();
    expect(all.length).toBe(collection.estimatedTotal);
    expect(all.flatMap((s) => undefinedFields(s).map((p) => `${s.id}${p}`))).toEqual([]);
    const counted = paddle.subscriptions.list({ priceId: [MONTHLY], status: ['active'], perPage: 1 });
    await counted.next();
    expect(counted.estimatedTotal).toBe(4);
  });

  it('subscriptions.get with both includes', async () => {
    const got = await paddle.subscriptions.get(sub(1), {
      include: ['next_transaction', 'recurring_transaction_details'],
    });
    expect(got.nextTransaction?.details.totals.total).toBe(String(2400 + 5 * 500));
    expect(undefinedFields(got)).toEqual([]);
  });

  it('subscriptions.previewUpdate and subscriptions.update', async () => {
    const body = {
      items: [
        { priceId: MONTHLY, quantity: 1 },
        { priceId: ADDON, quantity: 2 },
      ],
      prorationBillingMode: 'prorated_immediately' as const,
    };
    const preview = await paddle.subscriptions.previewUpdate(sub(2), body);
    expect(preview.updateSummary?.result.action).toBe('charge');
    expect(undefinedFields(preview)).toEqual([]);
    const updated = await paddle.subscriptions.update(sub(2), body);
    expect(updated.items.map((i) => [i.price.id, i.quantity])).toEqual([
      [MONTHLY, 1],
      [ADDON, 2],
    ]);
    expect(undefinedFields(updated)).toEqual([]);
  });

  it('a trialing subscription on a cardless trial', async () => {
    const got = await paddle.subscriptions.get(sub(3));
    expect(got.items[0]?.price.id).toBe(CARDLESS);
    expect(got.items[0]?.trialDates).not.toBeNull();
    expect(undefinedFields(got)).toEqual([]);
  });
});

describe('the emulator refuses a change as Paddle’s error reference shows', () => {
  it.each(SUBSCRIPTION_ANSWERS.map((a) => [a.name, a] as const))('%s', async (_, answer) => {
    const { method, path, body } = answer.request;
    for (const at of [path, `${path}/preview`]) {
      const res = await call(emulator, method, at, { body });
      expect(res.status).toBe(answer.status);
      expect(res.body.error).toEqual(answer.error);
      expect(
        validator.check(method, `${ONE}${at.endsWith('/preview') ? '/preview' : ''}`, res.status, res.body),
      ).toEqual([]);
    }
  });
});

describe('the emulator refuses a cancel, pause, resume or activation as Paddle’s error reference shows', () => {
  it.each(ACTION_ANSWERS.map((a) => [a.name, a] as const))('%s', async (_, answer) => {
    const { method, path, body } = answer.request;
    const res = await call(emulator, method, path, { body });
    expect([res.status, res.body.error]).toEqual([answer.status, answer.error]);
    const action = path.split('/').pop();
    expect(validator.check(method, `${ONE}/${action}`, res.status, res.body)).toEqual([]);
  });
});
