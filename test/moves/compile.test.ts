// Moving subscribers, the pure part: which moves a catalog asks for (with the ids the account has),
// which subscriptions they change, what each PATCH sends, and where the moves stand among the other
// operations. Paddle's update subscription reference: "Send the complete list of items … If you omit
// items, they're removed", and proration_billing_mode is required when items change
// (https://developer.paddle.com/api-reference/subscriptions/update-subscription).
import { describe, expect, it } from 'vitest';
import type { CatalogPrice } from '../../src/catalog/schema.js';
import {
  type AnyOperation,
  CHANGED_SINCE_READ,
  changedSinceRead,
  moveOperations,
  subscriptionMoves,
  withMoves,
} from '../../src/moves/compile.js';
import { moveOutcomes } from '../../src/moves/outcomes.js';
import { compileOperations, idsAfterGroups } from '../../src/operations/compile.js';
import { diff } from '../../src/planner/diff.js';
import { countListed, type SubscriptionRecord } from '../../src/planner/subscribers.js';
import type { Plan } from '../../src/planner/types.js';
import { catalogOf, monthly, price, pro, remoteProduct, snapshotOf } from '../support/plan-builders.js';

const OLD = `pri_${'o'.repeat(26)}`;
const ADDON = `pri_${'a'.repeat(26)}`;
const KEPT = `pri_${'k'.repeat(26)}`;

const moving = (fields: Partial<CatalogPrice> = {}) => ({
  ...pro,
  prices: {
    monthly,
    'monthly-2027': { ...monthly, description: 'Pro monthly 2027', subscribers_from: ['monthly'], ...fields },
  },
});

/** The account has pro/monthly (OLD); pro/monthly-2027 exists (KEPT) when `existing`. */
function planOf(fields: Partial<CatalogPrice> = {}, existing = false, prune = false): Plan {
  const prices = [price('pro/monthly', { id: OLD })];
  if (existing)
    prices.push(
      price('pro/monthly-2027', { id: KEPT, description: 'Pro monthly 2027', ...fields } as object),
    );
  if (prune) prices.push(price('pro/legacy'));
  return diff(catalogOf({ pro: moving(fields) }), snapshotOf(remoteProduct('pro', {}, prices)), { prune });
}

const subscription = (
  id: string,
  items: Array<[string, number]>,
  extra: Partial<SubscriptionRecord> = {},
) => ({
  id: `sub_${id.padEnd(26, '0')}`,
  status: 'active',
  currency_code: 'USD',
  items: items.map(([price_id, quantity]) => ({ price_id, quantity })),
  scheduled_change: null,
  next_billed_at: null,
  ...extra,
});

describe('the moves a catalog asks for', () => {
  it('a move to a new price: the source id from the account, the target made by this apply, do_not_bill by default', () => {
    expect(planOf().moves).toEqual([
      {
        kind: 'subscribers',
        from: 'pro/monthly',
        to: 'pro/monthly-2027',
        fromId: OLD,
        toId: null,
        proration: 'do_not_bill',
      },
    ]);
  });

  it('a move to a price the account has, with the declared proration', () => {
    const [move] = planOf({ proration: 'prorated_immediately' }, true).moves ?? [];
    expect(move).toMatchObject({ fromId: OLD, toId: KEPT, proration: 'prorated_immediately' });
  });

  it('a catalog without subscribers_from plans no moves (the plan is as before)', () => {
    expect(diff(catalogOf({ pro }), snapshotOf()).moves).toBeUndefined();
  });
});

describe('the subscriptions a move changes', () => {
  const plan = planOf({}, true);
  const moves = plan.moves ?? [];

  it('replaces the source item by the target, keeps its quantity, sends every other item unchanged', () => {
    const two = subscription('two', [
      [ADDON, 3],
      [OLD, 5],
    ]);
    const { planned, left } = subscriptionMoves(moves, [two]);
    expect(left).toEqual([]);
    const [op] = moveOperations(planned, compileOperations(plan), idsAfterGroups(plan));
    expect(op).toMatchObject({ verb: 'move', kind: 'subscription', target: two.id, key: 'pro/monthly-2027' });
    expect(op?.body).toEqual({
      items: [
        { price_id: ADDON, quantity: 3 },
        { price_id: KEPT, quantity: 5 },
      ],
      proration_billing_mode: 'do_not_bill',
    });
  });

  it('a subscription with a scheduled cancel or pause moves (Paddle allows item changes on them since 2025)', () => {
    // https://developer.paddle.com/changelog/2025/update-subscriptions-scheduled-change
    const canceling = subscription('cancel', [[OLD, 1]], { scheduled_change: 'cancel' });
    expect(subscriptionMoves(moves, [canceling]).planned).toHaveLength(1);
  });

  it('a subscription on no source price, or listed twice, is moved once or not at all', () => {
    const other = subscription('other', [[ADDON, 1]]);
    const one = subscription('one', [[OLD, 1]]);
    expect(subscriptionMoves(moves, [other, one, one]).planned.map((p) => p.subscription.id)).toEqual([
      one.id,
    ]);
  });

  it('a subscription that already has the target is left, saying why (no merge of items is guessed)', () => {
    const both = subscription('both', [
      [OLD, 1],
      [KEPT, 2],
    ]);
    const { planned, left } = subscriptionMoves(moves, [both]);
    expect(planned).toEqual([]);
    expect(left).toMatchObject([{ code: 'target_price_twice', subscription: { id: both.id } }]);
    expect(left[0]?.reason).toMatch(/hold pro\/monthly-2027 twice/);
  });

  it('a target this apply creates is the id its create makes (a reference)', () => {
    const created = planOf();
    const { planned } = subscriptionMoves(created.moves ?? [], [subscription('one', [[OLD, 2]])]);
    const [op] = moveOperations(planned, compileOperations(created), idsAfterGroups(created));
    expect(op?.body.items).toEqual([{ price_id: { $ref: 'create price pro/monthly-2027' }, quantity: 2 }]);
    expect(op?.after).toEqual(['create price pro/monthly-2027']);
  });
});

describe('moves among the operations', () => {
  const ordered = (ops: readonly AnyOperation[]) => {
    const seen = new Set<string>();
    for (const op of ops) {
      for (const id of op.after) expect(seen.has(id), `${op.id} waits for ${id}`).toBe(true);
      seen.add(op.id);
    }
  };

  it('after the new price exists and before anything is archived', () => {
    const plan = planOf({}, false, true);
    const catalogOps = compileOperations(plan);
    const { planned } = subscriptionMoves(plan.moves ?? [], [
      subscription('a', [[OLD, 1]]),
      subscription('b', [[OLD, 1]]),
    ]);
    const all = withMoves(
      plan,
      catalogOps,
      moveOperations(planned, catalogOps, idsAfterGroups(plan)),
      planned,
    );
    ordered(all);
    const ids = all.map((op) => op.id);
    const archive = ids.findIndex((id) => id.startsWith('archive price pro/legacy'));
    const moves = ids.flatMap((id, i) => (id.startsWith('move ') ? [i] : []));
    expect(moves).toHaveLength(2);
    expect(Math.max(...moves)).toBeLessThan(archive);
    expect(Math.min(...moves)).toBeGreaterThan(ids.indexOf('create price pro/monthly-2027'));
    const archiving = all.find((op) => op.id.startsWith('archive price pro/legacy'));
    expect(archiving?.after).toEqual(
      expect.arrayContaining(planned.map((p) => `move subscription ${p.subscription.id}`)),
    );
  });

  it("--dedupe's archives, which everything waits for, do not wait for the catalog's moves", () => {
    const twin = price('pro/monthly', { id: `pri_${'t'.repeat(26)}`, created_at: '2030-01-01T00:00:00Z' });
    const first = price('pro/monthly', { id: OLD, created_at: '2020-01-01T00:00:00Z' });
    const plan = diff(catalogOf({ pro: moving() }), snapshotOf(remoteProduct('pro', {}, [first, twin])), {
      dedupe: true,
    });
    const catalogOps = compileOperations(plan);
    const { planned } = subscriptionMoves(plan.moves ?? [], [subscription('a', [[OLD, 1]])]);
    const all = withMoves(
      plan,
      catalogOps,
      moveOperations(planned, catalogOps, idsAfterGroups(plan)),
      planned,
    );
    ordered(all);
    const dedupe = all.find((op) => op.verb === 'archive');
    expect(dedupe?.after.some((id) => id.startsWith('move '))).toBe(false);
  });
});

describe('what apply says each move came to', () => {
  const twoSources = () => {
    const catalog = catalogOf({
      pro: {
        ...pro,
        prices: {
          monthly,
          addon: { ...monthly, description: 'Add-on' },
          next: { ...monthly, description: 'Next', subscribers_from: ['monthly'] },
          'addon-next': { ...monthly, description: 'Add-on next', subscribers_from: ['addon'] },
        },
      },
    });
    const account = [
      price('pro/monthly', { id: OLD }),
      price('pro/addon', { id: ADDON, description: 'Add-on' }),
    ];
    return diff(catalog, snapshotOf(remoteProduct('pro', {}, account))).moves ?? [];
  };

  it('counts the subscriptions listed on each source by status, one on both sources in each, one listed twice once', () => {
    const both = subscription('both', [
      [OLD, 1],
      [ADDON, 1],
    ]);
    const listed = [both, both, subscription('paused', [[OLD, 1]], { status: 'paused' })];
    expect(countListed(twoSources(), listed).map((m) => m.subscribers)).toEqual([
      { active: 1, trialing: 0, past_due: 0, paused: 1 },
      { active: 1, trialing: 0, past_due: 0, paused: 0 },
    ]);
  });

  it('a subscription moved off two sources is moved in each; left is what verify still counts', () => {
    const moves = countListed(twoSources(), [
      subscription('both', [
        [OLD, 1],
        [ADDON, 1],
      ]),
    ]);
    const { planned } = subscriptionMoves(moves, [
      subscription('both', [
        [OLD, 1],
        [ADDON, 1],
      ]),
    ]);
    const id = `sub_${'both'.padEnd(26, '0')}`;
    const result = { op: `move subscription ${id}`, subscription: id, to: 'pro/next pro/addon-next' };
    const none = { active: 0, trialing: 0, past_due: 0, paused: 0 };
    const stillOn = [{ from: 'pro/monthly', to: 'pro/next', id: OLD, subscribers: none }];
    expect(moveOutcomes(moves, planned, [{ ...result, status: 'moved' }], stillOn)).toEqual([
      {
        from: 'pro/monthly',
        to: 'pro/next',
        found: { ...none, active: 1 },
        moved: 1,
        changed: 0,
        left: none,
      },
      { from: 'pro/addon', to: 'pro/addon-next', found: { ...none, active: 1 }, moved: 1, changed: 0 },
    ]);
    const changed = { ...result, status: 'left' as const, code: CHANGED_SINCE_READ };
    expect(moveOutcomes(moves, planned, [changed], undefined).map((o) => o.changed)).toEqual([1, 1]);
    expect(
      moveOutcomes(moves, planned, [{ ...result, status: 'left' }], undefined).map((o) => o.moved),
    ).toEqual([0, 0]);
  });
});

describe('a subscription read again just before its move', () => {
  const read = subscription('seats', [
    [OLD, 1],
    [ADDON, 2],
  ]);
  const [planned] = subscriptionMoves(planOf().moves ?? [], [read]).planned;
  const now = (items: Array<[string, number]>) => subscription('seats', items);
  const cases: Array<[string, SubscriptionRecord | undefined, string | undefined]> = [
    [
      'unchanged, items in another order: moved',
      now([
        [ADDON, 2],
        [OLD, 1],
      ]),
      undefined,
    ],
    [
      'a seat count raised meanwhile: left, a later run moves it',
      now([
        [OLD, 9],
        [ADDON, 2],
      ]),
      'later',
    ],
    [
      'an add-on added meanwhile: left',
      now([
        [OLD, 1],
        [ADDON, 2],
        [KEPT, 1],
      ]),
      'later',
    ],
    ['an add-on removed meanwhile: left', now([[OLD, 1]]), 'later'],
    ['taken off the source price meanwhile: not moved at all', now([[ADDON, 2]]), 'off'],
    ['not returned by the read: not moved', undefined, 'off'],
  ];
  it.each(cases)('%s', (_title, current, expected) => {
    expect(planned).toBeDefined();
    const why = changedSinceRead(planned as NonNullable<typeof planned>, current);
    if (expected === undefined) return expect(why).toBeUndefined();
    expect(why).toMatchObject({ code: CHANGED_SINCE_READ, later: expected === 'later' });
  });
});
