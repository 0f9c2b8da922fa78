// Which subscription a move's next bill is previewed on, and when it first pays the new price
// (pure): one that moves now first (Paddle's preview is then its real next bill), then one that
// waits for bills_from (shown on its first renewal on or after the date), then what Paddle's pages
// leave open, then the rest; of one kind, no scheduled change and active first, then as listed.
import { describe, expect, it } from 'vitest';
import type { SubscriberMove, SubscriptionRecord } from '../../src/planner/subscribers.js';
import { SAMPLE_TRIES, samplesOf, timingOf } from '../../src/review/samples.js';

const NOW = Date.parse('2026-11-28T12:00:00Z');
const PRO = 'pri_pro';

const move = (billsFrom?: string): SubscriberMove => ({
  kind: 'subscribers',
  from: 'pro/monthly',
  to: 'pro/monthly-2027',
  fromId: PRO,
  toId: 'pri_new',
  proration: 'do_not_bill',
  ...(billsFrom ? { billsFrom } : {}),
});

const subscription = (id: string, fields: Partial<SubscriptionRecord> = {}): SubscriptionRecord => ({
  id,
  status: 'active',
  currency_code: 'USD',
  items: [{ price_id: PRO, quantity: 1 }],
  scheduled_change: null,
  next_billed_at: '2026-12-20T09:00:00Z',
  billing_cycle: { interval: 'month', frequency: 1 },
  ...fields,
});

// each subscription named by what a run does with it under bills_from 2027-01-01 at NOW
const WAITS_DATE = subscription('waits_for_date');
const MOVES_NOW = subscription('moves_now', { next_billed_at: '2027-01-05T09:00:00Z' });
const TRIALING = subscription('trialing', { status: 'trialing', next_billed_at: '2027-01-05T09:00:00Z' });
const PAST_DUE = subscription('past_due', { status: 'past_due' });
const CANCELING = subscription('moves_now_canceling', {
  next_billed_at: '2027-01-05T09:00:00Z',
  scheduled_change: 'cancel',
});
const WAITS_CANCELING = subscription('waits_for_date_canceling', { scheduled_change: 'cancel' });
const PAUSED = subscription('paused', { status: 'paused', next_billed_at: null });
/** renews 10 minutes after NOW: within Paddle's 30-minute lock */
const LOCKED = subscription('locked', { next_billed_at: '2026-11-28T12:10:00Z' });
const EUR = subscription('eur_moves_now', { currency_code: 'EUR', next_billed_at: '2027-01-05T09:00:00Z' });

const picked = (m: SubscriberMove, read: SubscriptionRecord[]) =>
  samplesOf(m, [m], read, () => true, NOW).map((tries) => tries.map((p) => p.subscription.id));

describe('the next-bill sample of a move', () => {
  it('bills_from 2027-01-01: a customer who waits is not the sample while one moves now (it pays the old price on 2026-12-20)', () => {
    expect(picked(move('2027-01-01'), [WAITS_DATE, MOVES_NOW])).toEqual([['moves_now', 'waits_for_date']]);
  });

  it.each([
    [
      'moves now, then waits for bills_from, then not predicted, then past due',
      [PAST_DUE, TRIALING, WAITS_DATE, MOVES_NOW],
      ['moves_now', 'waits_for_date', 'trialing'],
    ],
    [
      'of those that move now, no scheduled change first',
      [CANCELING, MOVES_NOW],
      ['moves_now', 'moves_now_canceling'],
    ],
    ['of equal rank, as listed', [MOVES_NOW, { ...MOVES_NOW, id: 'second' }], ['moves_now', 'second']],
    [
      'one that waits for bills_from, though it is to cancel, before one whose move is not predicted',
      [TRIALING, WAITS_CANCELING],
      ['waits_for_date_canceling', 'trialing'],
    ],
    [
      'one try per kind at most three',
      [PAST_DUE, TRIALING, WAITS_DATE, MOVES_NOW, CANCELING],
      ['moves_now', 'moves_now_canceling', 'waits_for_date'],
    ],
  ])('by what a run does with them: %s', (_title, read, want) => {
    expect(picked(move('2027-01-01'), read)).toEqual([want.slice(0, SAMPLE_TRIES)]);
  });

  it('one list per currency, by currency code', () => {
    expect(picked(move('2027-01-01'), [MOVES_NOW, EUR])).toEqual([['eur_moves_now'], ['moves_now']]);
  });

  it.each([
    [
      'every active one moves now: as listed, then past due',
      [PAST_DUE, WAITS_DATE, MOVES_NOW],
      ['waits_for_date', 'moves_now', 'past_due'],
    ],
    [
      'of those that move now, active before paused (a paused one bills nothing next)',
      [PAUSED, MOVES_NOW],
      ['moves_now', 'paused'],
    ],
    [
      'one whose move is not predicted before one Paddle locks for its renewal (it would refuse the preview)',
      [LOCKED, TRIALING],
      ['trialing', 'locked'],
    ],
  ])('without bills_from: %s', (_title, read, want) => {
    expect(picked(move(), read)).toEqual([want]);
  });

  it.each([
    ['moves now', MOVES_NOW, { verdict: 'moves now' }],
    [
      'waits for bills_from: its first renewal on or after the date',
      WAITS_DATE,
      { verdict: 'waits', reason: 'bills_from 2027-01-01 not reached', first_bill: '2027-01-20' },
    ],
    [
      'waits for bills_from past the 28th: words, not a day Paddle does not document',
      subscription('late', { next_billed_at: '2026-12-30T09:00:00Z' }),
      {
        verdict: 'waits',
        reason: 'bills_from 2027-01-01 not reached',
        first_bill: 'the first renewal on or after 2027-01-01',
      },
    ],
    [
      'past due: after it is paid and moved',
      PAST_DUE,
      {
        verdict: 'waits',
        reason: 'past due until paid',
        first_bill: 'the first renewal after it is paid and moved',
      },
    ],
    [
      'not predicted: why',
      TRIALING,
      { verdict: 'not predicted', reason: expect.stringContaining('trialing') },
    ],
  ])('when the sample first pays the new price: %s', (_title, s, want) => {
    const m = move('2027-01-01');
    expect(timingOf(m, { subscription: s, moves: [m] }, NOW)).toEqual(want);
  });

  it('a sample two moves take: it waits for the later date, and says whose it is', () => {
    const pro = move('2026-12-01');
    const seats: SubscriberMove = {
      ...move('2027-04-01'),
      from: 'seats/monthly',
      to: 'seats/monthly-2027',
      fromId: 'pri_seats',
    };
    const both = subscription('both', {
      items: [
        { price_id: PRO, quantity: 1 },
        { price_id: 'pri_seats', quantity: 1 },
      ],
    });
    expect(timingOf(pro, { subscription: both, moves: [pro, seats] }, NOW)).toEqual({
      verdict: 'waits',
      reason:
        'bills_from 2027-04-01 not reached: the later bills_from of its moves (it also moves to seats/monthly-2027)',
      first_bill: '2027-04-20',
    });
  });
});
