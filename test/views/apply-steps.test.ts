// The dashboard steps after a run that stopped: only the operations that did not succeed, one line
// per change, with the ids the run made where a later step needs them.
import { describe, expect, it } from 'vitest';
import type { OperationResult } from '../../src/apply/execute.js';
import { keyResults } from '../../src/apply/run-report.js';
import type { Catalog } from '../../src/catalog/schema.js';
import { compileOperations } from '../../src/operations/compile.js';
import { diff } from '../../src/planner/diff.js';
import { changesInOrder } from '../../src/planner/summary.js';
import type { DiffOptions } from '../../src/planner/types.js';
import { dashboardSteps } from '../../src/views/apply/steps.js';
import {
  catalogOf,
  price,
  pro,
  remoteGroup,
  remoteNotification,
  remoteProduct,
  snapshotOf,
} from '../support/plan-builders.js';

/** The steps left when the operations named in `done` succeeded (with the ids given) and no other ran. */
function stepsAfter(
  catalog: Catalog,
  snapshot: ReturnType<typeof snapshotOf>,
  done: Record<string, string>,
  options: DiffOptions = {},
) {
  const plan = diff(catalog, snapshot, options);
  const operations = compileOperations(plan);
  const outcomes: OperationResult[] = operations.map((op) =>
    op.id in done ? { op: op.id, status: 'applied', id: done[op.id] } : { op: op.id, status: 'skipped' },
  );
  return dashboardSteps(plan.catalog, changesInOrder(plan), operations, outcomes, keyResults(plan, []));
}

describe('dashboard steps after a partial run', () => {
  it('an archive that waits for subscriber moves is no step to archive: it says to run apply again', () => {
    const catalog = catalogOf({
      pro: {
        ...pro,
        prices: {
          monthly: { ...pro.prices?.monthly, status: 'archived' },
          'monthly-2027': { ...pro.prices?.monthly, description: 'Pro 2027', subscribers_from: ['monthly'] },
        },
      },
    } as never);
    const plan = diff(
      catalog,
      snapshotOf(remoteProduct('pro', { id: 'pro_1' }, [price('pro/monthly', { id: 'pri_old' })])),
    );
    // as withMoves (src/moves/compile.ts) places it: the archive after every move
    const operations = compileOperations(plan).map((op) =>
      op.verb === 'archive' ? { ...op, after: [...op.after, 'move subscription sub_1'] } : op,
    );
    const made = operations.find((op) => op.verb === 'create');
    const outcomes: OperationResult[] = operations.map((op) =>
      op === made ? { op: op.id, status: 'applied', id: 'pri_new' } : { op: op.id, status: 'skipped' },
    );
    const steps = dashboardSteps(
      plan.catalog,
      changesInOrder(plan),
      operations,
      outcomes,
      keyResults(plan, []),
    );
    expect(steps).toEqual([
      "  1. Catalog → Products → pro_1 → price pri_old: not archived by hand while subscribers are on it: run apply again, which moves each when it is due (its bills_from day and Paddle's locks, by the account's clock) and archives the price once no one is left",
    ]);
    expect(steps.join('\n')).not.toContain('Archive');
  });

  it('a replace whose new price was made: only the old price is left to archive', () => {
    const steps = stepsAfter(
      catalogOf({ pro }),
      snapshotOf(
        remoteProduct('pro', { id: 'pro_1' }),
        remoteProduct('other', { id: 'pro_2' }, [price('pro/monthly', { id: 'pri_old' })]),
      ),
      { 'create price pro/monthly': 'pri_new' },
    );
    expect(steps).toEqual(['  1. Catalog → Products → pro_1 → price pri_old: Archive']);
  });

  it('an unarchive that ran: the update is left, as an edit of the object', () => {
    const steps = stepsAfter(
      catalogOf({ pro: { ...pro, name: 'Pro Plus' } }),
      snapshotOf(
        remoteProduct('pro', { id: 'pro_1', status: 'archived' }, [price('pro/monthly', { id: 'pri_1' })]),
      ),
      { 'unarchive product pro': 'pro_1' },
    );
    expect(steps).toEqual(['  1. Catalog → Products → pro_1: edit, set name "Pro" → "Pro Plus"']);
  });

  it('a discount left to do names the id a create of this run made, and the key of one that did not run', () => {
    const catalog: Catalog = {
      ...catalogOf({ pro, team: { ...pro, name: 'Team' } }),
      discounts: {
        welcome: {
          description: 'Welcome',
          type: 'percentage',
          amount: '10',
          restrict_to: ['pro/monthly', 'team'],
        },
      },
    };
    const steps = stepsAfter(catalog, snapshotOf(), {
      'create product pro': 'pro_new',
      'create price pro/monthly': 'pri_new',
    });
    expect(steps.at(-1)).toContain('restricted to pri_new, team (created above)');
    expect(steps[0]).toMatch(/^ {2}1\. Catalog → Products → New product: name "Team"/);
  });

  it('a discount restricted to a price the account already has names its id, never "created above"', () => {
    const catalog: Catalog = {
      ...catalogOf({ pro }),
      discounts: {
        welcome: {
          description: 'Welcome',
          type: 'percentage',
          amount: '10',
          restrict_to: ['pro/monthly', 'pro'],
        },
      },
    };
    const steps = stepsAfter(
      catalog,
      snapshotOf(remoteProduct('pro', { id: 'pro_1' }, [price('pro/monthly', { id: 'pri_1' })])),
      {},
    );
    expect(steps).toHaveLength(1);
    expect(steps[0]).toContain('restricted to pro_1, pri_1');
    expect(steps.join('\n')).not.toContain('created above');
  });
});

describe('dashboard steps for discount groups and notification destinations', () => {
  const withDestinations: Catalog = {
    ...catalogOf({ pro }),
    discount_groups: { launch: { name: 'Launch offers' } },
    notifications: {
      app: {
        description: 'App webhooks',
        destination: 'https://example.com/hooks',
        subscribed_events: ['transaction.completed'],
        traffic_source: 'all',
      },
    },
  };
  const account = (extra: Partial<ReturnType<typeof snapshotOf>>) => ({
    ...snapshotOf(remoteProduct('pro', { id: 'pro_1' }, [price('pro/monthly', { id: 'pri_1' })])),
    ...extra,
  });

  it('a create that did not run: the name or description typed with its marker (they have no custom data)', () => {
    const steps = stepsAfter(withDestinations, account({ discountGroups: [], notifications: [] }), {});
    expect(steps).toEqual([
      '  1. Catalog → Discounts → Groups → New discount group: name "Launch offers (paddle-catalog: launch)"',
      '  2. Developer tools → Notifications → New notification destination: description "App webhooks (paddle-catalog: app)", url https://example.com/hooks, 1 event (transaction.completed), traffic source all; then copy its secret key into the app\'s configuration',
    ]);
  });

  it('an update of a name or description keeps the marker in what is typed', () => {
    const group = remoteGroup('launch', 'Old offers', { id: 'dsg_1' });
    const app = remoteNotification('app', {
      id: 'ntfset_1',
      description: 'Old hooks',
      traffic_source: 'all',
    });
    const steps = stepsAfter(
      withDestinations,
      account({ discountGroups: [group], notifications: [app] }),
      {},
    );
    expect(steps).toEqual([
      '  1. Catalog → Discounts → Groups → dsg_1: edit, set name "Launch offers (paddle-catalog: launch)"',
      '  2. Developer tools → Notifications → ntfset_1: edit, set description "App webhooks (paddle-catalog: app)"',
    ]);
  });

  it('a replacement left undone: the new destination, then the old one deleted', () => {
    const ops = remoteNotification('app', {
      id: 'ntfset_2',
      type: 'email',
      destination: 'https://example.com/hooks',
      traffic_source: 'all',
    });
    const catalog = { ...withDestinations, discount_groups: undefined } as Catalog;
    const steps = stepsAfter(catalog, account({ notifications: [ops] }), {});
    expect(steps).toEqual([
      '  1. Developer tools → Notifications → New notification destination: description "App webhooks (paddle-catalog: app)", url https://example.com/hooks, 1 event (transaction.completed), traffic source all; then copy its secret key into the app\'s configuration; then delete the old destination ntfset_2 (cannot be undone)',
    ]);
  });

  it('an adoption sets the marker in the name, not custom data', () => {
    const hand = remoteGroup(null, 'Launch offers', { id: 'dsg_2' });
    const catalog = { ...withDestinations, notifications: undefined } as Catalog;
    const steps = stepsAfter(catalog, account({ discountGroups: [hand] }), {}, { adopt: true });
    expect(steps).toEqual([
      '  1. Catalog → Discounts → Groups → dsg_2: edit, set name "Launch offers (paddle-catalog: launch)"',
    ]);
  });
});
