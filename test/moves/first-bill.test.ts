// The day a move's target first bills a subscription, pure: a mode that bills now says "when apply
// moves it"; otherwise the next renewal, or with bills_from the first renewal on or after that day,
// stepped by the subscription's billing cycle; words instead of a date where the step would rest on
// how Paddle moves a month's day past the 28th (its pages do not say); null when nothing renews.
import { describe, expect, it } from 'vitest';
import { cancelsFirst, firstBillOf } from '../../src/moves/first-bill.js';
import type { MoveTerms } from '../../src/moves/predict.js';
import type { ProrationBillingMode } from '../../src/paddle-facts/subscriptions.js';
import type { SubscriptionRecord } from '../../src/planner/subscribers.js';

const move = (proration: ProrationBillingMode, billsFrom?: string): MoveTerms => ({
  proration,
  ...(billsFrom === undefined ? {} : { billsFrom }),
});

/** Monthly unless `cycle` says otherwise; null: no billing cycle read. */
const subscription = (
  next: string | null,
  cycle: { interval: string; frequency: number } | null = { interval: 'month', frequency: 1 },
): SubscriptionRecord => ({
  id: 'sub_01',
  status: next === null ? 'paused' : 'active',
  currency_code: 'USD',
  items: [{ price_id: 'pri_01', quantity: 1 }],
  scheduled_change: null,
  next_billed_at: next,
  ...(cycle === null ? {} : { billing_cycle: cycle }),
});

const at = (day: string) => `${day}T09:30:00.000Z`;
const week = { interval: 'week', frequency: 1 };
const year = { interval: 'year', frequency: 1 };

describe('the day the new price first bills a subscription', () => {
  it('a past-due one: after it is paid and moved, never its unpaid bill', () => {
    const pastDue = { ...subscription(at('2026-01-10')), status: 'past_due' };
    expect(firstBillOf(move('do_not_bill'), pastDue)).toBe('the first renewal after it is paid and moved');
    expect(firstBillOf(move('do_not_bill', '2026-03-01'), pastDue)).toBe(
      'the first renewal after it is paid and moved',
    );
    expect(firstBillOf(move('full_immediately'), pastDue)).toBe('when apply moves it');
  });

  it.each([
    // modes that bill now: whatever the renewal or bills_from
    ['prorated_immediately', undefined, at('2026-02-01'), undefined, 'when apply moves it'],
    ['full_immediately', '2026-03-01', at('2026-02-01'), undefined, 'when apply moves it'],
    ['prorated_immediately', undefined, null, undefined, 'when apply moves it'],
    // no bills_from: the next renewal
    ['do_not_bill', undefined, at('2026-02-01'), undefined, '2026-02-01'],
    ['prorated_next_billing_period', undefined, at('2026-02-01'), undefined, '2026-02-01'],
    ['full_next_billing_period', undefined, at('2026-01-31'), undefined, '2026-01-31'],
    // paused (nothing renews): when it resumes; with bills_from, only a resume on or after the day
    ['do_not_bill', undefined, null, undefined, 'when it resumes'],
    [
      'do_not_bill',
      '2026-03-01',
      null,
      undefined,
      'when it resumes, if on or after 2026-03-01; else its first renewal on or after 2026-03-01',
    ],
    // bills_from: the renewal on or after it, stepped by the cycle
    ['do_not_bill', '2026-03-01', at('2026-02-01'), undefined, '2026-03-01'],
    ['do_not_bill', '2026-03-01', at('2026-01-10'), undefined, '2026-03-10'],
    ['do_not_bill', '2026-03-01', at('2026-03-05'), undefined, '2026-03-05'],
    ['do_not_bill', '2026-03-01', at('2026-02-20'), week, '2026-03-06'],
    ['do_not_bill', '2026-03-01', at('2026-02-10'), year, '2027-02-10'],
    ['do_not_bill', '2026-03-01', at('2026-02-25'), { interval: 'day', frequency: 10 }, '2026-03-07'],
    // past the 28th: Paddle does not say which day the month after is, so the cell says it in words
    ['do_not_bill', '2026-03-01', at('2026-01-31'), undefined, 'the first renewal on or after 2026-03-01'],
    ['do_not_bill', '2026-03-01', at('2026-01-29'), undefined, 'the first renewal on or after 2026-03-01'],
    // 28 February may be a renewal of the 29th–31st clamped: whether March is the 28th or the 31st is unsaid
    ['do_not_bill', '2026-03-15', at('2026-02-28'), undefined, 'the first renewal on or after 2026-03-15'],
    ['do_not_bill', '2028-01-01', at('2027-02-28'), year, 'the first renewal on or after 2028-01-01'],
    // … but not a leap year's 28 February, nor a 28th reached from the 28th
    ['do_not_bill', '2028-03-15', at('2028-02-28'), undefined, '2028-03-28'],
    ['do_not_bill', '2026-03-15', at('2026-01-28'), undefined, '2026-03-28'],
    ['do_not_bill', '2026-03-15', at('2026-02-28'), week, '2026-03-21'],
    // … unless the next renewal is already on or after bills_from: no step is needed
    ['do_not_bill', '2026-03-01', at('2026-03-30'), undefined, '2026-03-30'],
    // no billing cycle read, or one Paddle does not document (it has day, week, month, year): no step
    ['do_not_bill', '2026-03-01', at('2026-02-01'), null, 'the first renewal on or after 2026-03-01'],
    [
      'do_not_bill',
      '2026-03-01',
      at('2026-02-01'),
      { interval: 'fortnight', frequency: 1 },
      'the first renewal on or after 2026-03-01',
    ],
    // at most 400 renewals are looked at (a daily plan more than a year ahead): past them, words
    ['do_not_bill', '2027-02-04', at('2026-01-01'), { interval: 'day', frequency: 1 }, '2027-02-04'],
    [
      'do_not_bill',
      '2027-02-05',
      at('2026-01-01'),
      { interval: 'day', frequency: 1 },
      'the first renewal on or after 2027-02-05',
    ],
  ] as const)(
    '%s, bills_from %s, next renewal %s, cycle %o: %s',
    (proration, billsFrom, next, cycle, first) => {
      expect(firstBillOf(move(proration, billsFrom), subscription(next, cycle))).toBe(first);
    },
  );

  // a cancel scheduled for the next billing date: Paddle cancels it then and bills it nothing more
  // (https://developer.paddle.com/build/subscriptions/cancel-subscriptions)
  const canceling = (next: string | null): SubscriptionRecord => ({
    ...subscription(next),
    status: 'active',
    scheduled_change: 'cancel',
    scheduled_at: at('2026-02-01'),
  });
  it.each([
    ['do_not_bill', undefined, null, true, null],
    ['do_not_bill', '2026-03-01', null, true, null],
    ['do_not_bill', undefined, at('2026-02-01'), true, null],
    // a mode that bills when apply moves it bills the new price before the cancel
    ['full_immediately', undefined, null, false, 'when apply moves it'],
  ] as const)(
    'a scheduled cancel under %s, bills_from %s, next renewal %s: never billed the new price (%s), %s',
    (proration, billsFrom, next, never, first) => {
      expect(cancelsFirst(move(proration, billsFrom), canceling(next))).toBe(never);
      expect(firstBillOf(move(proration, billsFrom), canceling(next))).toBe(first);
    },
  );

  // Paddle bills a paused subscription on resuming (by default), a scheduled resume on its day
  // (https://developer.paddle.com/api-reference/subscriptions/resume-subscription)
  const resuming = (day: string): SubscriptionRecord => ({
    ...subscription(null),
    scheduled_change: 'resume',
    scheduled_at: at(day),
  });
  it.each([
    [undefined, '2026-02-10', 'when it resumes on 2026-02-10'],
    ['2026-03-01', '2026-03-01', 'when it resumes on 2026-03-01'],
    ['2026-03-01', '2026-04-02', 'when it resumes on 2026-04-02'],
    ['2026-03-01', '2026-02-10', 'the first renewal on or after 2026-03-01 (it resumes on 2026-02-10)'],
  ] as const)(
    'a paused one resuming on a set day, bills_from %s, resumes %s: %s',
    (billsFrom, day, first) => {
      expect(firstBillOf(move('do_not_bill', billsFrom), resuming(day))).toBe(first);
    },
  );

  it('one scheduled to pause with no renewal listed: when it resumes', () => {
    const pausing = {
      ...subscription(null),
      status: 'active',
      scheduled_change: 'pause',
      scheduled_at: at('2026-02-01'),
    };
    expect(firstBillOf(move('do_not_bill'), pausing)).toBe('when it resumes');
    expect(cancelsFirst(move('do_not_bill'), pausing)).toBe(false);
  });

  // Paddle's pause example lists one scheduled to pause with a resume date as next billed then
  // (next_billed_at equal to resume_at: https://developer.paddle.com/api-reference/subscriptions/pause-subscription),
  // and a resume bills a new period from that day by default
  it('one scheduled to pause with a resume date listed as its next bill: the resume day, or the first renewal on or after bills_from from it', () => {
    const resuming = {
      ...subscription(at('2026-03-10')),
      scheduled_change: 'pause',
      scheduled_at: at('2026-02-01'),
    };
    expect(firstBillOf(move('do_not_bill'), resuming)).toBe('2026-03-10');
    expect(firstBillOf(move('do_not_bill', '2026-04-01'), resuming)).toBe('2026-04-10');
  });

  it('an active one with no renewal listed and nothing scheduled: no day', () => {
    expect(firstBillOf(move('do_not_bill'), { ...subscription(null), status: 'active' })).toBeNull();
  });
});
