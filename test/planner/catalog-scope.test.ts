// Several catalogs in one account: the marker holds the catalog's name beside the key,
// and a plan sees only its own catalog's objects.
import { describe, expect, it } from 'vitest';
import type { Catalog } from '../../src/catalog/schema.js';
import { exportCatalog } from '../../src/export/export.js';
import { priceCreateBody, productCreateBody } from '../../src/operations/bodies.js';
import { diff } from '../../src/planner/diff.js';
import { keyIn, readMarker, withMarker } from '../../src/planner/marker.js';
import { priceState, productState } from '../../src/planner/normalize.js';
import { changesInOrder } from '../../src/planner/summary.js';
import { marker } from '../support/marker.mjs';
import { catalogOf, monthly, price, pro, remoteProduct, snapshotOf } from '../support/plan-builders.js';

const named = (name: string, catalog: Catalog = catalogOf({ pro })): Catalog => ({
  ...catalog,
  catalog: name,
});
const marked = (key: string, catalog?: string) => ({ custom_data: marker(key, catalog) });
const actions = (plan: ReturnType<typeof diff>) =>
  changesInOrder(plan).map((c) => `${c.action} ${c.kind} ${c.key}`);

describe('the marker: key and catalog', () => {
  it('a marker without a catalog belongs to default (what earlier versions wrote)', () => {
    expect(readMarker({ paddle_catalog: { key: 'pro' } })).toEqual({ key: 'pro', catalog: 'default' });
    expect(keyIn('default', { paddle_catalog: { key: 'pro' } })).toBe('pro');
    expect(keyIn('billing', { paddle_catalog: { key: 'pro' } })).toBeUndefined();
  });

  it('a named catalog is written beside the key; default writes the key alone, as before', () => {
    expect(withMarker({ tier: 2 }, { key: 'pro', catalog: 'billing' })).toEqual({
      tier: 2,
      paddle_catalog: { key: 'pro', catalog: 'billing' },
    });
    expect(withMarker(null, { key: 'pro', catalog: 'default' })).toEqual({ paddle_catalog: { key: 'pro' } });
  });

  it('create bodies carry the catalog of the plan', () => {
    const billing = { key: 'pro', catalog: 'billing' };
    expect(productCreateBody(billing, productState(pro)).custom_data).toEqual({ paddle_catalog: billing });
    const priceMarker = { key: 'pro/monthly', catalog: 'billing' };
    expect(priceCreateBody(priceMarker, priceState(monthly), 'pro_1').custom_data).toEqual({
      paddle_catalog: priceMarker,
    });
  });
});

describe('diff: each catalog sees only its own objects', () => {
  const otherCatalogs = snapshotOf(
    remoteProduct('pro', marked('pro', 'billing'), [price('pro/monthly', marked('pro/monthly', 'billing'))]),
    remoteProduct('legacy', { ...marked('legacy', 'billing'), name: 'Legacy' }),
  );

  it('the same key in another catalog is another object: this catalog creates its own', () => {
    const plan = diff(catalogOf({ pro }), otherCatalogs);
    expect(plan.catalog).toBe('default');
    expect(actions(plan)).toEqual(['create product pro', 'create price pro/monthly']);
  });

  it("another catalog's objects are never orphans, never pruned, never duplicates", () => {
    const plan = diff(catalogOf({ pro }), otherCatalogs, { prune: true });
    expect(plan.orphans).toEqual([]);
    expect(plan.duplicates).toEqual([]);
    expect(actions(plan).filter((a) => a.startsWith('archive'))).toEqual([]);
  });

  it("another catalog's objects are never adopted", () => {
    const plan = diff(catalogOf({ pro }), otherCatalogs, { adopt: true });
    expect(actions(plan)).toEqual(['create product pro', 'create price pro/monthly']);
    expect(plan.ambiguities).toEqual([]);
  });

  it('a named catalog manages its own objects and prunes only them', () => {
    const mixed = snapshotOf(
      ...otherCatalogs.products,
      remoteProduct('pro', {}, [price('pro/monthly')]), // default's
    );
    const plan = diff(named('billing', catalogOf({ pro })), mixed, { prune: true });
    const billingIds = new Set(otherCatalogs.products.map((p) => p.id));
    expect(plan.catalog).toBe('billing');
    expect(actions(plan)).toEqual([
      'unchanged product pro',
      'unchanged price pro/monthly',
      'archive product legacy',
    ]);
    const archived = changesInOrder(plan).filter((c) => c.action === 'archive');
    expect(archived).toHaveLength(1);
    expect(archived.every((c) => c.id && billingIds.has(c.id))).toBe(true);
  });
});

describe('export --catalog', () => {
  const account = snapshotOf(
    remoteProduct('pro', marked('pro', 'billing'), [price('pro/monthly', marked('pro/monthly', 'billing'))]),
    remoteProduct('team', { name: 'Team' }),
    remoteProduct(null, { name: 'Addon Seats' }),
  );

  it("writes the catalog's name and its own objects with the unmanaged ones, never another catalog's", () => {
    const billing = exportCatalog(account, { environment: 'sandbox', catalog: 'billing' }).catalog;
    expect(billing.catalog).toBe('billing');
    expect(Object.keys(billing.products).sort()).toEqual(['addon-seats', 'pro']);
    const main = exportCatalog(account, { environment: 'sandbox' }).catalog;
    expect(main.catalog).toBeUndefined();
    expect(Object.keys(main.products).sort()).toEqual(['addon-seats', 'team']);
  });
});
