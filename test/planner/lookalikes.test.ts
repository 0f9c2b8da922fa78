// Look-alikes: a create whose key has an unmanaged, active twin in the account is flagged by the
// plan (a warning line, `lookalike` in --json) and refused by apply before any write, unless
// --adopt takes the twin over or --allow-lookalikes says the twin is meant.
import { describe, expect, it } from 'vitest';
import { refuseUnsafePlan } from '../../src/apply/preflight.js';
import type { Catalog, CatalogDiscount } from '../../src/catalog/schema.js';
import { UserError } from '../../src/errors.js';
import { diff } from '../../src/planner/diff.js';
import { lookalikeOf } from '../../src/planner/lookalikes.js';
import type { CatalogSnapshot } from '../../src/planner/remote.js';
import { changesInOrder } from '../../src/planner/summary.js';
import type { DiffOptions, Plan } from '../../src/planner/types.js';
import { makeStyle } from '../../src/terminal/style.js';
import { planDocument } from '../../src/views/plan/document.js';
import { formatPlan } from '../../src/views/plan/format.js';
import {
  catalogOf,
  price,
  pro,
  remoteDiscount,
  remoteProduct,
  snapshotOf,
} from '../support/plan-builders.js';

const plain = makeStyle(false);
const at = (minute: number) => `2026-01-01T00:${String(minute).padStart(2, '0')}:00.000Z`;
const unmarkedPrice = (overrides = {}) => price('', { custom_data: null, ...overrides });
const launch: CatalogDiscount = {
  description: 'Launch offer',
  type: 'percentage',
  amount: '25',
  code: 'LAUNCH25',
};
const withLaunch = (catalog: Catalog = catalogOf({})): Catalog => ({ ...catalog, discounts: { launch } });
const flagged = (plan: Plan) =>
  changesInOrder(plan).flatMap((c) => {
    const lookalike = lookalikeOf(c);
    return lookalike ? [[c.kind, c.key, lookalike]] : [];
  });
const planOf = (catalog: Catalog, snapshot: CatalogSnapshot, options: DiffOptions = {}) =>
  diff(catalog, snapshot, options);

describe('look-alikes in the plan: products (same name, ignoring case and surrounding spaces)', () => {
  it.each([
    ['the same name', 'Pro'],
    ['another letter case', 'PRO'],
    ['surrounding spaces', '  pro '],
  ])('an unmanaged, active product with %s is the look-alike of a new product', (_what, name) => {
    const plan = planOf(catalogOf({ pro }), snapshotOf(remoteProduct(null, { id: 'pro_twin', name })));
    expect(flagged(plan)).toEqual([['product', 'pro', { id: 'pro_twin', name }]]);
    expect(changesInOrder(plan).map((c) => c.action)).toEqual(['create', 'create']);
  });

  it.each([
    ['another name', remoteProduct(null, { name: 'Pro Plus' })],
    ['an inner difference', remoteProduct(null, { name: 'P ro' })],
    ['an archived product', remoteProduct(null, { status: 'archived' })],
    ['a product of another key of this catalog', remoteProduct('legacy', { name: 'Pro' })],
    [
      "another catalog's product",
      remoteProduct(null, { custom_data: { paddle_catalog: { key: 'pro', catalog: 'billing' } } }),
    ],
  ])('no look-alike: %s', (_what, remote) => {
    expect(flagged(planOf(catalogOf({ pro }), snapshotOf(remote)))).toEqual([]);
  });

  it('of several twins the oldest is named', () => {
    const plan = planOf(
      catalogOf({ pro }),
      snapshotOf(
        remoteProduct(null, { id: 'pro_new', created_at: at(5) }),
        remoteProduct(null, { id: 'pro_old', created_at: at(1) }),
      ),
    );
    expect(flagged(plan)).toEqual([['product', 'pro', { id: 'pro_old', name: 'Pro' }]]);
  });

  it('a managed key is never flagged: only creates have look-alikes', () => {
    const plan = planOf(
      catalogOf({ pro }),
      snapshotOf(remoteProduct('pro', {}, [price('pro/monthly')]), remoteProduct(null, { name: 'Pro' })),
    );
    expect(flagged(plan)).toEqual([]);
  });
});

describe('look-alikes in the plan: prices (same product, description and unit price)', () => {
  it('an unmanaged, active price of the managed product with the same description and unit price', () => {
    const plan = planOf(
      catalogOf({ pro }),
      snapshotOf(
        remoteProduct('pro', {}, [
          unmarkedPrice({ id: 'pri_twin', unit_price: { amount: '01000', currency_code: 'usd' } }),
        ]),
      ),
    );
    expect(flagged(plan)).toEqual([['price', 'pro/monthly', { id: 'pri_twin', description: 'Pro monthly' }]]);
  });

  it.each([
    ['another description', { description: 'Pro monthly (old)' }],
    ['another amount', { unit_price: { amount: '1200', currency_code: 'USD' } }],
    ['another currency', { unit_price: { amount: '1000', currency_code: 'EUR' } }],
    ['an archived price', { status: 'archived' as const }],
  ])('no look-alike: %s', (_what, overrides) => {
    const plan = planOf(catalogOf({ pro }), snapshotOf(remoteProduct('pro', {}, [unmarkedPrice(overrides)])));
    expect(flagged(plan)).toEqual([]);
  });

  it('a price of another product is no look-alike (the product is part of what makes a twin)', () => {
    const plan = planOf(
      catalogOf({ pro }),
      snapshotOf(remoteProduct('pro'), remoteProduct(null, { name: 'Legacy' }, [unmarkedPrice()])),
    );
    expect(flagged(plan)).toEqual([]);
  });

  it('a new product has no prices yet: only the product is flagged', () => {
    const plan = planOf(
      catalogOf({ pro }),
      snapshotOf(remoteProduct(null, { id: 'pro_twin' }, [unmarkedPrice()])),
    );
    expect(flagged(plan).map(([kind]) => kind)).toEqual(['product']);
  });
});

describe('look-alikes in the plan: discounts (same code, ignoring case)', () => {
  it('an unmanaged, active discount with the code in another case is the look-alike', () => {
    const plan = planOf(withLaunch(), {
      ...snapshotOf(),
      discounts: [remoteDiscount(null, { id: 'dsc_twin', code: 'launch25' })],
    });
    expect(flagged(plan)).toEqual([['discount', 'launch', { id: 'dsc_twin', code: 'launch25' }]]);
    expect(plan.discounts[0]?.reason).toBeUndefined();
  });

  it('an archived holder of the code is one too (Paddle keeps the code for it), an active one preferred', () => {
    const archived = remoteDiscount(null, { id: 'dsc_old', status: 'archived' });
    const plan = planOf(withLaunch(), { ...snapshotOf(), discounts: [archived] });
    expect(flagged(plan)).toEqual([
      ['discount', 'launch', { id: 'dsc_old', code: 'LAUNCH25', archived: true }],
    ]);
    expect(formatPlan(plan, plain)[1]).toContain(
      '! looks like discount dsc_old "LAUNCH25" (archived) (the same code)',
    );
    const both = planOf(withLaunch(), {
      ...snapshotOf(),
      discounts: [archived, remoteDiscount(null, { id: 'dsc_live', code: 'Launch25' })],
    });
    expect(flagged(both)).toEqual([['discount', 'launch', { id: 'dsc_live', code: 'Launch25' }]]);
  });

  it("another catalog's discount with the code is no look-alike", () => {
    const plan = planOf(withLaunch(), {
      ...snapshotOf(),
      discounts: [remoteDiscount(null, { custom_data: { paddle_catalog: { key: 'x', catalog: 'team-b' } } })],
    });
    expect(flagged(plan)).toEqual([]);
  });
});

describe('--adopt takes over every look-alike instead', () => {
  it('a product named in another case and its price: adopted, nothing flagged, nothing created', () => {
    const plan = planOf(
      catalogOf({ pro }),
      snapshotOf(remoteProduct(null, { id: 'pro_twin', name: ' PRO ' }, [unmarkedPrice({ id: 'pri_twin' })])),
      { adopt: true },
    );
    expect(changesInOrder(plan).map((c) => [c.action, c.id])).toEqual([
      ['adopt', 'pro_twin'],
      ['adopt', 'pri_twin'],
    ]);
    // the name is written as the catalog spells it
    expect(changesInOrder(plan)[0]?.fields).toEqual([{ path: 'name', before: ' PRO ', after: 'Pro' }]);
    expect(flagged(plan)).toEqual([]);
  });

  it('a discount by its code in another case', () => {
    const plan = planOf(
      withLaunch(),
      { ...snapshotOf(), discounts: [remoteDiscount(null, { id: 'dsc_twin', code: 'Launch25' })] },
      { adopt: true },
    );
    expect(plan.discounts.map((c) => [c.action, c.id])).toEqual([['adopt', 'dsc_twin']]);
    expect(flagged(plan)).toEqual([]);
  });

  it('a twin that two keys match is adopted by neither, and stays flagged', () => {
    const twin = { ...pro, prices: {} };
    const plan = planOf(
      catalogOf({ pro: twin, copy: twin }),
      snapshotOf(remoteProduct(null, { id: 'pro_x' })),
      {
        adopt: true,
      },
    );
    expect(plan.ambiguities?.map((a) => a.key)).toEqual(['pro', 'copy']);
    expect(flagged(plan).map(([, key]) => key)).toEqual(['pro', 'copy']);
  });
});

describe('what people and machines see', () => {
  // a name as hostile as a catalog and an account can make it: a bidi override flips the line
  const hostile = () =>
    planOf(
      catalogOf({ pro: { ...pro, name: 'Pro\u202e' } }),
      snapshotOf(remoteProduct(null, { id: 'pro_twin', name: 'PRO\u202e' })),
    );

  it('plan --json: changes[i].lookalike = {id, name}', () => {
    const plan = planOf(catalogOf({ pro }), snapshotOf(remoteProduct(null, { id: 'pro_twin', name: 'PRO' })));
    const doc = planDocument(plan, 'sandbox');
    expect(doc.changes[0]).toEqual({
      kind: 'product',
      key: 'pro',
      action: 'create',
      lookalike: { id: 'pro_twin', name: 'PRO' },
    });
    expect(doc.changes[1]).not.toHaveProperty('lookalike');
  });

  it('human: a warning line under the create, the remote name escaped, with the ways out', () => {
    const plan = planOf(
      catalogOf({ pro }),
      snapshotOf(remoteProduct(null, { id: 'pro_twin', name: 'PRO' }), remoteProduct(null, { name: 'x' })),
    );
    const lines = formatPlan(plan, plain);
    expect(lines[1]).toBe(
      '    ! looks like product pro_twin "PRO" (the same name), which this tool does not manage (apply --adopt takes it over, or rename the product in the catalog, or apply --allow-lookalikes creates beside it)',
    );
    const shown = formatPlan(hostile(), plain).join('\n');
    expect(shown).toContain('looks like product pro_twin "PRO\\u202e"');
    expect(shown).not.toContain('\u202e');
  });
});

describe('apply refuses look-alikes before any write', () => {
  const both = () =>
    planOf(withLaunch(catalogOf({ pro })), {
      ...snapshotOf(remoteProduct(null, { id: 'pro_twin' })),
      discounts: [remoteDiscount(null, { id: 'dsc_twin' })],
    });

  it('names each look-alike and the ways out', () => {
    let error: unknown;
    try {
      refuseUnsafePlan(both());
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(UserError);
    const { message, hint } = error as UserError;
    expect(message).toBe(
      'Not applying: 2 new objects would stand beside an existing one this tool does not manage: product pro looks like pro_twin "Pro"; discount launch looks like dsc_twin "LAUNCH25".',
    );
    expect(hint).toContain('--adopt takes it over');
    expect(hint).toContain('--allow-lookalikes');
    expect(hint).toContain('another code');
  });

  it('--allow-lookalikes lets products and prices through, never a discount whose code is taken', () => {
    expect(() => refuseUnsafePlan(both(), { allowLookalikes: true })).toThrow(
      /1 new object would stand beside .*discount launch looks like dsc_twin/,
    );
    const productsOnly = planOf(catalogOf({ pro }), snapshotOf(remoteProduct(null)));
    expect(() => refuseUnsafePlan(productsOnly)).toThrow(UserError);
    expect(() => refuseUnsafePlan(productsOnly, { allowLookalikes: true })).not.toThrow();
  });

  it('a plan without look-alikes passes', () => {
    expect(() => refuseUnsafePlan(planOf(catalogOf({ pro }), snapshotOf()))).not.toThrow();
  });
});
