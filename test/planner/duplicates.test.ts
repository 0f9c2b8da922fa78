// Duplicates: a key with more than one active object of this catalog. The plan keeps
// the oldest; --dedupe archives the others; verification fails while any are left.
import { describe, expect, it } from 'vitest';
import { diff } from '../../src/planner/diff.js';
import { olderFirst } from '../../src/planner/identity.js';
import type { RemoteDiscount } from '../../src/planner/remote.js';
import { changesInOrder, hasChanges, isConverged, summarize } from '../../src/planner/summary.js';
import {
  catalogOf,
  launchDiscount,
  price,
  pro,
  remoteDiscount,
  remoteProduct,
  snapshotOf,
} from '../support/plan-builders.js';

const at = (minute: number) => `2026-01-01T00:${String(minute).padStart(2, '0')}:00.000Z`;
const lines = (plan: ReturnType<typeof diff>) =>
  changesInOrder(plan).map((c) => `${c.action} ${c.kind} ${c.key}${c.id ? ` ${c.id}` : ''}`);

describe('which object is kept', () => {
  it('the oldest by created_at, then by id; an object without created_at last', () => {
    const objects = [
      { id: 'pro_a', status: 'active' as const, custom_data: null, created_at: null },
      { id: 'pro_c', status: 'active' as const, custom_data: null, created_at: at(1) },
      { id: 'pro_b', status: 'active' as const, custom_data: null, created_at: at(1) },
      { id: 'pro_z', status: 'active' as const, custom_data: null, created_at: at(0) },
    ];
    expect([...objects].sort(olderFirst).map((o) => o.id)).toEqual(['pro_z', 'pro_b', 'pro_c', 'pro_a']);
  });

  it('a key is duplicated only while it has more than one active object', () => {
    const plan = diff(
      catalogOf({ pro }),
      snapshotOf(
        remoteProduct('pro', { id: 'pro_new', created_at: at(5) }, [price('pro/monthly', { id: 'pri_1' })]),
        remoteProduct('pro', { id: 'pro_old', created_at: at(1), status: 'archived' }),
      ),
    );
    expect(plan.duplicates).toEqual([]);
    expect(isConverged(plan)).toBe(true);
  });
});

describe('two applies at once left twins: plan, plan --dedupe, verification', () => {
  // run A made pro_a with its price; run B, a moment later, pro_b with its own
  const twins = () =>
    snapshotOf(
      remoteProduct('pro', { id: 'pro_b', created_at: at(2) }, [
        price('pro/monthly', { id: 'pri_b', created_at: at(2) }),
      ]),
      remoteProduct('pro', { id: 'pro_a', created_at: at(1) }, [
        price('pro/monthly', { id: 'pri_a', created_at: at(1) }),
      ]),
    );

  it('the plan manages the oldest product and the price under it, and names the others', () => {
    const plan = diff(catalogOf({ pro }), twins());
    expect(plan.duplicates).toEqual([
      { kind: 'product', key: 'pro', kept: 'pro_a', others: ['pro_b'] },
      { kind: 'price', key: 'pro/monthly', kept: 'pri_a', others: ['pri_b'] },
    ]);
    expect(hasChanges(plan)).toBe(false);
    // nothing to change, and still not converged: verification fails on duplicates alone
    expect(isConverged(plan)).toBe(false);
  });

  it('--dedupe archives every extra object, prices before products, and counts them as archives', () => {
    const plan = diff(catalogOf({ pro }), twins(), { dedupe: true });
    expect(lines(plan)).toEqual([
      'archive price pro/monthly pri_b',
      'archive product pro pro_b',
      'unchanged product pro pro_a',
      'unchanged price pro/monthly pri_a',
    ]);
    expect(plan.deduplication?.map((c) => c.duplicateOf)).toEqual(['pro_a', 'pri_a']);
    expect(summarize(plan)).toMatchObject({ archive: 2, create: 0 });
  });

  it('a price that hangs only on an archived duplicate is created under the kept product by the ordinary plan', () => {
    // run A was stopped after its product; run B made both
    const plan = diff(
      catalogOf({ pro }),
      snapshotOf(
        remoteProduct('pro', { id: 'pro_a', created_at: at(1) }),
        remoteProduct('pro', { id: 'pro_b', created_at: at(2) }, [
          price('pro/monthly', { id: 'pri_b', created_at: at(2) }),
        ]),
      ),
      { dedupe: true },
    );
    expect(lines(plan)).toEqual([
      'archive product pro pro_b',
      'unchanged product pro pro_a',
      'replace price pro/monthly pri_b',
    ]);
  });

  it("another catalog's twin of the key is not a duplicate", () => {
    const plan = diff(
      catalogOf({ pro }),
      snapshotOf(
        remoteProduct('pro', { id: 'pro_a' }, [price('pro/monthly')]),
        remoteProduct('pro', {
          id: 'pro_x',
          custom_data: { paddle_catalog: { key: 'pro', catalog: 'other' } },
        }),
      ),
      { dedupe: true },
    );
    expect(plan.duplicates).toEqual([]);
    expect(plan.deduplication).toEqual([]);
  });
});

describe('duplicate discounts: kept by age, archived by --dedupe', () => {
  const catalog = {
    ...catalogOf({}),
    discounts: { welcome: { description: 'Launch offer', type: 'percentage' as const, amount: '25' } },
  };
  // two runs at once, each made the (codeless) discount: Paddle allows that, codes alone are unique
  const twins = () => ({
    ...snapshotOf(),
    discounts: [
      remoteDiscount('welcome', { id: 'dsc_b', code: 'GEN2', created_at: at(2) }),
      remoteDiscount('welcome', { id: 'dsc_c', code: 'GEN3', created_at: at(2) }),
      remoteDiscount('welcome', { id: 'dsc_a', code: 'GEN1', created_at: at(1) }),
      remoteDiscount('welcome', { id: 'dsc_old', code: 'GEN0', created_at: at(0), status: 'archived' }),
    ],
  });

  it('the plan keeps the oldest active one and names the others; verification fails on them', () => {
    const plan = diff(catalog, twins());
    expect(plan.duplicates).toEqual([
      { kind: 'discount', key: 'welcome', kept: 'dsc_a', others: ['dsc_b', 'dsc_c'] },
    ]);
    expect(isConverged(plan)).toBe(false);
  });

  it('--dedupe archives every extra discount, after the extra prices and products', () => {
    const plan = diff(catalog, twins(), { dedupe: true });
    expect(lines(plan)).toEqual([
      'archive discount welcome dsc_b',
      'archive discount welcome dsc_c',
      'unchanged discount welcome dsc_a',
    ]);
    expect(plan.deduplication?.map((c) => c.duplicateOf)).toEqual(['dsc_a', 'dsc_a']);
    const mixed = diff(
      { ...catalog, products: { pro } },
      { ...twins(), products: productTwins() },
      {
        dedupe: true,
      },
    );
    expect(lines(mixed).slice(0, 4)).toEqual([
      'archive price pro/monthly pri_y',
      'archive product pro pro_y',
      'archive discount welcome dsc_b',
      'archive discount welcome dsc_c',
    ]);
  });
});

describe('a twin holding the code the catalog wants is the one kept', () => {
  const catalog = { ...catalogOf({}), discounts: { launch: launchDiscount } };
  const twins = (holder: Partial<RemoteDiscount>) => ({
    ...snapshotOf(),
    discounts: [
      remoteDiscount('launch', { id: 'dsc_old', code: 'OLDCODE', created_at: at(0) }),
      remoteDiscount('launch', { id: 'dsc_new', code: 'LAUNCH25', created_at: at(5), ...holder }),
    ],
  });

  it.each([
    ['active', {}, ['archive discount launch dsc_old', 'unchanged discount launch dsc_new']],
    [
      'archived',
      { status: 'archived' as const },
      ['archive discount launch dsc_old', 'unarchive discount launch dsc_new'],
    ],
  ])(
    'the newer twin (%s) holds the code: --dedupe keeps it and archives the older one, nothing writes the code',
    (_s, holder, expected) => {
      const plan = diff(catalog, twins(holder), { dedupe: true });
      expect(plan.duplicates).toEqual([
        { kind: 'discount', key: 'launch', kept: 'dsc_new', others: ['dsc_old'] },
      ]);
      expect(lines(plan)).toEqual(expected);
      expect(plan.discounts[0]?.codeConflict).toBeUndefined();
    },
  );
});

function productTwins() {
  return snapshotOf(
    remoteProduct('pro', { id: 'pro_x', created_at: at(1) }, [
      price('pro/monthly', { id: 'pri_x', created_at: at(1) }),
    ]),
    remoteProduct('pro', { id: 'pro_y', created_at: at(2) }, [
      price('pro/monthly', { id: 'pri_y', created_at: at(2) }),
    ]),
  ).products;
}
