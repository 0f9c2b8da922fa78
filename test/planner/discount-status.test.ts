// Discounts Paddle expired (expires_at passed) or used up (usage_limit reached), in the plan: found
// like any managed discount, shown with their status, never created again; --prune archives them
// as orphans; an active discount of the same key is kept before them, an archived one after.
import { describe, expect, it } from 'vitest';
import type { Catalog, CatalogDiscount } from '../../src/catalog/schema.js';
import { diff } from '../../src/planner/diff.js';
import type { RemoteDiscount } from '../../src/planner/remote.js';
import { makeStyle } from '../../src/terminal/style.js';
import { planDocument } from '../../src/views/plan/document.js';
import { formatPlan } from '../../src/views/plan/format.js';
import { catalogOf, launchDiscount, remoteDiscount, snapshotOf } from '../support/plan-builders.js';

const plain = makeStyle(false);
const launch: CatalogDiscount = { ...launchDiscount, usage_limit: 10 };
const withLaunch = (discount: CatalogDiscount | null = launch): Catalog => ({
  ...catalogOf({}),
  ...(discount ? { discounts: { launch: discount } } : {}),
});
const planOf = (discounts: RemoteDiscount[], catalog = withLaunch(), prune = false) =>
  diff(catalog, { ...snapshotOf(), discounts }, { prune });

describe('expired and used discounts in the plan', () => {
  it.each([
    ['expired', 'is expired: its expires_at has passed'],
    ['used', 'is used: its usage_limit is reached'],
  ] as const)(
    'a managed %s discount is unchanged, named with its status, and nothing is created',
    (status, why) => {
      const plan = planOf([remoteDiscount('launch', { id: 'dsc_l', status, usage_limit: 10 })]);
      expect(plan.discounts).toMatchObject([{ action: 'unchanged', id: 'dsc_l', remoteStatus: status }]);
      const lines = formatPlan(plan, plain);
      expect(lines).toContain(
        `  discount launch (dsc_l) ${why}; Paddle keeps it and its code, nothing to create`,
      );
      expect(lines.at(-1)).toBe('No changes.');
      expect(planDocument(plan, 'sandbox').changes[0]).toMatchObject({
        action: 'unchanged',
        remoteStatus: status,
      });
    },
  );

  it('a field change to a used discount is an update of it, its status in the line', () => {
    const plan = planOf([remoteDiscount('launch', { id: 'dsc_l', status: 'used', usage_limit: 5 })]);
    expect(plan.discounts).toMatchObject([{ action: 'update', remoteStatus: 'used' }]);
    expect(formatPlan(plan, plain)[0]).toBe('~ update discount launch (dsc_l used): usage_limit 5 → 10');
  });

  it('--prune archives an expired or used orphan; without it they are named as orphans', () => {
    const remote = [
      remoteDiscount('old', { id: 'dsc_o', status: 'expired', code: 'OLD' }),
      remoteDiscount('spent', { id: 'dsc_s', status: 'used', code: 'SPENT' }),
      remoteDiscount('gone', { id: 'dsc_g', status: 'archived', code: 'GONE' }),
    ];
    expect(planOf(remote, withLaunch(null)).orphans.map((o) => o.id)).toEqual(['dsc_o', 'dsc_s']);
    const pruned = planOf(remote, withLaunch(null), true);
    expect(pruned.discounts.map((c) => [c.action, c.id])).toEqual([
      ['archive', 'dsc_o'],
      ['archive', 'dsc_s'],
    ]);
  });

  it('of several objects with one key: the active one is kept, then an expired one, then an archived one', () => {
    const archived = remoteDiscount('launch', {
      id: 'dsc_a',
      status: 'archived',
      created_at: '2020-01-01T00:00:00Z',
    });
    const expired = remoteDiscount('launch', {
      id: 'dsc_e',
      status: 'expired',
      created_at: '2021-01-01T00:00:00Z',
    });
    const active = remoteDiscount('launch', { id: 'dsc_n', created_at: '2022-01-01T00:00:00Z' });
    expect(planOf([archived, expired]).discounts[0]?.id).toBe('dsc_e');
    expect(planOf([archived, expired, active]).discounts[0]?.id).toBe('dsc_n');
  });

  it.each(['expired', 'used'] as const)(
    'a new code held by an unmanaged %s discount is its look-alike, named with its status',
    (status) => {
      const holder = remoteDiscount(null, { id: 'dsc_h', status });
      const plan = planOf([holder]);
      expect(plan.discounts).toMatchObject([
        { action: 'create', lookalike: { id: 'dsc_h', code: 'LAUNCH25', remoteStatus: status } },
      ]);
      expect(formatPlan(plan, plain)[1]).toContain(`dsc_h "LAUNCH25" (${status})`);
    },
  );

  it('a new code held by an expired discount of another key is a conflict naming it expired, not archived', () => {
    const holder = remoteDiscount('old', { id: 'dsc_o', status: 'expired' });
    const plan = planOf([holder]);
    expect(plan.discounts[0]?.codeConflict).toEqual({
      id: 'dsc_o',
      code: 'LAUNCH25',
      catalog: 'default',
      key: 'old',
      remoteStatus: 'expired',
    });
    expect(formatPlan(plan, plain).join('\n')).toContain('dsc_o of catalog default (key old), expired');
  });
});
