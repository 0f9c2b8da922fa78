// The plan's `next bill` lines under a move: each says what a run does with its sample; one that
// moves now shows Paddle's preview as it is, one that waits shows the previewed amount on the day it
// first pays the new price (or the words where no day can be said) and what it pays before then.
import { describe, expect, it } from 'vitest';
import type { SubscriberMove } from '../../src/planner/subscribers.js';
import type { NextBill } from '../../src/review/types.js';
import { makeStyle } from '../../src/terminal/style.js';
import { nextBillLines } from '../../src/views/plan/next-bills.js';

const MOVE: SubscriberMove = {
  kind: 'subscribers',
  from: 'pro/monthly',
  to: 'pro/monthly-2027',
  fromId: 'pri_old',
  toId: 'pri_new',
  proration: 'do_not_bill',
  billsFrom: '2027-01-01',
};
const usd = (grand: string) => ({
  currency_code: 'USD',
  subtotal: grand,
  tax: '0',
  total: grand,
  grand_total: grand,
});
const bill = (fields: Partial<NextBill>): NextBill => ({
  currency_code: 'USD',
  subscription: 'sub_010',
  items: [{ key: 'pro/monthly-2027', price_id: 'pri_new', quantity: 1 }],
  target: 'price_id',
  was: usd('1000'),
  next: { at: '2026-12-31T00:00:00Z', totals: usd('1200') },
  ...fields,
});
const line = (b: NextBill) => nextBillLines(MOVE, { samples: [b] }, makeStyle(false))[0];

describe('the next bill line of a move', () => {
  it('a waiting customer is shown paying $12.00 from its first renewal on or after bills_from, not on 2026-12-31 (it pays $10.00 then)', () => {
    expect(
      line(bill({ verdict: 'waits', reason: 'bills_from 2027-01-01 not reached', first_bill: '2027-01-31' })),
    ).toBe(
      '    next bill (USD, sub_010 holding 1 × pro/monthly-2027; waits: bills_from 2027-01-01 not reached): $12.00 (no tax) on 2027-01-31, the first at the new price (bills before then: $10.00)',
    );
  });

  it.each([
    [
      'one that moves now: Paddle preview as it is',
      bill({ verdict: 'moves now', next: { at: '2027-01-05T00:00:00Z', totals: usd('1200') } }),
      '    next bill (USD, sub_010 holding 1 × pro/monthly-2027; moves now): $12.00 (no tax) on 2027-01-05 (was $10.00)',
    ],
    [
      'a day Paddle does not document: in words',
      bill({ verdict: 'waits', reason: 'r', first_bill: 'the first renewal on or after 2027-01-01' }),
      '    next bill (USD, sub_010 holding 1 × pro/monthly-2027; waits: r): $12.00 (no tax) at the first renewal on or after 2027-01-01, the first at the new price (bills before then: $10.00)',
    ],
    [
      'no bill now',
      bill({ verdict: 'waits', reason: 'r', first_bill: '2027-01-31', was: null }),
      '    next bill (USD, sub_010 holding 1 × pro/monthly-2027; waits: r): $12.00 (no tax) on 2027-01-31, the first at the new price (no bill before then)',
    ],
    [
      'a plan saved before the verdict was shown: as it was',
      bill({}),
      '    next bill (USD, sub_010 holding 1 × pro/monthly-2027): $12.00 (no tax) on 2026-12-31 (was $10.00)',
    ],
  ])('%s', (_title, b, want) => {
    expect(line(b)).toBe(want);
  });
});
