// Each batch of subscriptions is read again just before its PATCHes (src/moves/batches.ts), and each
// one is predicted again from that read at the account's time then: one listed as moving now that
// has since gone past due, been paused, or whose bills_from the run's clock no longer reaches is not
// sent, and says why. Paddle: subscription_update_when_past_due,
// https://developer.paddle.com/errors/subscriptions/subscription_update_when_past_due;
// subscription_update_error_when_paused,
// https://developer.paddle.com/errors/subscriptions/subscription_update_error_when_paused.
import { describe, expect, it } from 'vitest';
import { batchCheck } from '../../src/moves/batches.js';
import type { MoveOperation, MovingSubscription } from '../../src/moves/compile.js';
import { createPacedCalls, DEFAULT_CALLER_SETTINGS } from '../../src/paddle/calls.js';
import type { ProrationBillingMode } from '../../src/paddle-facts/subscriptions.js';
import type {
  SubscriberMove,
  SubscriptionRecord,
  SubscriptionsGateway,
} from '../../src/planner/subscribers.js';
import { jumpingClock } from '../support/jumping-clock.js';

const OLD = `pri_${'o'.repeat(26)}`;
const SUB = `sub_${'1'.repeat(26)}`;

const listed: SubscriptionRecord = {
  id: SUB,
  status: 'active',
  currency_code: 'USD',
  items: [{ price_id: OLD, quantity: 1 }],
  scheduled_change: null,
  next_billed_at: '2027-02-01T00:00:00Z',
};

const move = (proration: ProrationBillingMode, billsFrom?: string) =>
  ({
    from: 'pro/monthly',
    to: 'pro/monthly-2027',
    fromId: OLD,
    toId: `pri_${'n'.repeat(26)}`,
    proration,
    ...(billsFrom ? { billsFrom } : {}),
  }) as SubscriberMove;

const op: MoveOperation = {
  id: `move subscription ${SUB}`,
  verb: 'move',
  kind: 'subscription',
  key: 'pro/monthly-2027',
  target: SUB,
  body: { items: [], proration_billing_mode: 'do_not_bill' },
  after: [],
};

/** What the batch check says of the one subscription, read again as `now` at account time `at`. */
async function checked(moving: SubscriberMove, now: SubscriptionRecord, at: string) {
  const gateway = { read: async () => [now] } as unknown as SubscriptionsGateway;
  const calls = createPacedCalls({ ...DEFAULT_CALLER_SETTINGS, clock: jumpingClock() });
  const planned: MovingSubscription[] = [{ subscription: listed, moves: [moving] }];
  return (await batchCheck(planned, calls, gateway, { now: () => Date.parse(at) })(op)).changed;
}

describe('a batch read again before its PATCHes is predicted again', () => {
  it('one still as it was listed is sent', async () => {
    expect(await checked(move('do_not_bill'), listed, '2027-01-10T00:00:00Z')).toBeUndefined();
  });

  it('one gone past due since the listing waits and is not sent', async () => {
    const why = await checked(move('do_not_bill'), { ...listed, status: 'past_due' }, '2027-01-10T00:00:00Z');
    expect(why).toEqual({
      code: 'subscription_update_when_past_due',
      reason: 'waits: past due until paid',
      later: true,
    });
  });

  it('one paused since the listing will not move with prorated_immediately and is not sent', async () => {
    const paused = { ...listed, status: 'paused', next_billed_at: null };
    const why = await checked(move('prorated_immediately'), paused, '2027-01-10T00:00:00Z');
    expect(why).toMatchObject({ code: 'subscription_update_error_when_paused', later: false });
  });

  it("one paused since the listing waits for bills_from by the account's time, not sent", async () => {
    const paused = { ...listed, status: 'paused', next_billed_at: null };
    const why = await checked(move('do_not_bill', '2027-03-01'), paused, '2027-01-10T00:00:00Z');
    expect(why).toEqual({
      code: 'bills_from_not_reached',
      reason: 'waits: bills_from 2027-03-01 not reached (until 2027-03-01)',
      later: true,
    });
    expect(await checked(move('do_not_bill', '2027-03-01'), paused, '2027-03-02T00:00:00Z')).toBeUndefined();
  });
});
