// The plan compiled into operations: what is sent, in which order, waiting for what. Pure, like the
// planner: each row is a catalog and an account, and the operations the plan becomes.
import { describe, expect, it } from 'vitest';
import type { Catalog, CatalogDiscount } from '../../src/catalog/schema.js';
import { compileOperations, type Operation } from '../../src/operations/compile.js';
import { diff } from '../../src/planner/diff.js';
import { changesInOrder } from '../../src/planner/summary.js';
import type { DiffOptions } from '../../src/planner/types.js';
import {
  catalogOf,
  price,
  pro,
  remoteDiscount,
  remoteProduct,
  snapshotOf,
} from '../support/plan-builders.js';

const at = (minute: number) => `2026-01-01T00:${String(minute).padStart(2, '0')}:00.000Z`;
const welcome: CatalogDiscount = {
  description: 'Launch offer',
  type: 'percentage',
  amount: '25',
  code: 'LAUNCH25',
};

/** `id ← what it waits for`: the order and the waits of a list of operations, one line each. */
const lines = (operations: Operation[]) =>
  operations.map((op) => (op.after.length > 0 ? `${op.id} ← ${op.after.join(', ')}` : op.id));

const compiled = (catalog: Catalog, snapshot: ReturnType<typeof snapshotOf>, options: DiffOptions = {}) =>
  compileOperations(diff(catalog, snapshot, options));

const withDiscounts = (discounts: Record<string, CatalogDiscount>): Catalog => ({
  ...catalogOf({ pro }),
  discounts,
});

describe('operations: the order and what each waits for', () => {
  it.each([
    [
      'an empty account: the product, then its price',
      catalogOf({ pro }),
      snapshotOf(),
      {},
      ['create product pro', 'create price pro/monthly ← create product pro'],
    ],
    [
      'a renamed product: one update; its unchanged price sends nothing',
      catalogOf({ pro: { ...pro, name: 'Pro Plus' } }),
      snapshotOf(remoteProduct('pro', { id: 'pro_1' }, [price('pro/monthly', { id: 'pri_1' })])),
      {},
      ['update product pro'],
    ],
    [
      'an archived product that also changed: set active first, then updated; its new price after both',
      catalogOf({ pro: { ...pro, name: 'Pro Plus' } }),
      snapshotOf(remoteProduct('pro', { id: 'pro_1', status: 'archived' })),
      {},
      [
        'unarchive product pro',
        'update product pro ← unarchive product pro',
        'create price pro/monthly ← update product pro',
      ],
    ],
    [
      '--prune: the prices of a product the catalog no longer names are archived before it',
      catalogOf({}),
      snapshotOf(
        remoteProduct('old', { id: 'pro_1' }, [
          price('old/a', { id: 'pri_a' }),
          price('old/b', { id: 'pri_b' }),
        ]),
      ),
      { prune: true },
      [
        'archive price old/a',
        'archive price old/b',
        'archive product old ← archive price old/a, archive price old/b',
      ],
    ],
    [
      'a price under another product is replaced: the new price first, then the old one archived',
      catalogOf({ pro }),
      snapshotOf(
        remoteProduct('pro', { id: 'pro_1' }),
        remoteProduct('other', { id: 'pro_2' }, [price('pro/monthly', { id: 'pri_1' })]),
      ),
      {},
      ['create price pro/monthly', 'archive price pro/monthly ← create price pro/monthly'],
    ],
    [
      '--adopt of an archived product: set active, then the marker stamped; its price after',
      catalogOf({ pro }),
      snapshotOf(remoteProduct(null, { id: 'pro_1', status: 'archived' })),
      { adopt: true },
      [
        'unarchive product pro',
        'adopt product pro ← unarchive product pro',
        'create price pro/monthly ← adopt product pro',
      ],
    ],
    [
      '--dedupe: extra prices, then extra products, then everything else',
      catalogOf({ pro }),
      snapshotOf(
        remoteProduct('pro', { id: 'pro_a', created_at: at(1), name: 'Old' }, [
          price('pro/monthly', { id: 'pri_a', created_at: at(1) }),
        ]),
        remoteProduct('pro', { id: 'pro_b', created_at: at(2) }, [
          price('pro/monthly', { id: 'pri_b', created_at: at(2) }),
        ]),
      ),
      { dedupe: true },
      [
        'archive price pro/monthly pri_b',
        'archive product pro pro_b ← archive price pro/monthly pri_b',
        'update product pro ← archive product pro pro_b',
      ],
    ],
    [
      'a discount waits for every product and price, and for the create its restrict_to names',
      withDiscounts({ welcome: { ...welcome, restrict_to: ['pro/monthly'] } }),
      snapshotOf(),
      {},
      [
        'create product pro',
        'create price pro/monthly ← create product pro',
        'create discount welcome ← create price pro/monthly',
      ],
    ],
    [
      'a discount restricted to what exists waits for the run of the products all the same',
      withDiscounts({ welcome: { ...welcome, restrict_to: ['pro'] } }),
      snapshotOf(remoteProduct('pro', { id: 'pro_1', name: 'Old' }, [price('pro/monthly', { id: 'pri_1' })])),
      {},
      ['update product pro', 'create discount welcome ← update product pro'],
    ],
  ] as const)('%s', (_title, catalog, snapshot, options, expected) => {
    expect(lines(compiled(catalog, snapshot, options))).toEqual(expected);
  });
});

describe('operations: targets, bodies and recovery', () => {
  it('a create has no target, is recovered by its marker, and names the product it waits for by reference', () => {
    const [product, created] = compiled(catalogOf({ pro }), snapshotOf());
    expect(product).toMatchObject({
      verb: 'create',
      target: null,
      recover: { key: 'pro', catalog: 'default' },
      body: { name: 'Pro', tax_category: 'saas', custom_data: { paddle_catalog: { key: 'pro' } } },
    });
    expect(created?.body).toMatchObject({ product_id: { $ref: 'create product pro' } });
    expect(created?.recover).toEqual({ key: 'pro/monthly', catalog: 'default' });
  });

  it('an update, unarchive or archive targets the id it writes, with only what changed; no recovery', () => {
    const operations = compiled(
      catalogOf({ pro: { ...pro, name: 'Pro Plus' } }),
      snapshotOf(remoteProduct('pro', { id: 'pro_1', status: 'archived' })),
    );
    expect(
      operations.slice(0, 2).map(({ verb, target, body, recover }) => ({ verb, target, body, recover })),
    ).toEqual([
      { verb: 'unarchive', target: 'pro_1', body: { status: 'active' }, recover: null },
      { verb: 'update', target: 'pro_1', body: { name: 'Pro Plus' }, recover: null },
    ]);
  });

  it('restrict_to: a kept object by its id, a new one by reference to its create', () => {
    const catalog = {
      ...catalogOf({ pro, team: { ...pro, name: 'Team' } }),
      discounts: { welcome: { ...welcome, restrict_to: ['pro', 'team/monthly'] } },
    };
    const operations = compiled(
      catalog,
      snapshotOf(remoteProduct('pro', { id: 'pro_1' }, [price('pro/monthly', { id: 'pri_1' })])),
    );
    const discount = operations.find((op) => op.kind === 'discount');
    expect(discount?.body.restrict_to).toEqual(['pro_1', { $ref: 'create price team/monthly' }]);
    expect(discount?.after).toContain('create price team/monthly');
  });

  it('an adoption always sends the marker in custom_data; a changed discount only what changed', () => {
    const catalog = withDiscounts({ welcome: { ...welcome, amount: '30' } });
    const snapshot = {
      ...snapshotOf(
        remoteProduct(null, { id: 'pro_1' }, [
          price(null as unknown as string, { id: 'pri_1', custom_data: null }),
        ]),
      ),
      discounts: [remoteDiscount('welcome', { id: 'dsc_1' })],
    };
    const operations = compiled(catalog, snapshot, { adopt: true });
    expect(operations.map((op) => [op.id, op.body])).toEqual([
      ['adopt product pro', { custom_data: { paddle_catalog: { key: 'pro' } } }],
      ['adopt price pro/monthly', { custom_data: { paddle_catalog: { key: 'pro/monthly' } } }],
      ['update discount welcome', { amount: '30' }],
    ]);
  });

  it('each operation names the change it carries out, and the list is plain JSON', () => {
    const plan = diff(catalogOf({ pro }), snapshotOf());
    const operations = compileOperations(plan);
    const changes = changesInOrder(plan);
    expect(operations.map((op) => changes[op.change]?.key)).toEqual(['pro', 'pro/monthly']);
    expect(JSON.parse(JSON.stringify(operations))).toEqual(operations);
  });
});
