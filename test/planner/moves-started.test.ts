// A move an apply started is recorded in its target price's marker, so a scheduled run (rollout)
// can tell it from one nobody reviewed: the record is part of what the plan compares, so a new
// subscribers_from (or new terms for one) on a price made already is an update apply writes first.
import { describe, expect, it } from 'vitest';
import type { CatalogPrice } from '../../src/catalog/schema.js';
import { compileOperations } from '../../src/operations/compile.js';
import { diff } from '../../src/planner/diff.js';
import { readMarker } from '../../src/planner/marker.js';
import type { PriceChange } from '../../src/planner/types.js';
import { startedMarker } from '../support/marker.mjs';
import { catalogOf, monthly, price, pro, remoteProduct, snapshotOf } from '../support/plan-builders.js';

const RISE: CatalogPrice = {
  ...monthly,
  description: 'Pro 2027',
  subscribers_from: ['monthly'],
  bills_from: '2027-01-01',
};
const RECORD = [{ from: 'pro/monthly', proration: 'do_not_bill', bills_from: '2027-01-01' }];
const catalog = (rise: CatalogPrice | undefined = RISE) =>
  catalogOf({ pro: { ...pro, prices: { monthly, ...(rise ? { 'monthly-2027': rise } : {}) } } });
const account = (customData?: Record<string, unknown>) =>
  snapshotOf(
    remoteProduct('pro', {}, [
      price('pro/monthly'),
      price('pro/monthly-2027', {
        description: 'Pro 2027',
        ...(customData ? { custom_data: customData } : {}),
      }),
    ]),
  );
const target = (plan: ReturnType<typeof diff>) =>
  plan.groups.flatMap((g) => g.prices).find((p) => p.key === 'pro/monthly-2027') as PriceChange;

describe('the moves an apply started, in the target price marker', () => {
  it('a new price that takes subscribers is created with its moves in its marker', () => {
    const plan = diff(catalog(), snapshotOf(remoteProduct('pro', {}, [price('pro/monthly')])));
    const create = compileOperations(plan).find((op) => op.key === 'pro/monthly-2027');
    expect(create?.body.custom_data).toEqual(startedMarker('pro/monthly-2027', RECORD));
  });

  it('a new subscribers_from on a price made already is an update that writes the record, the user data kept', () => {
    const plan = diff(catalog(), account({ team: 'billing', paddle_catalog: { key: 'pro/monthly-2027' } }));
    const change = target(plan);
    expect(change.action).toBe('update');
    expect(change.fields.map((f) => f.path)).toEqual(['moves_started']);
    const update = compileOperations(plan).find((op) => op.key === 'pro/monthly-2027');
    expect(update?.body).toEqual({
      custom_data: { team: 'billing', ...startedMarker('pro/monthly-2027', RECORD) },
    });
  });

  it('a move recorded with the same terms is unchanged; new terms (bills_from, proration) are an update', () => {
    expect(target(diff(catalog(), account(startedMarker('pro/monthly-2027', RECORD)))).action).toBe(
      'unchanged',
    );
    const later = catalog({ ...RISE, bills_from: '2027-02-01' });
    expect(target(diff(later, account(startedMarker('pro/monthly-2027', RECORD)))).action).toBe('update');
    const billed = catalog({ ...RISE, proration: 'full_next_billing_period' });
    expect(target(diff(billed, account(startedMarker('pro/monthly-2027', RECORD)))).action).toBe('update');
  });

  it('a finished rise whose subscribers_from the catalog dropped writes nothing: the record stays', () => {
    const { subscribers_from: _gone, bills_from: _date, ...kept } = RISE;
    expect(target(diff(catalog(kept), account(startedMarker('pro/monthly-2027', RECORD)))).action).toBe(
      'unchanged',
    );
  });

  it('a record of another shape in the account is no record', () => {
    for (const moves of ['pro/monthly', [{ from: 1 }], [{ from: 'pro/monthly' }], [null], {}]) {
      expect(readMarker({ paddle_catalog: { key: 'pro/monthly-2027', moves } })).toEqual({
        key: 'pro/monthly-2027',
        catalog: 'default',
      });
    }
  });
});
