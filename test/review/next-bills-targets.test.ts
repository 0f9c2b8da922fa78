// How the review previews a move's target on a sample, as apply would send it: a price Paddle already
// bills as the catalog wants it by its id; one this apply makes, changes in what a customer pays, or
// sets active again, as a non-catalog price of the catalog's amounts on its product (Paddle previews
// what the subscription would be billed, https://developer.paddle.com/api-reference/subscriptions/preview-subscription-update);
// one of a product this apply makes, not at all (a non-catalog price needs a product id). Which
// subscriptions are sampled: next-bills.test.ts.
import { describe, expect, it } from 'vitest';
import type { CatalogPrice } from '../../src/catalog/schema.js';
import { diff } from '../../src/planner/diff.js';
import type { RemotePrice } from '../../src/planner/remote.js';
import type { DiffOptions, Plan } from '../../src/planner/types.js';
import { reviewNextBills } from '../../src/review/next-bills.js';
import { moveReviewOf } from '../../src/review/types.js';
import { startedMarker } from '../support/marker.mjs';
import {
  billsOf,
  emptyReview,
  fakeGateway,
  NEW,
  NOW_MS,
  OLD,
  paced,
  subscription,
} from '../support/next-bills-gateway.js';
import { catalogOf, monthly, price, pro, remoteProduct, snapshotOf } from '../support/plan-builders.js';

const PRO = `pro_${'p'.repeat(26)}`;
const counted = { active: 1, trialing: 0, past_due: 0, paused: 0 };

/** The catalog's new price: 1200 a month, pro/monthly's subscribers move to it. */
const monthly2027: CatalogPrice = {
  ...monthly,
  description: 'Pro monthly 2027',
  unit_price: { amount: '1200', currency_code: 'USD' },
  subscribers_from: ['monthly'],
};

/** The move as the target's marker records it once an apply has started it. */
const started = { from: 'pro/monthly', proration: 'do_not_bill', bills_from: null };

/** pro/monthly-2027 as the account holds it, the catalog's amounts unless `fields` say otherwise. */
const held = (fields: Partial<RemotePrice> = {}, key = 'pro/monthly-2027') =>
  price(key, { id: NEW, description: 'Pro monthly 2027', unit_price: monthly2027.unit_price, ...fields });

/** pro/monthly (OLD) moves to pro/monthly-2027, which the account holds as `target` (or not at all). */
function movingTo(target: ReturnType<typeof held> | undefined, options: DiffOptions = {}): Plan {
  const catalog = catalogOf({ pro: { ...pro, prices: { monthly, 'monthly-2027': monthly2027 } } });
  const prices = [price('pro/monthly', { id: OLD }), ...(target ? [target] : [])];
  const plan = diff(catalog, snapshotOf(remoteProduct('pro', { id: PRO }, prices)), options);
  return { ...plan, moves: plan.moves?.map((move) => ({ ...move, subscribers: counted })) };
}

/** The catalog's price as a preview sends it when it has no id to go by: on pro, at the catalog's amounts. */
const nonCatalog = expect.objectContaining({
  description: 'Pro monthly 2027',
  unit_price: { amount: '1200', currency_code: 'USD' },
  billing_cycle: { interval: 'month', frequency: 1 },
  product_id: PRO,
});

/** The one sample of a plan's move, and the items its preview sent. */
async function sampled(plan: Plan) {
  const { gateway, calls } = fakeGateway([[subscription(1, 'USD')]]);
  const bills = await billsOf({ plan, gateway, calls: paced(), now: NOW_MS });
  const previewed = calls.filter((call) => call.startsWith('preview'));
  const sent = previewed.map((call) => JSON.parse(call.slice(call.indexOf('['))));
  return { sample: bills?.samples[0], sent };
}

describe("a move's target in the review's next bills", () => {
  it.each<[string, ReturnType<typeof held> | undefined, DiffOptions?]>([
    ['a price the account bills as the catalog wants it', held({ name: 'Old name' })],
    ['a price --adopt takes over, active', held({ custom_data: null }), { adopt: true }],
    [
      'a price whose move an earlier apply started (nothing left to change on it)',
      held({ custom_data: startedMarker('pro/monthly-2027', [started]) }),
    ],
  ])('%s is previewed by its id, and the sample lists it by key and id', async (_, target, options = {}) => {
    const { sample, sent } = await sampled(movingTo(target, options));
    expect(sample?.target).toBe('price_id');
    expect(sent).toEqual([[{ price_id: NEW, quantity: 1 }]]);
    expect(sample?.items).toEqual([{ key: 'pro/monthly-2027', price_id: NEW, quantity: 1 }]);
  });

  it.each<[string, ReturnType<typeof held> | undefined, DiffOptions?]>([
    ['a price this apply makes', undefined],
    [
      'a price whose amount this apply changes',
      held({ unit_price: { amount: '1000', currency_code: 'USD' } }),
    ],
    ['an archived price this apply sets active again', held({ status: 'archived' })],
    [
      'an archived price --adopt takes over',
      held({ custom_data: null, status: 'archived' }),
      { adopt: true },
    ],
  ])(
    "%s is previewed as a non-catalog price of the catalog's amounts on its product, listed by key",
    async (_, target, options = {}) => {
      const { sample, sent } = await sampled(movingTo(target, options));
      expect(sample?.target).toBe('non_catalog');
      expect(sent).toEqual([[{ price: nonCatalog, quantity: 1 }]]);
      expect(sample?.items).toEqual([{ key: 'pro/monthly-2027', price_id: null, quantity: 1 }]);
    },
  );

  it('a move to a price of a product this apply makes is not previewed, and says why; Paddle is asked nothing', async () => {
    const catalog = catalogOf({
      pro,
      team: {
        name: 'Team',
        tax_category: 'saas',
        prices: { monthly: { ...monthly2027, subscribers_from: ['pro/monthly'] } },
      },
    });
    const account = snapshotOf(remoteProduct('pro', { id: PRO }, [price('pro/monthly', { id: OLD })]));
    const plan = diff(catalog, account, {});
    const counting = { ...plan, moves: plan.moves?.map((move) => ({ ...move, subscribers: counted })) };
    const { gateway, calls } = fakeGateway([[subscription(1, 'USD')]]);
    expect(await billsOf({ plan: counting, gateway, calls: paced(), now: NOW_MS })).toEqual({
      samples: [],
      notPreviewed: 'new_product',
    });
    expect(calls).toEqual([]);
  });

  it('a subscription that also moves to a price of a product this apply makes is no sample: it cannot be previewed', async () => {
    const SEATS = `pri_${'s'.repeat(26)}`;
    const seats = { ...monthly, description: 'Seats' };
    const catalog = catalogOf({
      pro: { ...pro, prices: { monthly, 'monthly-2027': monthly2027, seats } },
      team: {
        name: 'Team',
        tax_category: 'saas',
        prices: { seats: { ...seats, subscribers_from: ['pro/seats'] } },
      },
    });
    const prices = [
      price('pro/monthly', { id: OLD }),
      held(),
      price('pro/seats', { id: SEATS, description: 'Seats' }),
    ];
    const plan = diff(catalog, snapshotOf(remoteProduct('pro', { id: PRO }, prices)), {});
    const counting = { ...plan, moves: plan.moves?.map((move) => ({ ...move, subscribers: counted })) };
    const both = subscription(1, 'USD', {
      items: [
        { price_id: OLD, quantity: 1 },
        { price_id: SEATS, quantity: 3 },
      ],
    });
    const { gateway } = fakeGateway([[both, subscription(2, 'USD')]]);
    const review = emptyReview();
    await reviewNextBills({ plan: counting, gateway, calls: paced(), now: NOW_MS }, review);
    const toNew = counting.moves?.find((move) => move.to === 'pro/monthly-2027');
    expect(toNew && moveReviewOf(review, toNew).nextBills?.samples.map((s) => s.subscription)).toEqual([
      subscription(2, 'USD').id,
    ]);
  });

  it('a subscription on two moving prices is previewed with each item at its own new price', async () => {
    const SEATS = `pri_${'s'.repeat(26)}`;
    const usd = (amount: string) => ({ amount, currency_code: 'USD' as const });
    const seats: CatalogPrice = { ...monthly, description: 'Seats', unit_price: usd('500') };
    const seats2027: CatalogPrice = { ...seats, description: 'Seats 2027', unit_price: usd('600') };
    const catalog = catalogOf({
      pro: {
        ...pro,
        prices: {
          monthly,
          'monthly-2027': monthly2027,
          seats,
          'seats-2027': { ...seats2027, subscribers_from: ['seats'] },
        },
      },
    });
    const prices = [
      price('pro/monthly', { id: OLD }),
      price('pro/seats', { id: SEATS, description: 'Seats', unit_price: usd('500') }),
    ];
    const plan = diff(catalog, snapshotOf(remoteProduct('pro', { id: PRO }, prices)), {});
    const counting = { ...plan, moves: plan.moves?.map((move) => ({ ...move, subscribers: counted })) };
    const items = [
      { price_id: SEATS, quantity: 3 },
      { price_id: OLD, quantity: 1 },
    ];
    const { gateway, calls } = fakeGateway([[subscription(1, 'USD', { items })]]);
    await billsOf({ plan: counting, gateway, calls: paced(), now: NOW_MS });
    const [preview] = calls.filter((call) => call.startsWith('preview'));
    expect(JSON.parse(preview?.slice(preview.indexOf('[')) ?? '')).toEqual([
      {
        price: expect.objectContaining({ description: 'Seats 2027', unit_price: seats2027.unit_price }),
        quantity: 3,
      },
      {
        price: expect.objectContaining({
          description: 'Pro monthly 2027',
          unit_price: monthly2027.unit_price,
        }),
        quantity: 1,
      },
    ]);
  });

  it('the sample keeps every other item with its quantity: one of the catalog by its key, one not in it by id alone', async () => {
    const SEATS = `pri_${'s'.repeat(26)}`;
    const FOREIGN = `pri_${'f'.repeat(26)}`;
    const catalog = catalogOf({
      pro: {
        ...pro,
        prices: { monthly, 'monthly-2027': monthly2027, seats: { ...monthly, description: 'Seats' } },
      },
    });
    const prices = [
      price('pro/monthly', { id: OLD }),
      held(),
      price('pro/seats', { id: SEATS, description: 'Seats' }),
    ];
    const plan = diff(catalog, snapshotOf(remoteProduct('pro', { id: PRO }, prices)), {});
    const counting = { ...plan, moves: plan.moves?.map((move) => ({ ...move, subscribers: counted })) };
    const items = [
      { price_id: SEATS, quantity: 5 },
      { price_id: OLD, quantity: 2 },
      { price_id: FOREIGN, quantity: 1 },
    ];
    const { gateway } = fakeGateway([[subscription(1, 'USD', { items })]]);
    const bills = await billsOf({ plan: counting, gateway, calls: paced(), now: NOW_MS });
    expect(bills?.samples[0]?.items).toEqual([
      { key: 'pro/seats', price_id: SEATS, quantity: 5 },
      { key: 'pro/monthly-2027', price_id: NEW, quantity: 2 },
      { key: null, price_id: FOREIGN, quantity: 1 },
    ]);
  });
});
