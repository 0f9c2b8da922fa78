// --dedupe and the subscribers of a price twin, the pure part: each extra price twin is one more
// move source whose target is the kept twin (do_not_bill: the twins bill alike, so the swap bills
// nothing, https://developer.paddle.com/concepts/subscriptions/proration), blocked where it would not
// be a swap; and among the operations, the twin's move runs first and its archive only after it.
import { describe, expect, it } from 'vitest';
import { moveOperations, subscriptionMoves, withMoves } from '../../src/moves/compile.js';
import { compileOperations, idsAfterGroups } from '../../src/operations/compile.js';
import { diff } from '../../src/planner/diff.js';
import type { RemotePrice } from '../../src/planner/remote.js';
import { movesDiffer } from '../../src/saved-plan/check.js';
import { reviewedMoves } from '../../src/saved-plan/reviewed-moves.js';
import { defined } from '../support/defined.js';
import { catalogOf, price, pro, remoteProduct, snapshotOf } from '../support/plan-builders.js';

const KEPT = `pri_${'k'.repeat(26)}`;
const TWIN = `pri_${'t'.repeat(26)}`;
const ADDON = `pri_${'a'.repeat(26)}`;

/** pro/monthly twice: the kept one older; `twin` and `kept` change either. */
function planOf(twin: Partial<RemotePrice> = {}, kept: Partial<RemotePrice> = {}, dedupe = true) {
  const prices = [
    price('pro/monthly', { id: KEPT, created_at: '2026-01-01T00:00:00Z', ...kept }),
    price('pro/monthly', { id: TWIN, created_at: '2026-01-02T00:00:00Z', ...twin }),
  ];
  return diff(catalogOf({ pro }), snapshotOf(remoteProduct('pro', {}, prices)), { dedupe });
}

/** An active subscription with these items (price id, quantity). */
const subscriptionOn = (n: string, items: Array<[string, number]>) => ({
  id: `sub_${n.repeat(26)}`,
  status: 'active',
  currency_code: 'USD',
  items: items.map(([price_id, quantity]) => ({ price_id, quantity })),
  scheduled_change: null,
  next_billed_at: null,
});

describe('the subscribers of a twin --dedupe archives', () => {
  it('the twin is a move source onto the kept twin, with do_not_bill; a plan without --dedupe has no move', () => {
    expect(planOf().moves).toEqual([
      {
        kind: 'subscribers',
        from: 'pro/monthly',
        to: 'pro/monthly',
        fromId: TWIN,
        toId: KEPT,
        proration: 'do_not_bill',
        duplicateOf: KEPT,
      },
    ]);
    expect(planOf({}, {}, false).moves).toBeUndefined();
  });

  it('a twin that bills differently is blocked, naming what differs', () => {
    const [move] = planOf({ unit_price: { amount: '1200', currency_code: 'USD' } }).moves ?? [];
    expect(move?.blocked).toMatch(/bills differently from the kept twin .*\(unit_price\.amount\)/);
  });

  it('a kept twin that is archived (the plan sets it active) is blocked: no move can wait for that', () => {
    // kept for being under the kept product: the active twin is under the product's own twin
    const products = [
      remoteProduct('pro', { created_at: '2026-01-01T00:00:00Z' }, [
        price('pro/monthly', { id: KEPT, status: 'archived' }),
      ]),
      remoteProduct('pro', { created_at: '2026-01-02T00:00:00Z' }, [price('pro/monthly', { id: TWIN })]),
    ];
    const plan = diff(catalogOf({ pro }), snapshotOf(...products), { dedupe: true });
    const move = plan.moves?.find((m) => m.fromId === TWIN);
    expect(move?.blocked).toMatch(/the kept twin .* is archived: apply without --dedupe/);
  });

  it("the twin's move waits for nothing and its archive waits for the move; the other items stay", () => {
    const plan = planOf();
    const catalogOps = compileOperations(plan);
    const on = subscriptionOn('1', [
      [TWIN, 3],
      [ADDON, 2],
    ]);
    const { planned, left } = subscriptionMoves(plan.moves ?? [], [on]);
    expect(left).toEqual([]);
    const moves = moveOperations(planned, catalogOps, idsAfterGroups(plan));
    expect(moves).toEqual([
      expect.objectContaining({
        after: [],
        body: {
          items: [
            { price_id: KEPT, quantity: 3 },
            { price_id: ADDON, quantity: 2 },
          ],
          proration_billing_mode: 'do_not_bill',
        },
      }),
    ]);
    const all = withMoves(plan, catalogOps, moves, planned);
    const archive = defined(
      all.find((op) => op.verb === 'archive' && op.target === TWIN),
      'the twin archive',
    );
    expect(archive.after).toContain(moves[0]?.id);
    expect(all.indexOf(archive)).toBeGreaterThan(all.findIndex((op) => op.verb === 'move'));
  });

  it('a subscription on both twins would hold the kept one twice: left, for apply to refuse', () => {
    const both = subscriptionOn('2', [
      [TWIN, 1],
      [KEPT, 1],
    ]);
    const plan = planOf();
    expect(subscriptionMoves(plan.moves ?? [], [both]).left).toEqual([
      expect.objectContaining({ code: 'target_price_twice' }),
    ]);
  });
});

describe('a saved --dedupe plan and its twin moves', () => {
  const reviewed = reviewedMoves(planOf());

  it('a twin move the review showed and the plan still makes is no difference', () => {
    expect(movesDiffer(reviewed, planOf().moves ?? [])).toBeUndefined();
  });

  it('a twin gone since (archived: the plan applied already) is no move removed', () => {
    expect(movesDiffer(reviewed, [])).toBeUndefined();
  });

  it('a twin move the review did not show is refused', () => {
    expect(movesDiffer([], planOf().moves ?? [])).toMatch(/a move the review did not show/);
  });
});
