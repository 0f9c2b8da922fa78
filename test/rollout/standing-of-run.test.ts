// A run's moves as its report counts them: the ones it moved, and each one it left predicted again
// at the run's clock (a wait for bills_from until its renewal, one past due for payment since its
// period began), or as the run or Paddle answered it (a lock: waits until a later run; a refusal:
// will not move; not sent because the run stopped: waits for the next).
import { describe, expect, it } from 'vitest';
import type { ApplyResult } from '../../src/apply/use-case.js';
import type { SubscriberMove } from '../../src/planner/subscribers.js';
import { runMoves } from '../../src/rollout/standing-of-run.js';

const NOW = Date.parse('2027-01-06T12:00:00Z');
const MOVE: SubscriberMove = {
  kind: 'subscribers',
  from: 'pro/monthly',
  to: 'pro/monthly-2027',
  fromId: 'pri_old',
  toId: 'pri_new',
  proration: 'do_not_bill',
  billsFrom: '2027-02-01',
};
const record = (id: string, fields: Record<string, unknown> = {}) => ({
  id,
  status: 'active',
  currency_code: 'USD',
  items: [{ price_id: 'pri_old', quantity: 1 }],
  scheduled_change: null,
  next_billed_at: '2027-02-10T00:00:00Z',
  ...fields,
});
const left = (id: string, code: string, later: boolean, fields: Record<string, unknown> = {}) => ({
  move: { ...MOVE },
  subscription: record(id, fields),
  code,
  reason: `${code} in the run's words`,
  later,
});
const result = (outcome: Record<string, unknown>) =>
  ({
    plan: { moves: [MOVE] },
    outcome: {
      execution: { moves: [] },
      verified: false,
      left: [],
      moves: [{ from: MOVE.from, to: MOVE.to, moved: 0, changed: 0 }],
      ...outcome,
    },
  }) as unknown as ApplyResult;
const sent = (subscription: string, status: string, fields: Record<string, unknown> = {}) => ({
  op: `move subscription ${subscription}`,
  subscription,
  to: 'pro/monthly-2027',
  status,
  ...fields,
});

describe("a run's moves as its report counts them", () => {
  it('the ones it moved', () => {
    const [move] = runMoves(result({ moves: [{ from: MOVE.from, to: MOVE.to, moved: 4, changed: 0 }] }), NOW);
    expect(move?.verdicts?.now).toBe(4);
  });

  it('one left waiting for bills_from waits until its renewal before that day', () => {
    const [move] = runMoves(
      result({
        left: [left('sub_1', 'bills_from_not_reached', true, { next_billed_at: '2027-01-10T00:00:00Z' })],
      }),
      NOW,
    );
    expect(move?.verdicts?.waits).toEqual([
      {
        code: 'bills_from_not_reached',
        reason: 'bills_from 2027-02-01 not reached',
        until: '2027-01-10',
        count: 1,
      },
    ]);
  });

  it('one past due waits for payment, since its billing period began', () => {
    const pastDue = left('sub_2', 'subscription_update_when_past_due', true, {
      status: 'past_due',
      period_starts_at: '2026-12-10T00:00:00Z',
    });
    const [move] = runMoves(result({ left: [pastDue] }), NOW);
    expect(move?.pastDue).toEqual([{ id: 'sub_2', since: '2026-12-10T00:00:00Z' }]);
    expect(move?.verdicts?.waits).toEqual([expect.objectContaining({ until: null, count: 1 })]);
  });

  it('one the run left for a reason of its own (its items to two modes) will not move, in the run’s words', () => {
    const [move] = runMoves(result({ left: [left('sub_3', 'mixed_proration', false)] }), NOW);
    expect(move?.verdicts?.refused).toEqual([
      {
        code: 'mixed_proration',
        reason: "mixed_proration in the run's words",
        modes: [],
        subscriptions: ['sub_3'],
      },
    ]);
  });

  it.each([
    [
      "Paddle's lock: waits until a later run (today)",
      sent('sub_4', 'left', { code: 'subscription_locked_renewal', reason: 'locked', later: true }),
      'waits',
    ],
    [
      "Paddle's refusal: will not move",
      sent('sub_4', 'left', { code: 'subscription_update_when_canceled', reason: 'canceled', later: false }),
      'refused',
    ],
    ['not sent, the run stopped: waits for the next run', sent('sub_4', 'skipped'), 'waits'],
  ])('sent and not moved, %s', (_title, moveResult, where) => {
    const [move] = runMoves(result({ execution: { moves: [moveResult, sent('sub_5', 'moved')] } }), NOW);
    const verdicts = move?.verdicts;
    if (where === 'waits')
      expect(verdicts?.waits).toEqual([expect.objectContaining({ until: '2027-01-06', count: 1 })]);
    else expect(verdicts?.refused).toEqual([expect.objectContaining({ subscriptions: ['sub_4'] })]);
  });
});
