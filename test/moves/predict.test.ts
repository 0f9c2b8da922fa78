// What a run does with one subscription, by Paddle's documented rules (src/moves/predict.ts): each
// rule once, and bills_from.
import { describe, expect, it } from 'vitest';
import { predictMove } from '../../src/moves/predict.js';
import type { ProrationBillingMode } from '../../src/paddle-facts/subscriptions.js';
import type { SubscriptionRecord } from '../../src/plan/subscribers.js';

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
      modes: ['do_not_bill'],
    },
  },
  {
    title: 'a paused one under full_next_billing_period is not predicted (the error pages disagree)',
    fields: { status: 'paused', next_billed_at: null },
    mode: 'full_next_billing_period',
    want: { verdict: 'not predicted' },
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
      modes: ['prorated_immediately', 'full_immediately', 'do_not_bill'],
    },
  },
  {
    title: 'a canceled one will not move with any mode',
    fields: { status: 'canceled' },
    mode: 'do_not_bill',
    want: { verdict: 'will not move with this mode', code: 'subscription_update_when_canceled', modes: [] },
  },
  {
    title: 'a past_due one waits until paid',
    fields: { status: 'past_due' },
    mode: 'do_not_bill',
    want: { verdict: 'waits', code: 'subscription_update_when_past_due', until: null },
  },
  {
    title: 'one renewing within 30 minutes waits for the renewal',
    fields: { next_billed_at: '2026-01-15T12:10:00Z' },
    mode: 'do_not_bill',
    want: { verdict: 'waits', code: 'subscription_locked_renewal', until: '2026-01-15T12:10:00Z' },
  },
  {
    title: 'a scheduled change within 30 minutes waits for its processing',
    fields: { scheduled_change: 'pause', scheduled_at: '2026-01-15T12:20:00Z' },
    mode: 'do_not_bill',
    want: { verdict: 'waits', code: 'subscription_locked_processing' },
  },
  {
    title: 'a trialing one is not predicted',
    fields: { status: 'trialing' },
    mode: 'do_not_bill',
    want: { verdict: 'not predicted' },
  },
  {
    title: 'a scheduled resume is not predicted',
    fields: { status: 'paused', next_billed_at: null, scheduled_change: 'resume' },
    mode: 'do_not_bill',
    want: { verdict: 'not predicted' },
  },
  {
    title: 'bills_from: one renewing before the date waits until its renewal',
    fields: {},
    mode: 'do_not_bill',
    billsFrom: '2026-03-01',
    want: { verdict: 'waits', code: 'bills_from_not_reached', until: '2026-02-01T00:00:00Z' },
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
