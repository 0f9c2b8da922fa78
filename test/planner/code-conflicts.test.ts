// Discount codes across the account: a code another discount holds (another catalog's, this
// catalog's other key, an archived one, or an unmanaged one a code change would take) is a
// conflict the plan names with its holder and catalog, and apply refuses before any write.
import { describe, expect, it } from 'vitest';
import { refuseUnsafePlan } from '../../src/apply/preflight.js';
import type { Catalog, CatalogDiscount } from '../../src/catalog/schema.js';
import { UserError } from '../../src/errors.js';
import { compileOperations } from '../../src/operations/compile.js';
import { diff } from '../../src/planner/diff.js';
import type { RemoteDiscount } from '../../src/planner/remote.js';
import type { DiffOptions } from '../../src/planner/types.js';
import { makeStyle } from '../../src/terminal/style.js';
import { planDocument } from '../../src/views/plan/document.js';
import { formatPlan } from '../../src/views/plan/format.js';
import { marker } from '../support/marker.mjs';
import { catalogOf, launchDiscount, remoteDiscount, snapshotOf } from '../support/plan-builders.js';

const plain = makeStyle(false);
const launch: CatalogDiscount = launchDiscount;
const withLaunch = (discount: CatalogDiscount = launch): Catalog => ({
  ...catalogOf({}),
  discounts: { launch: discount },
});
const teamB = (key: string) => marker(key, 'team-b');
const planOf = (discounts: RemoteDiscount[], catalog = withLaunch(), options: DiffOptions = {}) =>
  diff(catalog, { ...snapshotOf(), discounts }, options);

describe('discount codes are one per account: a code another discount holds is a conflict', () => {
  it.each([
    [
      "another catalog's active discount",
      remoteDiscount(null, { id: 'dsc_b', code: 'launch25', custom_data: teamB('promo') }),
      { id: 'dsc_b', code: 'launch25', catalog: 'team-b', key: 'promo' },
    ],
    [
      "another catalog's archived discount",
      remoteDiscount(null, { id: 'dsc_b', status: 'archived', custom_data: teamB('old') }),
      { id: 'dsc_b', code: 'LAUNCH25', catalog: 'team-b', key: 'old', archived: true },
    ],
  ])('a new discount whose code is held by %s', (_what, holder, conflict) => {
    const plan = planOf([holder]);
    expect(plan.discounts.map((c) => [c.action, c.codeConflict])).toEqual([['create', conflict]]);
    expect(planDocument(plan, 'sandbox').changes[0]).toMatchObject({ key: 'launch', codeConflict: conflict });
  });

  it.each([
    ['active', [], {}],
    ['archived', [{ prune: true }], { archived: true }],
  ] as const)(
    'a key renamed with its code kept (the old key %s, no longer in the catalog) is a move of the marker, not a conflict nor create + archive',
    (status, [options], extra) => {
      const plan = planOf([remoteDiscount('spring', { id: 'dsc_s', status })], withLaunch(), options);
      expect(plan.discounts).toEqual([
        expect.objectContaining({
          action: 'adopt',
          key: 'launch',
          id: 'dsc_s',
          renamedFrom: 'spring',
          ...extra,
        }),
      ]);
      expect(plan.discounts[0]?.codeConflict).toBeUndefined();
      expect(plan.orphans).toEqual([]);
      expect(formatPlan(plan, plain)[0]).toMatch(
        /^~ move discount spring → launch \(dsc_s\): keeps its code LAUNCH25/,
      );
      expect(planDocument(plan, 'sandbox').summary).toMatchObject({ create: 0, update: 1, archive: 0 });
    },
  );

  it('a code moving between keys waits for the key giving it up; a swap stays a conflict', () => {
    const held = [
      remoteDiscount('launch', { id: 'dsc_l', code: 'OLD' }),
      remoteDiscount('promo', { id: 'dsc_p', code: 'LAUNCH25' }),
    ];
    const catalog = (promoCode: string): Catalog => ({
      ...withLaunch(),
      discounts: { launch: launch, promo: { ...launch, code: promoCode } },
    });
    const plan = planOf(held, catalog('PROMO'));
    expect(plan.discounts.map((c) => [c.key, c.codeAfter, c.codeConflict])).toEqual([
      ['promo', undefined, undefined],
      ['launch', 'promo', undefined],
    ]);
    const ops = compileOperations(plan);
    expect(ops.find((op) => op.key === 'launch')?.after).toContain('update discount promo');
    expect(formatPlan(plan, plain).join('\n')).toContain(
      'code "LAUNCH25" moves from discount promo, which gets its new code first',
    );
    const swap = planOf(held, catalog('OLD'));
    expect(swap.discounts.map((c) => [c.key, c.codeConflict?.id])).toEqual([
      ['launch', 'dsc_p'],
      ['promo', 'dsc_l'],
    ]);
  });

  it('an update to a code an unmanaged discount holds names it as not managed', () => {
    const plan = planOf(
      [remoteDiscount('launch', { id: 'dsc_mine', code: 'OLD' }), remoteDiscount(null, { id: 'dsc_x' })],
      withLaunch(),
    );
    expect(plan.discounts[0]).toMatchObject({
      action: 'update',
      fields: [{ path: 'code', before: 'OLD', after: 'LAUNCH25' }],
      codeConflict: { id: 'dsc_x', code: 'LAUNCH25' },
    });
    expect(formatPlan(plan, plain)[0]).toBe('~ update discount launch (dsc_mine): code "OLD" → "LAUNCH25"');
    expect(formatPlan(plan, plain)[1]).toBe(
      '    ! code "LAUNCH25" is held by discount dsc_x which this tool does not manage: Paddle keeps one discount per code in the account' +
        " (give this discount another code in the catalog, or change the holder's code first (in its catalog, or in the dashboard); no flag creates beside it)",
    );
  });

  it.each([
    ['nobody holds the code', [remoteDiscount(null, { code: 'OTHER' })], {}],
    [
      'the holder is the discount itself (a case change)',
      [remoteDiscount('launch', { code: 'launch25' })],
      {},
    ],
    ['the unmanaged holder of a new code is its look-alike', [remoteDiscount(null)], {}],
    ['--adopt takes the holder over', [remoteDiscount(null)], { adopt: true }],
    ['a discount without a code', [remoteDiscount(null, { code: null })], {}],
  ])('no conflict: %s', (_what, discounts, options) => {
    const plan = planOf(discounts, withLaunch(), options);
    expect(plan.discounts.some((c) => c.codeConflict)).toBe(false);
  });

  it('apply refuses before any write, naming the holder and its catalog; no flag lets it through', () => {
    const plan = planOf([remoteDiscount(null, { id: 'dsc_b', custom_data: teamB('promo') })]);
    let error: unknown;
    try {
      refuseUnsafePlan(plan, { allowLookalikes: true });
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(UserError);
    const { message, hint, data } = error as UserError;
    expect(message).toBe(
      'Not applying: 1 discount code is held by another discount of the account: discount launch: code "LAUNCH25" is held by discount dsc_b of catalog team-b (key promo).',
    );
    expect(hint).toContain('another code in the catalog');
    expect(data).toEqual({
      codeConflicts: [
        {
          kind: 'discount',
          key: 'launch',
          codeConflict: { id: 'dsc_b', code: 'LAUNCH25', catalog: 'team-b', key: 'promo' },
        },
      ],
    });
  });

  it('a hostile holder catalog or key is shown escaped', () => {
    const holder = remoteDiscount(null, { id: 'dsc_b', custom_data: teamB('x\u001b[2J') });
    const text = formatPlan(planOf([holder]), plain).join('\n');
    expect(text).toContain('(key x\\x1b[2J)');
    expect(text).not.toContain('\u001b');
  });
});
