// What apply prints while it runs, over every kind of change it writes and every way a move or a run
// ends: each line says what was done, never "undefined" (a product whose features alone changed once
// printed `✓ undefined`).
import { describe, expect, it } from 'vitest';
import type { Catalog } from '../../src/catalog/schema.js';
import type { MoveResult } from '../../src/moves/send.js';
import { diff } from '../../src/planner/diff.js';
import { changesInOrder } from '../../src/planner/summary.js';
import type { Change, DiffOptions } from '../../src/planner/types.js';
import {
  moveProgress,
  renderAlreadyApplied,
  renderChangeResult,
  renderStopping,
} from '../../src/views/apply/progress.js';
import { captureReporter } from '../support/capture.js';
import { marker } from '../support/marker.mjs';
import {
  catalogOf,
  launchDiscount,
  price,
  pro,
  remoteDiscount,
  remoteProduct,
  snapshotOf,
} from '../support/plan-builders.js';

const withFeatures = (features: Record<string, number | boolean>): Catalog => ({
  ...catalogOf({ pro: { ...pro, features } }),
  features: { seats: { type: 'limit' }, sso: { type: 'boolean' } },
});
const remoteWithFeatures = (features: Record<string, unknown>, name = 'Pro') =>
  snapshotOf(
    remoteProduct('pro', { name, custom_data: { ...marker('pro'), features } }, [price('pro/monthly')]),
  );

/** Plans that between them hold every kind of change apply writes. */
const PLANS: [string, Catalog, ReturnType<typeof snapshotOf>, DiffOptions?][] = [
  ['create', { ...catalogOf({ pro }), discounts: { launch: launchDiscount } }, snapshotOf()],
  [
    'update',
    { ...catalogOf({ pro: { ...pro, name: 'Pro Plus' } }), discounts: { launch: launchDiscount } },
    {
      ...snapshotOf(remoteProduct('pro', {}, [price('pro/monthly', { description: 'Old' })])),
      discounts: [remoteDiscount('launch', { description: 'Old' })],
    },
  ],
  ['features only', withFeatures({ seats: 20 }), remoteWithFeatures({ seats: 10 })],
  ['features and a name', withFeatures({ seats: 20, sso: true }), remoteWithFeatures({ seats: 10 }, 'Old')],
  [
    'unarchive',
    catalogOf({ pro }),
    snapshotOf(remoteProduct('pro', { status: 'archived' }, [price('pro/monthly', { status: 'archived' })])),
  ],
  [
    'adopt',
    { ...catalogOf({ pro }), discounts: { launch: launchDiscount } },
    {
      ...snapshotOf(remoteProduct(null, {}, [price('', { custom_data: null })])),
      discounts: [remoteDiscount(null)],
    },
    { adopt: true },
  ],
  [
    'archive and replace',
    catalogOf({ pro }),
    {
      // pro/monthly sits under another product: a price cannot move, so it is made anew
      ...snapshotOf(
        remoteProduct('pro'),
        remoteProduct('old', {}, [price('pro/monthly'), price('old/monthly')]),
      ),
      discounts: [remoteDiscount('gone')],
    },
    { prune: true },
  ],
];

function stepLines(change: Change): string[] {
  const { reporter, out } = captureReporter();
  renderChangeResult({ change, status: 'applied' }, reporter);
  return out.stderr.split('\n').filter(Boolean);
}

describe("apply's lines while it runs", () => {
  const changes = PLANS.flatMap(([, catalog, snapshot, options]) =>
    changesInOrder(diff(catalog, snapshot, options)).filter((c) => c.action !== 'unchanged'),
  );

  it('the plans hold every kind of change apply writes', () => {
    const kinds = new Set(changes.map((c) => `${c.action} ${c.kind}`));
    expect([...kinds].sort()).toEqual(
      expect.arrayContaining([
        'adopt discount',
        'adopt price',
        'adopt product',
        'archive discount',
        'archive price',
        'archive product',
        'create discount',
        'create price',
        'create product',
        'replace price',
        'unarchive price',
        'unarchive product',
        'update discount',
        'update price',
        'update product',
      ]),
    );
  });

  it.each(PLANS.map(([name]) => name))(
    'each write done (%s) is a ✓ line saying what was done, never undefined',
    (name) => {
      const [, catalog, snapshot, options] = PLANS.find(([n]) => n === name) ?? [];
      const plan = diff(catalog as Catalog, snapshot as ReturnType<typeof snapshotOf>, options);
      for (const change of changesInOrder(plan).filter((c) => c.action !== 'unchanged')) {
        const lines = stepLines(change);
        expect(lines.length, `${change.action} ${change.kind} ${change.key}`).toBeGreaterThan(0);
        for (const line of lines) {
          expect(line).toMatch(/^ {2}✓ \S/);
          expect(line).not.toContain('undefined');
        }
      }
    },
  );

  it('a product whose features alone change says what it now includes', () => {
    const plan = diff(withFeatures({ seats: 20 }), remoteWithFeatures({ seats: 10 }));
    const product = changesInOrder(plan).find((c) => c.kind === 'product');
    expect(stepLines(product as Change)).toEqual([
      expect.stringMatching(/^ {2}✓ ~ features product pro \(pro_\w+\): seats 10 → 20$/),
    ]);
  });

  it('every way a move ends, and every stop, says what happened, never undefined', () => {
    const { reporter, out } = captureReporter();
    const progress = moveProgress(reporter, 240);
    const statuses: MoveResult['status'][] = ['moved', 'left', 'failed', 'skipped'];
    const results: MoveResult[] = statuses.flatMap((status) => [
      { op: 'move subscription sub_1', subscription: 'sub_1', to: 'pro/yearly', status },
      {
        op: 'move subscription sub_2',
        subscription: 'sub_2',
        to: 'pro/yearly',
        status,
        code: 'subscription_locked_renewal',
        reason: 'renews within 30 minutes',
        later: true,
      },
    ]);
    results.forEach((result, i) => {
      progress(result, { ended: i + 1, of: results.length });
    });
    for (const stop of ['SIGINT', 'SIGTERM', { kind: 'timeout', seconds: 30 }] as const)
      renderStopping(stop, reporter);
    renderAlreadyApplied('plan.json', diff(catalogOf({ pro }), snapshotOf()), reporter);
    expect(out.stderr.split('\n').filter(Boolean).length).toBeGreaterThan(6);
    expect(out.stderr).not.toContain('undefined');
  });
});
