import { describe, expect, it } from 'vitest';
import type { CatalogPrice } from '../../src/catalog/schema.js';
import { diff } from '../../src/planner/diff.js';
import { changesInOrder, hasChanges, summarize } from '../../src/planner/summary.js';
import { catalogOf, monthly, price, pro, remoteProduct, snapshotOf } from '../support/plan-builders.js';

const priced = (change: object) => ({
  ...pro,
  prices: { monthly: { ...monthly, ...change } as CatalogPrice },
});

const actions = (plan: ReturnType<typeof diff>) =>
  changesInOrder(plan).map((c) => `${c.action} ${c.kind} ${c.key}`);

describe('diff: create, unchanged, update', () => {
  it('an empty account: the product, then its prices, are created', () => {
    const plan = diff(catalogOf({ pro }), snapshotOf());
    expect(actions(plan)).toEqual(['create product pro', 'create price pro/monthly']);
    expect(summarize(plan)).toEqual({ create: 2, update: 0, archive: 0, unchanged: 0 });
  });

  it('an account that matches the catalog gives no changes', () => {
    const plan = diff(catalogOf({ pro }), snapshotOf(remoteProduct('pro', {}, [price('pro/monthly')])));
    expect(actions(plan)).toEqual(['unchanged product pro', 'unchanged price pro/monthly']);
    expect(hasChanges(plan)).toBe(false);
  });

  it.each([
    ['name', { name: 'Pro Plus' }, [{ path: 'name', before: 'Pro', after: 'Pro Plus' }]],
    [
      'tax category',
      { tax_category: 'standard' as const },
      [{ path: 'tax_category', before: 'saas', after: 'standard' }],
    ],
    [
      'description added',
      { description: 'For teams' },
      [{ path: 'description', before: null, after: 'For teams' }],
    ],
  ])('a product whose %s changed is updated field by field', (_label, change, fields) => {
    const plan = diff(
      catalogOf({ pro: { ...pro, ...change } }),
      snapshotOf(remoteProduct('pro', {}, [price('pro/monthly')])),
    );
    const [product] = changesInOrder(plan);
    expect(product).toMatchObject({ action: 'update', fields });
  });

  it.each([
    ['amount', { unit_price: { amount: '1200', currency_code: 'USD' } }, 'unit_price.amount'],
    [
      'billing cycle',
      { billing_cycle: { interval: 'year' as const, frequency: 1 } },
      'billing_cycle.interval',
    ],
    ['trial added', { trial_period: { interval: 'day' as const, frequency: 14 } }, 'trial_period'],
    ['quantity', { quantity: { minimum: 1, maximum: 50 } }, 'quantity.maximum'],
    ['one-time', { billing_cycle: undefined }, 'billing_cycle'],
  ])('a price whose %s changed is an update (a PATCH), not a new price', (_label, change, path) => {
    const plan = diff(
      catalogOf({ pro: priced(change) }),
      snapshotOf(remoteProduct('pro', {}, [price('pro/monthly')])),
    );
    const priceChange = changesInOrder(plan)[1];
    expect(priceChange?.action).toBe('update');
    expect(priceChange?.fields.map((f) => f.path)).toEqual([path]);
  });
});

describe('diff: normalisation, so remote defaults never cause a perpetual diff', () => {
  it.each([
    ['quantity default 1–100 vs absent', {}, { quantity: { minimum: 1, maximum: 100 } }],
    ['null name vs absent', { name: undefined }, { name: null }],
    ['default tax_mode vs absent', {}, { tax_mode: 'account_setting' }],
    [
      'override order and country order',
      {
        unit_price_overrides: [
          { country_codes: ['GB'], unit_price: { amount: '800', currency_code: 'GBP' } },
          { country_codes: ['FR', 'DE'], unit_price: { amount: '900', currency_code: 'EUR' } },
        ],
      },
      {
        unit_price_overrides: [
          { country_codes: ['DE', 'FR'], unit_price: { amount: '900', currency_code: 'EUR' } },
          { country_codes: ['GB'], unit_price: { amount: '800', currency_code: 'GBP' } },
        ],
      },
    ],
    [
      'cardless trial: requires_payment_method default true',
      {
        trial_period: { interval: 'day' as const, frequency: 14 },
      },
      { trial_period: { interval: 'day', frequency: 14, requires_payment_method: true } },
    ],
    [
      'trial without the field vs requires_payment_method true',
      {
        trial_period: { interval: 'day' as const, frequency: 14, requires_payment_method: true },
      },
      { trial_period: { interval: 'day', frequency: 14 } },
    ],
  ])('%s', (_label, catalogSide, remoteSide) => {
    const plan = diff(
      catalogOf({ pro: priced(catalogSide) }),
      snapshotOf(remoteProduct('pro', {}, [price('pro/monthly', remoteSide)])),
    );
    expect(hasChanges(plan)).toBe(false);
  });

  // an account whose default is "Automatic based on location" stores account_setting as location
  // (https://developer.paddle.com/changelog/2025/default-automatic-tax-setting)
  it.each([
    ['left out, stored as location: not compared', {}, 'location', [], undefined],
    ['left out, set to internal in the dashboard: not compared', {}, 'internal', [], undefined],
    [
      'account_setting, stored as location: a warning, no update',
      { tax_mode: 'account_setting' },
      'location',
      [],
      'location',
    ],
    [
      'account_setting, stored as internal: an update',
      { tax_mode: 'account_setting' },
      'internal',
      ['tax_mode'],
      undefined,
    ],
    [
      'location, stored as account_setting: an update',
      { tax_mode: 'location' },
      'account_setting',
      ['tax_mode'],
      undefined,
    ],
  ] as const)('tax_mode %s', (_label, catalogSide, remoteMode, paths, stored) => {
    const plan = diff(
      catalogOf({ pro: priced(catalogSide) }),
      snapshotOf(remoteProduct('pro', {}, [price('pro/monthly', { tax_mode: remoteMode })])),
    );
    const change = changesInOrder(plan)[1];
    expect(change?.fields.map((f) => f.path)).toEqual(paths);
    expect(change?.kind === 'price' ? change.storedTaxMode : 'not a price').toBe(stored);
  });

  it('a product description that is null remotely and absent in the catalog is no change', () => {
    const plan = diff(
      catalogOf({ pro }),
      snapshotOf(remoteProduct('pro', { description: '' }, [price('pro/monthly')])),
    );
    expect(hasChanges(plan)).toBe(false);
  });

  it('user custom_data is kept beside the marker and compared without it', () => {
    const withData = { ...pro, custom_data: { plan_tier: 2 } };
    const remote = remoteProduct('pro', { custom_data: { plan_tier: 2, paddle_catalog: { key: 'pro' } } }, [
      price('pro/monthly'),
    ]);
    expect(hasChanges(diff(catalogOf({ pro: withData }), snapshotOf(remote)))).toBe(false);
  });

  const paid = {
    interval: 'day' as const,
    frequency: 7,
    unit_price: { amount: '100', currency_code: 'USD' },
  };

  it('a paid trial read back with its unit_price is no change', () => {
    const plan = diff(
      catalogOf({ pro: priced({ trial_period: paid }) }),
      snapshotOf(
        remoteProduct('pro', {}, [
          price('pro/monthly', { trial_period: { ...paid, requires_payment_method: true } }),
        ]),
      ),
    );
    expect(hasChanges(plan)).toBe(false);
  });

  it('a paid trial whose unit_price went missing is planned as an update of trial_period.unit_price', () => {
    const plan = diff(
      catalogOf({ pro: priced({ trial_period: paid }) }),
      snapshotOf(
        remoteProduct('pro', {}, [price('pro/monthly', { trial_period: { interval: 'day', frequency: 7 } })]),
      ),
    );
    expect(changesInOrder(plan)[1]?.fields.map((f) => f.path)).toEqual(['trial_period.unit_price']);
  });
});

describe('diff: identity by marker only', () => {
  it('an unmarked product with the same name is left alone; ours is created', () => {
    const plan = diff(
      catalogOf({ pro }),
      snapshotOf(remoteProduct(null, {}, [price('x', { custom_data: null })])),
    );
    expect(actions(plan)).toEqual(['create product pro', 'create price pro/monthly']);
    expect(plan.orphans).toEqual([]);
  });

  it('a renamed product is matched by its key, not its name', () => {
    const plan = diff(
      catalogOf({ pro }),
      snapshotOf(remoteProduct('pro', { name: 'Old name' }, [price('pro/monthly')])),
    );
    expect(actions(plan)).toEqual(['update product pro', 'unchanged price pro/monthly']);
  });

  it('two active objects with one marker are reported; the active and oldest is kept, an archived one is history', () => {
    const a = remoteProduct('pro', { id: 'pro_a', status: 'archived' });
    const b = remoteProduct('pro', { id: 'pro_b' }, [price('pro/monthly')]);
    const c = remoteProduct('pro', { id: 'pro_c' });
    const plan = diff(catalogOf({ pro }), snapshotOf(a, b, c));
    expect(plan.duplicates).toEqual([{ kind: 'product', key: 'pro', kept: 'pro_b', others: ['pro_c'] }]);
    expect(actions(plan)).toEqual(['unchanged product pro', 'unchanged price pro/monthly']);
  });

  it('an archived marked object is unarchived, not created again', () => {
    const plan = diff(
      catalogOf({ pro }),
      snapshotOf(
        remoteProduct('pro', { status: 'archived' }, [price('pro/monthly', { status: 'archived' })]),
      ),
    );
    expect(actions(plan)).toEqual(['unarchive product pro', 'unarchive price pro/monthly']);
    expect(summarize(plan).update).toBe(2);
  });

  it('a price marked for pro but under another product is replaced: product_id cannot be changed', () => {
    const other = remoteProduct('team', {}, [price('pro/monthly', { id: 'pri_old' })]);
    const plan = diff(catalogOf({ pro: { ...pro } }), snapshotOf(remoteProduct('pro'), other));
    const change = changesInOrder(plan).find((c) => c.key === 'pro/monthly');
    expect(change).toMatchObject({ action: 'replace', id: 'pri_old' });
    expect(summarize(plan)).toMatchObject({ create: 1, archive: 1 });
  });
});

describe('diff: archive only with --prune, only marked objects gone from the catalog', () => {
  const remote = () =>
    snapshotOf(
      remoteProduct('pro', {}, [price('pro/monthly'), price('pro/yearly', { id: 'pri_yearly' })]),
      remoteProduct('gone', { id: 'pro_gone' }, [price('gone/monthly', { id: 'pri_gone' })]),
      remoteProduct(null, { id: 'pro_unmarked' }),
    );

  it('without --prune nothing is archived; the orphans are reported', () => {
    const plan = diff(catalogOf({ pro }), remote());
    expect(summarize(plan).archive).toBe(0);
    expect(plan.orphans.map((o) => o.key)).toEqual(['gone', 'gone/monthly', 'pro/yearly']);
  });

  it('with --prune marked orphans are archived, prices before their product; unmarked ones stay', () => {
    const plan = diff(catalogOf({ pro }), remote(), { prune: true });
    expect(actions(plan)).toEqual([
      'unchanged product pro',
      'unchanged price pro/monthly',
      'archive price pro/yearly',
      'archive price gone/monthly',
      'archive product gone',
    ]);
  });

  it('an already archived orphan is not archived again', () => {
    const plan = diff(
      catalogOf({ pro }),
      snapshotOf(remoteProduct('pro', {}, [price('pro/monthly'), price('pro/old', { status: 'archived' })])),
      { prune: true },
    );
    expect(hasChanges(plan)).toBe(false);
  });
});
