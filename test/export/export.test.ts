// exportCatalog: snapshot → the minimal catalog file (pure), and its round trip through the reader
// and the planner with --adopt.
import { describe, expect, it } from 'vitest';
import { slugify, uniqueKey } from '../../src/catalog/key-slug.js';
import { readCatalog } from '../../src/catalog/read.js';
import { KEY_PATTERN } from '../../src/catalog/schema-fields.js';
import { catalogToYaml } from '../../src/catalog/write.js';
import { exportCatalog } from '../../src/export/export.js';
import { cycleKey, exportPrice } from '../../src/export/objects.js';
import { diff } from '../../src/planner/diff.js';
import { changesInOrder, summarize } from '../../src/planner/summary.js';
import { defined } from '../support/defined.js';
import {
  price,
  remoteDiscount,
  remoteGroup,
  remoteNotification,
  remotePrice,
  remoteProduct,
  snapshotOf,
} from '../support/plan-builders.js';

const sandbox = { environment: 'sandbox' as const };

describe('slugify and unique keys', () => {
  it.each([
    ['Pro', 'pro'],
    ['Pro Plan (EUR)', 'pro-plan-eur'],
    ['  Équipe Café  ', 'equipe-cafe'],
    ['__Team__', 'team'],
    ['日本', ''],
    ['a'.repeat(80), 'a'.repeat(63)],
    [`${'a'.repeat(62)} b`, 'a'.repeat(62)],
  ])('%j → %j (a valid catalog key or empty)', (name, slug) => {
    const made = slugify(name);
    expect(made).toBe(slug);
    // what the reader takes as a key, or empty (the caller then picks another candidate)
    expect(made === '' || KEY_PATTERN.test(made), made).toBe(true);
  });

  it.each([
    [['pro'], [], 'pro'],
    [['pro'], ['pro'], 'pro-2'],
    [['pro'], ['pro', 'pro-2'], 'pro-3'],
    [['', 'monthly'], [], 'monthly'],
    [['monthly', 'pro-monthly'], ['monthly'], 'pro-monthly'],
    [['monthly', 'pro-monthly'], ['monthly', 'pro-monthly'], 'monthly-2'],
    [[''], [], 'product'],
    [[''], ['product'], 'product-2'],
    [['a'.repeat(63)], ['a'.repeat(63)], `${'a'.repeat(61)}-2`],
  ])('candidates %j with %j taken → %s', (candidates, taken, key) => {
    expect(uniqueKey(candidates, new Set(taken), 'product')).toBe(key);
  });

  it.each([
    [{ interval: 'month', frequency: 1 }, 'monthly'],
    [{ interval: 'year', frequency: 1 }, 'yearly'],
    [{ interval: 'week', frequency: 1 }, 'weekly'],
    [{ interval: 'day', frequency: 1 }, 'daily'],
    [{ interval: 'month', frequency: 3 }, 'every-3-months'],
    [null, 'one-time'],
  ])('billing cycle %j → %s', (cycle, key) => {
    expect(cycleKey(cycle)).toBe(key);
  });
});

describe('exportPrice: only what differs from Paddle defaults', () => {
  it('drops default quantity, account_setting tax mode, empty overrides, null name and our marker', () => {
    const exported = exportPrice(
      remotePrice('pro/monthly', { name: null, custom_data: { paddle_catalog: { key: 'pro/monthly' } } }),
    );
    expect(exported).toEqual({
      description: 'Pro monthly',
      unit_price: { amount: '1000', currency_code: 'USD' },
      billing_cycle: { interval: 'month', frequency: 1 },
    });
  });

  it('keeps a paid trial with its overrides, overrides, quantity, tax mode and user custom_data', () => {
    const gb = { country_codes: ['GB'], unit_price: { amount: '800', currency_code: 'GBP' } };
    const exported = exportPrice(
      remotePrice('x', {
        trial_period: {
          interval: 'day',
          frequency: 7,
          unit_price: { amount: '100', currency_code: 'USD' },
          unit_price_overrides: [
            { country_codes: ['GB'], unit_price: { amount: '80', currency_code: 'GBP' } },
          ],
          requires_payment_method: true,
        },
        unit_price_overrides: [gb],
        quantity: { minimum: 1, maximum: 50 },
        tax_mode: 'internal',
        custom_data: { paddle_catalog: { key: 'x' }, plan_tier: 2 },
      }),
    );
    expect(exported).toEqual({
      description: 'Pro monthly',
      name: 'Monthly',
      unit_price: { amount: '1000', currency_code: 'USD' },
      billing_cycle: { interval: 'month', frequency: 1 },
      trial_period: {
        interval: 'day',
        frequency: 7,
        unit_price: { amount: '100', currency_code: 'USD' },
        unit_price_overrides: [{ country_codes: ['GB'], unit_price: { amount: '80', currency_code: 'GBP' } }],
      },
      unit_price_overrides: [gb],
      quantity: { minimum: 1, maximum: 50 },
      tax_mode: 'internal',
      custom_data: { plan_tier: 2 },
    });
  });

  it('cardless trial: a cardless trial keeps requires_payment_method: false', () => {
    const exported = exportPrice(
      remotePrice('x', { trial_period: { interval: 'day', frequency: 14, requires_payment_method: false } }),
    );
    expect(exported.trial_period).toEqual({ interval: 'day', frequency: 14, requires_payment_method: false });
  });
});

describe('exportCatalog: keys', () => {
  it('slugs unmarked products from their names, oldest first keeps the plain slug', () => {
    const older = remoteProduct(null, { id: 'pro_01', name: 'Pro' });
    const newer = remoteProduct(null, { id: 'pro_02', name: 'PRO!' });
    const { catalog } = exportCatalog(snapshotOf(newer, older), sandbox);
    expect(Object.keys(catalog.products)).toEqual(['pro', 'pro-2']);
    expect(catalog.products.pro?.name).toBe('Pro');
  });

  it('a marked (managed) object keeps its marker key; an unmarked one never takes it', () => {
    const managed = remoteProduct('pro', { id: 'pro_02', name: 'Professional' });
    const stranger = remoteProduct(null, { id: 'pro_01', name: 'Pro' });
    const { catalog } = exportCatalog(snapshotOf(stranger, managed), sandbox);
    expect(catalog.products.pro?.name).toBe('Professional');
    expect(catalog.products['pro-2']?.name).toBe('Pro');
    expect(catalog.products.pro?.custom_data).toBeUndefined();
  });

  it('price keys: the name, else the billing cycle, else the description, unique within the product', () => {
    const product = remoteProduct(null, { name: 'Pro' }, [
      price('', { id: 'pri_1', name: 'Monthly', custom_data: null }),
      price('', {
        id: 'pri_2',
        name: null,
        description: 'Pro yearly',
        billing_cycle: { interval: 'year', frequency: 1 },
        custom_data: null,
      }),
      price('', {
        id: 'pri_3',
        name: null,
        description: 'Pro monthly EUR',
        unit_price: { amount: '900', currency_code: 'EUR' },
        custom_data: null,
      }),
      price('', { id: 'pri_4', name: null, description: 'Lifetime', billing_cycle: null, custom_data: null }),
    ]);
    const { catalog } = exportCatalog(snapshotOf(product), sandbox);
    expect(Object.keys(catalog.products.pro?.prices ?? {})).toEqual([
      'monthly',
      'yearly',
      'pro-monthly-eur',
      'one-time',
    ]);
  });

  it('a managed price keeps its marker key under its product', () => {
    const product = remoteProduct('pro', {}, [
      price('pro/basic'),
      price('', { name: 'Basic', custom_data: null }),
    ]);
    const { catalog } = exportCatalog(snapshotOf(product), sandbox);
    expect(Object.keys(catalog.products.pro?.prices ?? {}).sort()).toEqual(['basic', 'monthly']);
  });

  it('two objects with one marker: the first is exported, the other is skipped with a warning', () => {
    const a = remoteProduct('pro', { id: 'pro_01' });
    const b = remoteProduct('pro', { id: 'pro_02' });
    const result = exportCatalog(snapshotOf(a, b), sandbox);
    expect(Object.keys(result.catalog.products)).toEqual(['pro']);
    expect(result.warnings).toEqual(['product pro_02 carries the key pro of pro_01 too: not exported']);
  });
});

describe('exportCatalog: archived objects and environments', () => {
  const live = remoteProduct(null, { id: 'pro_01', name: 'Live' }, [
    price('', { id: 'pri_1', custom_data: null }),
    price('', { id: 'pri_2', name: 'Old', status: 'archived', custom_data: null }),
  ]);
  const gone = remoteProduct(null, { id: 'pro_02', name: 'Gone', status: 'archived' });

  it('skips archived products and prices by default', () => {
    const { catalog, archived } = exportCatalog(snapshotOf(live, gone), sandbox);
    expect(Object.keys(catalog.products)).toEqual(['live']);
    expect(Object.keys(catalog.products.live?.prices ?? {})).toEqual(['monthly']);
    expect(archived).toEqual([]);
  });

  it('--include-archived includes them and lists them (applying the file unarchives them)', () => {
    const { catalog, archived } = exportCatalog(snapshotOf(live, gone), {
      ...sandbox,
      includeArchived: true,
    });
    expect(Object.keys(catalog.products)).toEqual(['live', 'gone']);
    expect(archived).toEqual([
      { kind: 'price', key: 'live/old', id: 'pri_2' },
      { kind: 'product', key: 'gone', id: 'pro_02' },
    ]);
  });

  it('approval: categories in use that need approval are declared for the exported environment', () => {
    const goods = remoteProduct(null, { name: 'Book', tax_category: 'ebooks' });
    const other = remoteProduct(null, { name: 'Kit', tax_category: 'digital-goods' });
    const saas = remoteProduct(null, { name: 'App', tax_category: 'saas' });
    const { catalog } = exportCatalog(snapshotOf(goods, other, saas), { environment: 'production' });
    expect(catalog.environments).toEqual({
      production: { approved_tax_categories: ['digital-goods', 'ebooks'] },
    });
  });

  it('cardless trial: a cardless trial in use declares cardless_trials: true; nothing to declare → no block', () => {
    const cardless = remoteProduct(null, {}, [
      price('', {
        custom_data: null,
        trial_period: { interval: 'day', frequency: 7, requires_payment_method: false },
      }),
    ]);
    expect(exportCatalog(snapshotOf(cardless), sandbox).catalog.environments).toEqual({
      sandbox: { cardless_trials: true },
    });
    expect(exportCatalog(snapshotOf(remoteProduct(null)), sandbox).catalog.environments).toBeUndefined();
  });
});

describe('round trip: export → YAML → validate → plan --adopt', () => {
  const account = snapshotOf(
    remoteProduct(null, { name: 'Pro', description: 'For teams', custom_data: { crm: 'x1' } }, [
      price('', {
        custom_data: null,
        trial_period: { interval: 'day', frequency: 7, unit_price: { amount: '100', currency_code: 'USD' } },
      }),
      price('', {
        custom_data: null,
        name: 'Yearly',
        description: 'Pro yearly',
        billing_cycle: { interval: 'year', frequency: 1 },
        unit_price_overrides: [
          { country_codes: ['GB', 'DE'], unit_price: { amount: '9000', currency_code: 'EUR' } },
        ],
      }),
    ]),
    remoteProduct(null, { name: 'Ebook', tax_category: 'ebooks' }, [
      price('', { custom_data: null, name: null, description: 'Ebook', billing_cycle: null }),
    ]),
  );

  it('the exported file validates, and plan --adopt shows only adoptions without field changes', () => {
    const { catalog } = exportCatalog(account, sandbox);
    const read = readCatalog('export.yaml', catalogToYaml(catalog), sandbox);
    expect(read.issues.filter((i) => i.severity === 'error')).toEqual([]);
    const plan = diff(defined(read.catalog, 'a catalog'), account, { adopt: true });
    const changes = changesInOrder(plan);
    expect(changes.map((c) => [c.key, c.action, c.fields])).toEqual([
      ['pro', 'adopt', []],
      ['pro/monthly', 'adopt', []],
      ['pro/yearly', 'adopt', []],
      ['ebook', 'adopt', []],
      ['ebook/one-time', 'adopt', []],
    ]);
    expect(summarize(plan)).toMatchObject({ adopt: 5, create: 0, update: 0, archive: 0 });
  });

  it('exporting a managed catalog gives back its keys and an empty plan', () => {
    const managed = snapshotOf(remoteProduct('pro', {}, [price('pro/monthly')]));
    const { catalog } = exportCatalog(managed, sandbox);
    const read = readCatalog('export.yaml', catalogToYaml(catalog), sandbox);
    const plan = diff(defined(read.catalog, 'a catalog'), managed);
    expect(changesInOrder(plan).map((c) => [c.key, c.action])).toEqual([
      ['pro', 'unchanged'],
      ['pro/monthly', 'unchanged'],
    ]);
  });
});

describe('export: notification destinations and discount groups', () => {
  const account = (...groups: ReturnType<typeof remoteGroup>[]) => ({
    ...snapshotOf(remoteProduct('pro', {}, [price('pro/monthly')])),
    discountGroups: groups,
  });

  it("writes only this catalog's groups, the marker stripped; a dashboard one and another catalog's are left out", () => {
    const launch = remoteGroup('launch', 'Launch offers');
    const snapshot = {
      ...account(launch, remoteGroup(null, 'Made by hand'), remoteGroup('x', 'Theirs', { catalog: 'other' })),
      discounts: [remoteDiscount('spring', { discount_group_id: launch.id })],
    };
    const { catalog, warnings } = exportCatalog(snapshot, sandbox);
    expect(catalog.discount_groups).toEqual({ launch: { name: 'Launch offers' } });
    expect(catalog.discounts?.spring?.discount_group).toBe('launch');
    expect(warnings).toEqual([]);
  });

  it('an archived group is left out unless archived objects are asked for', () => {
    const snapshot = account(remoteGroup('old', 'Old offers', { status: 'archived' }));
    expect(exportCatalog(snapshot, sandbox).catalog.discount_groups).toBeUndefined();
    const withArchived = exportCatalog(snapshot, { ...sandbox, includeArchived: true }).catalog;
    expect(withArchived.discount_groups).toEqual({ old: { name: 'Old offers' } });
  });

  it('a discount in a group this catalog does not manage is written without it, and the warning says plan takes it out', () => {
    const theirs = remoteGroup(null, 'Made by hand');
    const snapshot = {
      ...account(remoteGroup('launch'), theirs),
      discounts: [remoteDiscount('spring', { discount_group_id: theirs.id })],
    };
    const { catalog, warnings } = exportCatalog(snapshot, sandbox);
    expect(catalog.discounts?.spring?.discount_group).toBeUndefined();
    expect(warnings).toEqual([
      `discount spring is in discount group ${theirs.id}, which this catalog does not manage: written without discount_group, so plan takes it out of that group`,
    ]);
  });

  it('two groups with one key: the first by id is written, the other named in a warning', () => {
    const [first, second] = [remoteGroup('launch', 'A'), remoteGroup('launch', 'B')];
    const { catalog, warnings } = exportCatalog(account(second, first), sandbox);
    expect(catalog.discount_groups).toEqual({ launch: { name: 'A' } });
    expect(warnings).toEqual([
      `discount group ${second.id} carries the key launch of ${first.id} too: not exported`,
    ]);
  });

  it("a destination is written for the environment read, Paddle's defaults left out", () => {
    const snapshot = {
      ...account(),
      notifications: [
        remoteNotification('app', { subscribed_events: ['transaction.completed', 'subscription.created'] }),
        remoteNotification('ops', {
          description: 'Ops mail',
          type: 'email',
          destination: 'ops@example.com',
          include_sensitive_fields: true,
          traffic_source: 'all',
          active: false,
          api_version: 2,
        }),
        remoteNotification(null, { description: 'Made by hand' }),
      ],
    };
    const { catalog } = exportCatalog(snapshot, { environment: 'production' });
    expect(catalog.notifications).toEqual({
      app: {
        description: 'App webhooks',
        destination: { production: 'https://example.com/hooks' },
        subscribed_events: ['transaction.completed', 'subscription.created'],
        api_version: 1,
      },
      ops: {
        description: 'Ops mail',
        type: 'email',
        destination: { production: 'ops@example.com' },
        subscribed_events: ['transaction.completed'],
        api_version: 2,
        include_sensitive_fields: true,
        traffic_source: 'all',
        active: false,
      },
    });
  });

  it('two destinations with one key: the one plan keeps (the active one) is written, the other named', () => {
    const inactive = remoteNotification('app', { active: false, destination: 'https://old.example.com' });
    const active = remoteNotification('app');
    const { catalog, warnings } = exportCatalog({ ...account(), notifications: [inactive, active] }, sandbox);
    expect(catalog.notifications?.app?.destination).toEqual({ sandbox: 'https://example.com/hooks' });
    expect(catalog.notifications?.app?.active).toBeUndefined();
    expect(warnings).toEqual([
      `notification ${inactive.id} carries the key app of ${active.id} too: not exported`,
    ]);
  });

  it('the exported file validates and plans to no changes for both sections', () => {
    const launch = remoteGroup('launch');
    const snapshot = {
      ...account(launch),
      discounts: [remoteDiscount('spring', { discount_group_id: launch.id })],
      notifications: [
        remoteNotification('app'),
        remoteNotification('ops', { type: 'email', destination: 'ops@example.com' }),
      ],
    };
    const { catalog } = exportCatalog(snapshot, sandbox);
    const read = readCatalog('export.yaml', catalogToYaml(catalog), sandbox);
    expect(read.issues.filter((i) => i.severity === 'error')).toEqual([]);
    const plan = diff(defined(read.catalog, 'a catalog'), snapshot, sandbox);
    const changes = changesInOrder(plan).filter((c) => c.kind !== 'product' && c.kind !== 'price');
    expect(changes.map((c) => [c.kind, c.key, c.action])).toEqual([
      ['discount_group', 'launch', 'unchanged'],
      ['discount', 'spring', 'unchanged'],
      ['notification', 'app', 'unchanged'],
      ['notification', 'ops', 'unchanged'],
    ]);
  });
});
