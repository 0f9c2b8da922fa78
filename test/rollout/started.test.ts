// What a scheduled run may continue, as a table over plans: the moves an apply started and the
// archives of their old prices pass; a move no apply started, any other change and a duplicate are
// refused before anything is written, each named.
import { describe, expect, it } from 'vitest';
import type { CatalogPrice } from '../../src/catalog/schema.js';
import { diff } from '../../src/planner/diff.js';
import { refuseUnstarted } from '../../src/rollout/started.js';
import { startedMarker } from '../support/marker.mjs';
import { catalogOf, monthly, price, pro, remoteProduct, snapshotOf } from '../support/plan-builders.js';

const RISE: CatalogPrice = { ...monthly, description: 'Pro 2027', subscribers_from: ['monthly'] };
const RECORD = [{ from: 'pro/monthly', proration: 'do_not_bill', bills_from: null }];
const catalog = (rise: CatalogPrice) =>
  catalogOf({
    pro: { ...pro, prices: { monthly: { ...monthly, status: 'archived' }, 'monthly-2027': rise } },
  });
const account = (record: boolean) =>
  snapshotOf(
    remoteProduct('pro', {}, [
      price('pro/monthly'),
      price('pro/monthly-2027', {
        description: 'Pro 2027',
        ...(record ? { custom_data: startedMarker('pro/monthly-2027', RECORD) } : {}),
      }),
    ]),
  );

describe('rollout continues only what an apply started', () => {
  it('a started move and the archive of its old price pass', () => {
    expect(() => refuseUnstarted(diff(catalog(RISE), account(true)))).not.toThrow();
  });

  it('a move no apply started is refused, named', () => {
    expect(() => refuseUnstarted(diff(catalog(RISE), account(false)))).toThrow(
      'price pro/monthly-2027: a subscriber move no apply has started',
    );
  });

  it('any other change is refused, named by its key and action', () => {
    expect(() =>
      refuseUnstarted(diff(catalog({ ...RISE, description: 'Pro 2027 (new)' }), account(true))),
    ).toThrow('price pro/monthly-2027: update');
  });
});
