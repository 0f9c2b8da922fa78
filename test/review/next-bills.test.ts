// The review's next bills of a move, on a gateway of our own (test/support/next-bills-gateway.ts):
// which subscriptions are sampled, how far the source's list is read, a refusal of Paddle's about one
// subscription, and a key Paddle answers 403 (one line, the plan goes on). How a move's target is
// sent: next-bills-targets.test.ts. Over real HTTP: test/e2e/plan-next-bills.test.ts.
import { describe, expect, it } from 'vitest';
import { RemoteError } from '../../src/errors.js';
import type { SubscriptionPreviewsGateway } from '../../src/paddle/subscription-previews-gateway.js';
import { SUBSCRIPTION_ERRORS } from '../../src/paddle-facts/subscriptions.js';
import { diff } from '../../src/planner/diff.js';
import type { Plan } from '../../src/planner/types.js';
import { SAMPLE_PAGES } from '../../src/review/next-bills.js';
import { SAMPLE_TRIES } from '../../src/review/samples.js';
import {
  billsOf,
  emptyReview,
  fakeGateway,
  NEW,
  NOW_MS,
  OLD,
  paced,
  paddleError,
  refusingFor,
  subscription,
  totals,
} from '../support/next-bills-gateway.js';
import { catalogOf, monthly, price, pro, remoteProduct, snapshotOf } from '../support/plan-builders.js';

const counted = { active: 3, trialing: 0, past_due: 0, paused: 0 };

/** pro/monthly (OLD) moves to pro/monthly-2027 (NEW), both in the account, counted. */
function planned(): Plan {
  const catalog = catalogOf({
    pro: {
      ...pro,
      prices: {
        monthly,
        'monthly-2027': { ...monthly, description: 'Pro monthly 2027', subscribers_from: ['monthly'] },
      },
    },
  });
  const prices = [
    price('pro/monthly', { id: OLD }),
    price('pro/monthly-2027', { id: NEW, description: 'Pro monthly 2027' } as object),
  ];
  const plan = diff(catalog, snapshotOf(remoteProduct('pro', {}, prices)), {});
  return { ...plan, moves: plan.moves?.map((move) => ({ ...move, subscribers: counted })) };
}

describe('next bills of a move', () => {
  it('one subscription per currency, the one billed next (no scheduled change, active first), with the items apply sends', async () => {
    const { gateway, calls } = fakeGateway([
      [
        subscription(1, 'USD', { scheduled_change: 'cancel' }),
        subscription(2, 'EUR', { status: 'past_due' }),
        subscription(3, 'USD'),
        subscription(4, 'EUR'),
      ],
    ]);
    const bills = await billsOf({ plan: planned(), gateway, calls: paced(), now: NOW_MS });
    expect(bills?.samples.map((s) => [s.currency_code, s.subscription, s.target])).toEqual([
      ['EUR', subscription(4, 'EUR').id, 'price_id'],
      ['USD', subscription(3, 'USD').id, 'price_id'],
    ]);
    expect(bills?.sampledFrom).toBeUndefined();
    expect(calls).toContain(`preview ${subscription(3, 'USD').id} [{"price_id":"${NEW}","quantity":1}]`);
  });

  it(`reads at most ${SAMPLE_PAGES} pages of the source, and says how many subscriptions the samples come from`, async () => {
    const page = (n: number) => [subscription(n, 'USD')];
    const { gateway, calls } = fakeGateway([1, 2, 3, 4, 5, 6].map(page), true);
    const bills = await billsOf({ plan: planned(), gateway, calls: paced(), now: NOW_MS });
    expect(calls.filter((c) => c.startsWith('page'))).toHaveLength(SAMPLE_PAGES);
    expect(bills?.sampledFrom).toBe(SAMPLE_PAGES);
  });

  it("a subscription Paddle will not preview gets Paddle's code, and the others are still shown", async () => {
    const { gateway } = fakeGateway([[subscription(1, 'USD'), subscription(2, 'EUR')]]);
    const refusing = refusingFor([subscription(1, 'USD').id], gateway);
    const bills = await billsOf({ plan: planned(), gateway: refusing, calls: paced(), now: NOW_MS });
    const [eur, usd] = bills?.samples ?? [];
    expect(eur?.next?.totals.grand_total).toBe('1000');
    expect(usd?.refused).toEqual({
      code: 'subscription_locked_renewal',
      detail: 'unable to update subscription 30m0s before renewal',
    });
  });

  it('a subscription Paddle will not preview gives way to the next best of its currency', async () => {
    const locked = subscription(1, 'USD');
    const { gateway, calls } = fakeGateway([[locked, subscription(2, 'USD', { status: 'past_due' })]]);
    const bills = await billsOf({
      plan: planned(),
      gateway: refusingFor([locked.id], gateway),
      calls: paced(),
      now: NOW_MS,
    });
    const [usd] = bills?.samples ?? [];
    expect(usd).toMatchObject({
      subscription: subscription(2, 'USD').id,
      next: { at: '2026-02-01T00:00:00.000Z' },
    });
    expect(usd?.refused).toBeUndefined();
    expect(calls.filter((call) => call.startsWith('preview'))).toHaveLength(1);
  });

  it(`tries at most ${SAMPLE_TRIES} subscriptions of a currency, then shows the last refusal`, async () => {
    const all = [1, 2, 3, 4].map((n) => subscription(n, 'USD'));
    const { gateway } = fakeGateway([all]);
    const tried: string[] = [];
    const refusing = refusingFor(
      all.map((s) => s.id),
      gateway,
      (id) => tried.push(id),
    );
    const bills = await billsOf({ plan: planned(), gateway: refusing, calls: paced(), now: NOW_MS });
    expect(tried).toEqual(all.slice(0, SAMPLE_TRIES).map((s) => s.id));
    const [usd] = bills?.samples ?? [];
    expect(usd).toMatchObject({
      subscription: all[SAMPLE_TRIES - 1]?.id,
      refused: { code: 'subscription_locked_renewal' },
    });
  });

  it('a key Paddle answers 403 gets one line in the review, and the plan goes on without next bills', async () => {
    const forbidden: SubscriptionPreviewsGateway = {
      ...fakeGateway([]).gateway,
      async page(operation) {
        throw new RemoteError({ code: 'forbidden', status: 403, detail: 'not allowed', operation });
      },
    };
    const review = emptyReview();
    const bills = await billsOf({ plan: planned(), gateway: forbidden, calls: paced(), now: NOW_MS }, review);
    expect(bills).toBeUndefined();
    expect(review.unavailable).toEqual([
      'Next bills of moved subscribers are not shown: the API key may not preview subscription changes (it needs subscription.read).',
    ]);
  });

  it('a move without subscribers, or whose subscribers could not be counted, asks Paddle nothing', async () => {
    const { gateway, calls } = fakeGateway([[subscription(1, 'USD')]]);
    const none = planned();
    const zero = {
      ...none,
      moves: none.moves?.map((m) => ({ ...m, subscribers: { ...counted, active: 0 } })),
    };
    const uncounted = { ...none, moves: none.moves?.map(({ subscribers: _s, ...m }) => m) };
    for (const plan of [zero, uncounted]) {
      const review = emptyReview();
      expect(await billsOf({ plan, gateway, calls: paced(), now: NOW_MS }, review)).toBeUndefined();
      expect(review).toEqual(emptyReview());
    }
    expect(calls).toEqual([]);
  });

  it('a sample shows its next bill as it stands beside the previewed one, and what the change bills now', async () => {
    const { gateway } = fakeGateway([[subscription(1, 'USD')]]);
    const billing: SubscriptionPreviewsGateway = {
      ...gateway,
      nextBill: async () => totals('USD', '900'),
      previewItems: async () => ({
        next_billed_at: '2026-02-01T00:00:00.000Z',
        next: totals('USD', '1000'),
        immediate: totals('USD', '250'),
      }),
    };
    const [usd] =
      (await billsOf({ plan: planned(), gateway: billing, calls: paced(), now: NOW_MS }))?.samples ?? [];
    expect(usd).toMatchObject({
      was: totals('USD', '900'),
      next: { at: '2026-02-01T00:00:00.000Z', totals: totals('USD', '1000') },
      immediate: totals('USD', '250'),
    });
  });

  it('a change that bills nothing now shows no immediate bill, and one Paddle previews no next bill for shows none', async () => {
    const { gateway } = fakeGateway([[subscription(1, 'USD')]]);
    const cancelling: SubscriptionPreviewsGateway = {
      ...gateway,
      previewItems: async () => ({ next_billed_at: null, next: null, immediate: null }),
    };
    const [usd] =
      (await billsOf({ plan: planned(), gateway: cancelling, calls: paced(), now: NOW_MS }))?.samples ?? [];
    expect(usd?.next).toBeNull();
    expect(usd).not.toHaveProperty('immediate');
  });

  it("every request names what it does, so an error of Paddle's says which: the list, a next bill, a preview", async () => {
    const { gateway, operations } = fakeGateway([[subscription(1, 'USD')]]);
    await billsOf({ plan: planned(), gateway, calls: paced(), now: NOW_MS });
    const id = subscription(1, 'USD').id;
    expect(operations).toEqual([
      'list subscriptions of pro/monthly for samples',
      `read the next bill of ${id}`,
      `preview moving ${id} to pro/monthly-2027`,
    ]);
  });

  it('the review only reads: the run counts each of its requests as a read, none as a write', async () => {
    const { gateway } = fakeGateway([[subscription(1, 'USD'), subscription(2, 'EUR')]]);
    const calls = paced();
    await billsOf({ plan: planned(), gateway, calls, now: NOW_MS });
    expect(calls.stats).toMatchObject({ reads: 5, writes: 0 });
  });
});

describe("Paddle's answer to one subscription's preview", () => {
  const id = subscription(1, 'USD').id;
  const answering = (error: () => unknown) =>
    refusingFor(
      [id],
      fakeGateway([[subscription(1, 'USD'), subscription(2, 'EUR')]]).gateway,
      undefined,
      error,
    );

  it.each(
    (
      [
        'subscription_update_when_past_due',
        'subscription_locked_renewal',
        'subscription_update_error_when_paused',
      ] as const
    ).map((code) => [`${SUBSCRIPTION_ERRORS[code].status} ${code}`, code] as const),
  )("%s is shown on its sample with Paddle's words, and the other samples still are", async (_, code) => {
    const { status, detail } = SUBSCRIPTION_ERRORS[code];
    const gateway = answering(() => paddleError({ status, code, detail }));
    const [eur, usd] =
      (await billsOf({ plan: planned(), gateway, calls: paced(), now: NOW_MS }))?.samples ?? [];
    expect(usd).toMatchObject({ subscription: id, was: null, next: null, refused: { code, detail } });
    expect(eur?.next?.totals.grand_total).toBe('1000');
  });

  it.each([
    ['Paddle failing (500, after its retries)', { status: 500, code: 'internal_error' }],
    ["Paddle's rate limit (429, after its retries)", { status: 429, code: 'too_many_requests' }],
    ['the network failing', { code: 'network_error' }],
  ])('%s is no refusal about the subscription: the plan stops with the error', async (_, details) => {
    const error = paddleError(details);
    const gateway = answering(() => error);
    await expect(billsOf({ plan: planned(), gateway, calls: paced(), now: NOW_MS })).rejects.toBe(error);
  });

  it('a bug of ours while previewing stops the plan as the bug it is', async () => {
    const bug = new TypeError('cannot read properties of undefined');
    const gateway = answering(() => bug);
    await expect(billsOf({ plan: planned(), gateway, calls: paced(), now: NOW_MS })).rejects.toBe(bug);
  });

  it('a key Paddle answers 403 on the preview gets the one line of the review, not a refusal per sample', async () => {
    const gateway = answering(() => paddleError({ status: 403, code: 'forbidden' }));
    const review = emptyReview();
    expect(await billsOf({ plan: planned(), gateway, calls: paced(), now: NOW_MS }, review)).toBeUndefined();
    expect(review.unavailable).toEqual([expect.stringContaining('it needs subscription.read')]);
  });

  it("Paddle failing while the source's subscriptions are read stops the plan: it is not taken for a missing permission", async () => {
    const error = paddleError({ status: 500, code: 'internal_error' });
    const failing: SubscriptionPreviewsGateway = {
      ...fakeGateway([]).gateway,
      page: async () => {
        throw error;
      },
    };
    const review = emptyReview();
    await expect(
      billsOf({ plan: planned(), gateway: failing, calls: paced(), now: NOW_MS }, review),
    ).rejects.toBe(error);
    expect(review.unavailable).toEqual([]);
  });
});
