// One date per subscription: a subscription two moves take (an item on each source price) is sent
// one PATCH under the later bills_from of the two, so the review's rollout, the notices and apply
// all judge it by that later date, whichever move they look at, and the review names the move
// whose date it is. Pure: the moves, the subscriptions and the clock are given.
import { describe, expect, it } from 'vitest';
import { predicted, withVerdicts } from '../../src/moves/by-verdict.js';
import { subscriptionMoves } from '../../src/moves/compile.js';
import { movesTaking, predictTaken, takenTerms, termsOf } from '../../src/moves/one-date.js';
import { noticesOf } from '../../src/notices/rows.js';
import type { SubscriberMove, SubscriptionRecord } from '../../src/planner/subscribers.js';
import { risingCatalog } from '../support/subscription-account.mjs';

const NOW = Date.parse('2026-11-28T12:00:00Z');
const [PRO, SEATS, OTHER] = ['pri_pro', 'pri_seats', 'pri_other'];

const move = (from: string, fromId: string, billsFrom?: string, extra: Partial<SubscriberMove> = {}) =>
  ({
    kind: 'subscribers',
    from,
    to: `${from}-2027`,
    fromId,
    toId: null,
    proration: 'do_not_bill',
    ...(billsFrom ? { billsFrom } : {}),
    ...extra,
  }) as SubscriberMove;

const PRO_MOVE = move('pro/monthly', PRO, '2026-12-01');
const SEATS_MOVE = move('seats/monthly', SEATS, '2027-04-01');
const MOVES = [PRO_MOVE, SEATS_MOVE];

const subscription = (id: string, prices: string[], next = '2026-12-15T09:00:00Z'): SubscriptionRecord => ({
  id,
  status: 'active',
  currency_code: 'USD',
  customer_id: 'ctm_1',
  items: prices.map((price_id) => ({ price_id, quantity: 1 })),
  scheduled_change: null,
  next_billed_at: next,
  billing_cycle: { interval: 'month', frequency: 1 },
});

const BOTH = subscription('sub_both', [PRO, SEATS]);
const PRO_ONLY = subscription('sub_pro', [PRO]);

const CATALOG = risingCatalog({ pro: ['Pro', '1000', '1200'], seats: ['Seats', '500', '600'] });

describe('one date per subscription', () => {
  it('a subscription two moves take waits for the later bills_from in the review, the notices and apply alike', () => {
    // the review: under pro's move, whose own date (2026-12-01) its renewal of 2026-12-15 passes
    const [pro] = withVerdicts(MOVES, [BOTH, PRO_ONLY], NOW);
    expect(pro?.verdicts?.now).toBe(1);
    expect(pro?.verdicts?.waits).toEqual([
      {
        code: 'bills_from_not_reached',
        reason:
          'bills_from 2027-04-01 not reached: the later bills_from of its moves (it also moves to seats/monthly-2027)',
        until: '2026-12-15',
        count: 1,
      },
    ]);
    // the notices: the row under pro's move is told the later date's renewal, not 2026-12-15
    const { rows } = noticesOf(MOVES, [BOTH, PRO_ONLY], { catalog: CATALOG, emails: new Map(), now: NOW });
    const row = (id: string, to: string) => rows.find((r) => r.subscription_id === id && r.to === to);
    expect(row('sub_both', 'pro/monthly-2027')).toMatchObject({
      verdict: 'waits',
      new_price_first_bills: '2027-04-15',
    });
    expect(row('sub_both', 'seats/monthly-2027')).toMatchObject({
      verdict: 'waits',
      new_price_first_bills: '2027-04-15',
    });
    expect(row('sub_pro', 'pro/monthly-2027')).toMatchObject({
      verdict: 'moves now',
      new_price_first_bills: '2026-12-15',
    });
    // apply: the same subscription is left, waiting for the later date
    const run = predicted(subscriptionMoves(MOVES, [BOTH, PRO_ONLY]), NOW);
    expect(run.planned.map((p) => p.subscription.id)).toEqual(['sub_pro']);
    expect(run.left.map((l) => [l.subscription.id, l.code, l.later])).toEqual([
      ['sub_both', 'bills_from_not_reached', true],
    ]);
  });

  it.each([
    ['each move its own date, the later taken', [PRO_MOVE, SEATS_MOVE], '2027-04-01', 'seats/monthly'],
    ['the later first in the catalog', [SEATS_MOVE, PRO_MOVE], '2027-04-01', 'seats/monthly'],
    [
      'the other move has no date: this one is kept',
      [PRO_MOVE, move('seats/monthly', SEATS)],
      '2026-12-01',
      undefined,
    ],
    [
      'this move has no date: the other one is taken',
      [move('pro/monthly', PRO), SEATS_MOVE],
      '2027-04-01',
      'seats/monthly',
    ],
    [
      'a blocked move takes no one',
      [PRO_MOVE, move('seats/monthly', SEATS, '2027-04-01', { blocked: 'x' })],
      '2026-12-01',
      undefined,
    ],
    [
      'a source not in the account takes no one',
      [PRO_MOVE, move('seats/monthly', OTHER, '2027-04-01')],
      '2026-12-01',
      undefined,
    ],
  ] as const)("the terms under pro/monthly's move: %s", (_title, moves, billsFrom, laterFrom) => {
    const pro = moves.find((m) => m.from === 'pro/monthly') as SubscriberMove;
    const taken = takenTerms(pro, BOTH, moves);
    expect(taken.terms.billsFrom).toBe(billsFrom);
    expect(taken.laterOf?.from).toBe(laterFrom);
    // apply's terms are the same: one PATCH for the moves that take it
    expect(termsOf(movesTaking(BOTH, moves)).billsFrom ?? pro.billsFrom).toBe(billsFrom);
  });

  it('a wait for its own date says nothing of another move', () => {
    const early = subscription('sub_early', [PRO, SEATS], '2026-11-30T09:00:00Z');
    expect(predictTaken(SEATS_MOVE, early, MOVES, NOW).reason).toBe('bills_from 2027-04-01 not reached');
  });
});
