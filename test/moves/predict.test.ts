// What a run does with one subscription, by Paddle's documented rules (src/moves/predict.ts): each
// rule once, and bills_from.
import { describe, expect, it } from 'vitest';
import { predictMove, workingModes } from '../../src/moves/predict.js';
import type { ProrationBillingMode } from '../../src/paddle-facts/subscriptions.js';
import type { SubscriptionRecord } from '../../src/planner/subscribers.js';

const NOW = Date.parse('2026-01-15T12:00:00Z');
const subscription = (fields: Partial<SubscriptionRecord> = {}): SubscriptionRecord => ({
  id: 'sub_01h00000000000000000000001',
  status: 'active',
  currency_code: 'USD',
  items: [{ price_id: 'pri_01h00000000000000000000001', quantity: 1 }],
  scheduled_change: null,
  next_billed_at: '2026-02-01T00:00:00Z',
  ...fields,
});

const rows: Array<{
  title: string;
  fields: Partial<SubscriptionRecord>;
  mode: ProrationBillingMode;
  billsFrom?: string;
  want: object;
}> = [
  {
    title: 'an active one moves now',
    fields: {},
    mode: 'prorated_immediately',
    want: { verdict: 'moves now' },
  },
  {
    title: 'a paused one under prorated_next_billing_period will not move, and do_not_bill would',
    fields: { status: 'paused', next_billed_at: null },
    mode: 'prorated_next_billing_period',
    want: {
      verdict: 'will not move with this mode',
      code: 'subscription_update_error_when_paused',
      reason: 'paused',
      modes: ['do_not_bill'],
    },
  },
  {
    title: 'a paused one under full_immediately will not move (it bills now), and do_not_bill would',
    fields: { status: 'paused', next_billed_at: null },
    mode: 'full_immediately',
    want: {
      verdict: 'will not move with this mode',
      code: 'subscription_update_error_when_paused',
      modes: ['do_not_bill'],
    },
  },
  {
    title: 'a paused one under full_next_billing_period is not predicted (the error pages disagree)',
    fields: { status: 'paused', next_billed_at: null },
    mode: 'full_next_billing_period',
    want: {
      verdict: 'not predicted',
      reason:
        "paused: Paddle's error reference both allows and refuses full_next_billing_period (https://developer.paddle.com/errors/subscriptions/subscription_incorrect_proration_on_paused_subscription)",
    },
  },
  {
    title: 'a paused one under do_not_bill moves now',
    fields: { status: 'paused', next_billed_at: null },
    mode: 'do_not_bill',
    want: { verdict: 'moves now' },
  },
  {
    title: 'a scheduled cancel under a next-period mode will not move, naming the modes that would',
    fields: { scheduled_change: 'cancel', scheduled_at: '2026-02-01T00:00:00Z' },
    mode: 'full_next_billing_period',
    want: {
      verdict: 'will not move with this mode',
      code: 'subscription_invalid_billing_mode_for_scheduled_change',
      reason: 'a scheduled cancel',
      modes: ['prorated_immediately', 'full_immediately', 'do_not_bill'],
    },
  },
  {
    title: 'a canceled one will not move with any mode',
    fields: { status: 'canceled' },
    mode: 'do_not_bill',
    want: {
      verdict: 'will not move with this mode',
      code: 'subscription_update_when_canceled',
      reason: 'canceled',
      modes: [],
    },
  },
  {
    title: 'a past_due one waits until paid',
    fields: { status: 'past_due' },
    mode: 'do_not_bill',
    want: {
      verdict: 'waits',
      code: 'subscription_update_when_past_due',
      reason: 'past due until paid',
      until: null,
    },
  },
  {
    title: 'one renewing within 30 minutes waits for the renewal',
    fields: { next_billed_at: '2026-01-15T12:10:00Z' },
    mode: 'do_not_bill',
    want: {
      verdict: 'waits',
      code: 'subscription_locked_renewal',
      reason: 'a lock near renewal',
      until: '2026-01-15T12:10:00Z',
    },
  },
  {
    title: 'a scheduled change within 30 minutes waits for its processing',
    fields: { scheduled_change: 'pause', scheduled_at: '2026-01-15T12:20:00Z' },
    mode: 'do_not_bill',
    want: {
      verdict: 'waits',
      code: 'subscription_locked_processing',
      reason: 'a lock near processing',
      until: '2026-01-15T12:20:00Z',
    },
  },
  {
    title: 'a trialing one is not predicted',
    fields: { status: 'trialing' },
    mode: 'do_not_bill',
    want: {
      verdict: 'not predicted',
      reason: "trialing: Paddle's pages both allow and refuse replacing a trial's items",
    },
  },
  {
    title: 'a scheduled resume is not predicted',
    fields: { status: 'paused', next_billed_at: null, scheduled_change: 'resume' },
    mode: 'do_not_bill',
    want: {
      verdict: 'not predicted',
      reason: 'a scheduled resume: Paddle does not say whether it is pending',
    },
  },
  {
    title: 'bills_from: one renewing before the date waits until its renewal',
    fields: {},
    mode: 'do_not_bill',
    billsFrom: '2026-03-01',
    want: {
      verdict: 'waits',
      code: 'bills_from_not_reached',
      reason: 'bills_from 2026-03-01 not reached',
      until: '2026-02-01T00:00:00Z',
    },
  },
  {
    title: 'bills_from: one renewing on the date moves now',
    fields: { next_billed_at: '2026-03-01T00:00:00Z' },
    mode: 'do_not_bill',
    billsFrom: '2026-03-01',
    want: { verdict: 'moves now' },
  },
  {
    title: 'bills_from: one without a renewal waits until the date',
    fields: { status: 'paused', next_billed_at: null },
    mode: 'do_not_bill',
    billsFrom: '2026-03-01',
    want: { verdict: 'waits', until: '2026-03-01T00:00:00Z' },
  },
  {
    title:
      'bills_from: one in its renewal lock before the date waits for the date, not the lock (it gets no PATCH)',
    fields: { next_billed_at: '2026-01-15T12:25:00Z' },
    mode: 'do_not_bill',
    billsFrom: '2026-07-01',
    want: { verdict: 'waits', code: 'bills_from_not_reached', until: '2026-01-15T12:25:00Z' },
  },
  {
    title: 'bills_from: one with a scheduled pause locked for processing before the date waits for the date',
    fields: { scheduled_change: 'pause', scheduled_at: '2026-01-15T12:20:00Z' },
    mode: 'do_not_bill',
    billsFrom: '2026-07-01',
    want: { verdict: 'waits', code: 'bills_from_not_reached' },
  },
  {
    title: 'bills_from: one in its renewal lock on the date waits for the lock',
    fields: { next_billed_at: '2026-01-15T12:25:00Z' },
    mode: 'do_not_bill',
    billsFrom: '2026-01-15',
    want: { verdict: 'waits', code: 'subscription_locked_renewal' },
  },
  {
    title: 'bills_from: a trial ending before the date waits for the date, not Paddle (it gets no PATCH)',
    fields: { status: 'trialing' },
    mode: 'do_not_bill',
    billsFrom: '2026-03-01',
    want: { verdict: 'waits', code: 'bills_from_not_reached' },
  },
  {
    title: 'bills_from: a paused one under full_next_billing_period waits for the date before it is asked',
    fields: { status: 'paused', next_billed_at: null },
    mode: 'full_next_billing_period',
    billsFrom: '2026-03-01',
    want: { verdict: 'waits', code: 'bills_from_not_reached', until: '2026-03-01T00:00:00Z' },
  },
];

describe('predictMove', () => {
  it.each(rows)('$title', ({ fields, mode, billsFrom, want }) => {
    const terms = billsFrom ? { proration: mode, billsFrom } : { proration: mode };
    expect(predictMove(subscription(fields), terms, NOW)).toMatchObject(want);
  });
});

/** Minutes from NOW, as a timestamp. */
const at = (minutes: number, ms = 0) => new Date(NOW + minutes * 60_000 + ms).toISOString();

// Paddle refuses a change "within the 30 minute subscription lock period" before a renewal or a
// scheduled change (https://developer.paddle.com/errors/subscriptions/subscription_locked_renewal):
// from the moment itself back to 30 minutes before it, both ends in.
describe('predictMove: the 30-minute lock boundaries', () => {
  it.each([
    ['a renewal now', 'waits', 0, 0],
    ['a renewal in exactly 30 minutes', 'waits', 30, 0],
    ['a renewal in 30 minutes and 1 ms', 'moves now', 30, 1],
    ['a renewal 1 ms ago (already renewed)', 'moves now', 0, -1],
  ])('%s: %s', (_, verdict, minutes, ms) => {
    const next = at(minutes, ms);
    const want =
      verdict === 'waits'
        ? { verdict, code: 'subscription_locked_renewal', reason: 'a lock near renewal', until: next }
        : { verdict };
    expect(predictMove(subscription({ next_billed_at: next }), { proration: 'do_not_bill' }, NOW)).toEqual(
      want,
    );
  });

  it.each([
    ['a scheduled pause now', 'waits', 0, 0],
    ['a scheduled pause in exactly 30 minutes', 'waits', 30, 0],
    ['a scheduled pause in 30 minutes and 1 ms', 'moves now', 30, 1],
    ['a scheduled pause 1 ms ago', 'moves now', 0, -1],
  ])('%s: %s', (_, verdict, minutes, ms) => {
    const when = at(minutes, ms);
    const fields = { scheduled_change: 'pause', scheduled_at: when, next_billed_at: at(60 * 24) };
    const want =
      verdict === 'waits' ? { verdict, code: 'subscription_locked_processing', until: when } : { verdict };
    expect(predictMove(subscription(fields), { proration: 'do_not_bill' }, NOW)).toMatchObject(want);
  });

  it('a scheduled_at within the lock without a scheduled change locks nothing', () => {
    const fields = { scheduled_change: null, scheduled_at: at(10), next_billed_at: at(60 * 24) };
    expect(predictMove(subscription(fields), { proration: 'do_not_bill' }, NOW)).toEqual({
      verdict: 'moves now',
    });
  });
});

describe('predictMove: bills_from against the next bill', () => {
  it.each([
    ['renewing at midnight of bills_from moves now', '2026-03-01T00:00:00.000Z', 'moves now'],
    ['renewing 1 ms before bills_from waits', '2026-02-28T23:59:59.999Z', 'waits'],
  ])('%s', (_, next, verdict) => {
    const terms = { proration: 'do_not_bill' as const, billsFrom: '2026-03-01' };
    expect(predictMove(subscription({ next_billed_at: next }), terms, NOW).verdict).toBe(verdict);
  });

  it('without a next bill it is billed from now: on or after bills_from it moves now', () => {
    const terms = { proration: 'do_not_bill' as const, billsFrom: '2026-01-15' };
    const paused = subscription({ status: 'paused', next_billed_at: null });
    expect(predictMove(paused, terms, NOW)).toEqual({ verdict: 'moves now' });
  });
});

describe('workingModes: the modes Paddle documents as moving it', () => {
  it.each([
    [
      'an active one: every mode',
      {},
      undefined,
      [
        'prorated_immediately',
        'prorated_next_billing_period',
        'full_immediately',
        'full_next_billing_period',
        'do_not_bill',
      ],
    ],
    ['an active one with bills_from: do_not_bill only', {}, '2026-03-01', ['do_not_bill']],
    [
      'a paused one: do_not_bill only (full_next_billing_period, on which the pages disagree, is not documented)',
      { status: 'paused' },
      undefined,
      ['do_not_bill'],
    ],
    [
      'a scheduled pause: no next-period mode',
      { scheduled_change: 'pause' },
      undefined,
      ['prorated_immediately', 'full_immediately', 'do_not_bill'],
    ],
    [
      'a scheduled resume: every mode (its question is asked of Paddle)',
      { scheduled_change: 'resume' },
      undefined,
      [
        'prorated_immediately',
        'prorated_next_billing_period',
        'full_immediately',
        'full_next_billing_period',
        'do_not_bill',
      ],
    ],
  ])('%s', (_, fields, billsFrom, modes) => {
    const terms = billsFrom
      ? { proration: 'do_not_bill' as const, billsFrom }
      : { proration: 'do_not_bill' as const };
    expect(workingModes(subscription(fields as Partial<SubscriptionRecord>), terms)).toEqual(modes);
  });
});
