// --adopt for discounts: by code, and for a discount without a code (not for checkout, as Paddle's
// own example dsc_01h83xenpcfjyhkqr4x214m02x) by what it grants: an unmarked discount without a
// code with the same description, type and amount. Each unmarked discount goes to one key at most.
import { describe, expect, it } from 'vitest';
import type { Catalog, CatalogDiscount } from '../../src/catalog/schema.js';
import { diff } from '../../src/planner/diff.js';
import type { RemoteDiscount } from '../../src/planner/remote.js';
import { catalogOf, remoteDiscount, snapshotOf } from '../support/plan-builders.js';

const nonprofit: CatalogDiscount = {
  description: 'Nonprofit discount',
  type: 'percentage',
  amount: '10',
  enabled_for_checkout: false,
};
const catalogWith = (discounts: Record<string, CatalogDiscount>): Catalog => ({
  ...catalogOf({}),
  discounts,
});
const planOf = (discounts: Record<string, CatalogDiscount>, remote: RemoteDiscount[]) =>
  diff(catalogWith(discounts), { ...snapshotOf(), discounts: remote }, { adopt: true });
const codeless = (overrides: Partial<RemoteDiscount> = {}) =>
  remoteDiscount(null, {
    code: null,
    description: 'Nonprofit discount',
    amount: '10.00',
    enabled_for_checkout: false,
    ...overrides,
  });

describe('--adopt takes over a discount without a code by what it grants', () => {
  it('the unmarked code-less discount with the same description, type and amount is adopted', () => {
    const plan = planOf({ nonprofit }, [codeless({ id: 'dsc_n' }), remoteDiscount(null, { id: 'dsc_c' })]);
    expect(plan.discounts.map((c) => [c.action, c.id, c.fields])).toEqual([['adopt', 'dsc_n', []]]);
  });

  it.each([
    ['another description', { description: 'Charity discount' }],
    ['another amount', { amount: '15' }],
    ['a code', { code: 'NONPROFIT' }],
  ])('one with %s is not adopted: the key is created', (_what, overrides) => {
    const plan = planOf({ nonprofit }, [codeless(overrides)]);
    expect(plan.discounts.map((c) => c.action)).toEqual(['create']);
  });

  it('two candidates adopt nothing and say why', () => {
    const plan = planOf({ nonprofit }, [codeless({ id: 'dsc_a' }), codeless({ id: 'dsc_b' })]);
    expect(plan.discounts[0]).toMatchObject({ action: 'create' });
    expect(plan.ambiguities).toEqual([
      {
        kind: 'discount',
        key: 'nonprofit',
        candidates: ['dsc_a', 'dsc_b'],
        reason: '2 unmarked discounts without a code are "Nonprofit discount"',
      },
    ]);
  });

  it('two keys that grant the same take one discount each, never the same one twice', () => {
    const plan = planOf({ first: nonprofit, second: nonprofit }, [codeless({ id: 'dsc_a' })]);
    expect(plan.discounts.map((c) => [c.key, c.action, c.id])).toEqual([
      ['first', 'adopt', 'dsc_a'],
      ['second', 'create', undefined],
    ]);
  });
});
