// The review's next bills of a move, on a gateway of our own: which subscriptions are sampled, how
// far the source's list is read, a refusal of Paddle's about one subscription, and a key Paddle
// answers 403 (one line, the plan goes on). Over real HTTP: test/e2e/plan-next-bills.test.ts.
import { describe, expect, it } from 'vitest';
import { RemoteError } from '../../src/errors.js';
import { createPacedCalls, DEFAULT_RETRY } from '../../src/paddle/calls.js';
import type {
  BillTotals,
  SubscriptionPreviewsGateway,
} from '../../src/paddle/subscription-previews-gateway.js';
import { diff } from '../../src/planner/diff.js';
import type { SubscriptionRecord } from '../../src/planner/subscribers.js';
import type { Plan } from '../../src/planner/types.js';
import { type NextBillsRequest, reviewNextBills, SAMPLE_PAGES } from '../../src/review/next-bills.js';
import { SAMPLE_TRIES } from '../../src/review/samples.js';
import { moveReviewOf, type Review } from '../../src/review/types.js';
import { jumpingClock } from '../support/jumping-clock.js';
import { catalogOf, monthly, price, pro, remoteProduct, snapshotOf } from '../support/plan-builders.js';

const OLD = `pri_${'o'.repeat(26)}`;
const NEW = `pri_${'n'.repeat(26)}`;
const paced = () => createPacedCalls({ requestsPerMinute: 0, retry: DEFAULT_RETRY, clock: jumpingClock() });
const counted = { active: 3, trialing: 0, past_due: 0, paused: 0 };
/** The run's clock: before every sample's renewal (2026-02-01), none within a lock. */
const NOW = Date.parse('2026-01-15T12:00:00Z');

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

const subscription = (n: number, currency: string, fields: Partial<SubscriptionRecord> = {}) => ({
  id: `sub_${String(n).padStart(26, '0')}`,
  status: 'active',
  currency_code: currency,
  items: [{ price_id: OLD, quantity: 1 }],
  scheduled_change: null,
  next_billed_at: '2026-02-01T00:00:00.000Z',
  ...fields,
});

const totals = (currency: string, grand: string): BillTotals => ({
  currency_code: currency,
  subtotal: grand,
  tax: '0',
  total: grand,
  grand_total: grand,
});

/** A gateway whose list holds `pages` of `records`, with every call it gets recorded. */
function fakeGateway(pages: SubscriptionRecord[][], more = false) {
  const calls: string[] = [];
  const gateway: SubscriptionPreviewsGateway = {
    async page(_op, _price, _statuses, next) {
      const index = next === undefined ? 0 : Number(next);
      calls.push(`page ${index}`);
      const last = index + 1 >= pages.length && !more;
      return { records: pages[index] ?? [], ...(last ? {} : { next: String(index + 1) }) };
    },
    async nextBill(_op, id) {
      calls.push(`next bill ${id}`);
      return totals('USD', '1000');
    },
    async previewItems(_op, id, items) {
      calls.push(`preview ${id} ${JSON.stringify(items)}`);
      return { next_billed_at: '2026-02-01T00:00:00.000Z', next: totals('USD', '1000'), immediate: null };
    },
  };
  return { gateway, calls };
}

/** `gateway`, but the previews of `locked` answered as Paddle does within 30 minutes of a renewal. */
function refusingFor(
  locked: string[],
  gateway: SubscriptionPreviewsGateway,
  onRefused: (id: string) => void = () => undefined,
): SubscriptionPreviewsGateway {
  return {
    ...gateway,
    async previewItems(op, id, items, proration) {
      if (!locked.includes(id)) return gateway.previewItems(op, id, items, proration);
      onRefused(id);
      throw new RemoteError({
        code: 'subscription_locked_renewal',
        status: 409,
        detail: 'unable to update subscription 30m0s before renewal',
        operation: op,
      });
    },
  };
}

const emptyReview = (): Review => ({ prices: {}, countries: [], unavailable: [] });
/** The review's next bills of the plan's move. */
async function billsOf(request: NextBillsRequest, review = emptyReview()) {
  await reviewNextBills(request, review);
  const [move] = request.plan.moves ?? [];
  return move ? moveReviewOf(review, move).nextBills : undefined;
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
    const bills = await billsOf({ plan: planned(), gateway, calls: paced(), now: NOW });
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
    const bills = await billsOf({ plan: planned(), gateway, calls: paced(), now: NOW });
    expect(calls.filter((c) => c.startsWith('page'))).toHaveLength(SAMPLE_PAGES);
    expect(bills?.sampledFrom).toBe(SAMPLE_PAGES);
  });

  it("a subscription Paddle will not preview gets Paddle's code, and the others are still shown", async () => {
    const { gateway } = fakeGateway([[subscription(1, 'USD'), subscription(2, 'EUR')]]);
    const refusing = refusingFor([subscription(1, 'USD').id], gateway);
    const bills = await billsOf({ plan: planned(), gateway: refusing, calls: paced(), now: NOW });
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
      now: NOW,
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
    const bills = await billsOf({ plan: planned(), gateway: refusing, calls: paced(), now: NOW });
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
    const bills = await billsOf({ plan: planned(), gateway: forbidden, calls: paced(), now: NOW }, review);
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
      expect(await billsOf({ plan, gateway, calls: paced(), now: NOW })).toBeUndefined();
    }
    expect(calls).toEqual([]);
  });
});
