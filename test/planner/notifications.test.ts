// planNotifications: a destination is known again by the marker at the end of its description, never
// by its URL; a type Paddle cannot update is a replacement (a new signing secret); a deletion only
// with --prune; one made in the dashboard is left alone unless --adopt takes it over.
import { describe, expect, it } from 'vitest';
import type { CatalogNotification } from '../../src/catalog/schema.js';
import { planNotifications } from '../../src/planner/notifications.js';
import type { DiffOptions } from '../../src/planner/types.js';
import { remoteNotification } from '../support/plan-builders.js';

const app: CatalogNotification = {
  description: 'App webhooks',
  destination: 'https://example.com/hooks',
  subscribed_events: ['transaction.completed'],
};

const plan = (
  wanted: Record<string, CatalogNotification>,
  remote: Parameters<typeof planNotifications>[1],
  options: DiffOptions = {},
  scope = 'default',
) => planNotifications(wanted, remote, scope, options.environment ?? 'sandbox', options);

/** Each change as [key, action, id, the paths of its fields]. */
const rows = (result: ReturnType<typeof plan>) =>
  result.changes.map((c) => [c.key, c.action, c.id ?? null, c.fields.map((f) => f.path)]);

describe('planNotifications', () => {
  it("a key with no destination in the account is a create, with Paddle's defaults spelled out", () => {
    const result = plan({ app }, []);
    expect(rows(result)).toEqual([['app', 'create', null, []]]);
    expect(result.changes[0]?.desired).toEqual({
      description: 'App webhooks',
      type: 'url',
      destination: 'https://example.com/hooks',
      subscribed_events: ['transaction.completed'],
      api_version: null,
      include_sensitive_fields: false,
      traffic_source: 'platform',
      active: true,
    });
  });

  it('the same destination is unchanged, its events compared in any order and its api_version left to the account', () => {
    const remote = remoteNotification('app', {
      subscribed_events: ['subscription.created', 'transaction.completed'],
      api_version: 3,
    });
    const wanted = { app: { ...app, subscribed_events: ['transaction.completed', 'subscription.created'] } };
    expect(rows(plan(wanted, [remote]))).toEqual([['app', 'unchanged', remote.id, []]]);
  });

  it('a changed URL, events and description are an update of the same destination (its secret stays)', () => {
    const remote = remoteNotification('app', { destination: 'https://old.example.com/hooks' });
    const wanted = {
      app: {
        ...app,
        description: 'App hooks',
        subscribed_events: ['transaction.completed', 'subscription.created'],
      },
    };
    const [change] = plan(wanted, [remote]).changes;
    expect(change).toMatchObject({ key: 'app', action: 'update', id: remote.id });
    expect(change?.fields).toEqual([
      { path: 'description', before: 'App webhooks', after: 'App hooks' },
      { path: 'destination', before: 'https://old.example.com/hooks', after: 'https://example.com/hooks' },
      {
        path: 'subscribed_events',
        before: ['transaction.completed'],
        after: ['subscription.created', 'transaction.completed'],
      },
    ]);
  });

  it.each([
    ['api_version', { api_version: 2 }, 1, 2],
    ['include_sensitive_fields', { include_sensitive_fields: true }, false, true],
    ['traffic_source', { traffic_source: 'all' as const }, 'platform', 'all'],
    ['active', { active: false }, true, false],
  ])('%s set in the catalog is an update', (path, extra, before, after) => {
    const remote = remoteNotification('app');
    const [change] = plan({ app: { ...app, ...extra } }, [remote]).changes;
    expect(change).toMatchObject({ action: 'update', fields: [{ path, before, after }] });
  });

  it('a new type is a replacement, said as one Paddle cannot make in place', () => {
    const remote = remoteNotification('ops', { type: 'email', destination: 'ops@example.com' });
    const [change] = plan({ ops: { ...app, destination: 'ops@example.com' } }, [remote]).changes;
    expect(change).toMatchObject({
      key: 'ops',
      action: 'replace',
      id: remote.id,
      fields: [],
      reason: 'type email → url cannot be changed in place',
    });
  });

  it('one the catalog no longer names is an orphan, deleted only with --prune', () => {
    const remote = remoteNotification('old');
    const kept = plan({}, [remote]);
    expect(kept.changes).toEqual([]);
    expect(kept.orphans).toEqual([{ kind: 'notification', key: 'old', id: remote.id }]);
    const pruned = plan({}, [remote], { prune: true });
    expect(pruned.changes).toEqual([
      { kind: 'notification', key: 'old', action: 'delete', id: remote.id, fields: [], desired: null },
    ]);
  });

  it('one made in the dashboard is left alone: a create beside it names it as a lookalike, and --prune does not delete it', () => {
    const hand = remoteNotification(null, { description: 'Made by hand' });
    const result = plan({ app }, [hand], { prune: true });
    expect(rows(result)).toEqual([['app', 'create', null, []]]);
    expect(result.changes[0]).toMatchObject({ lookalike: { id: hand.id, description: 'Made by hand' } });
    expect(result.orphans).toEqual([]);
  });

  it('--adopt takes over the one unmarked destination of the same type and URL, with what differs', () => {
    const hand = remoteNotification(null, { description: 'Made by hand' });
    const [change] = plan({ app }, [hand], { adopt: true }).changes;
    expect(change).toMatchObject({ action: 'adopt', id: hand.id });
    expect(change?.fields).toEqual([{ path: 'description', before: 'Made by hand', after: 'App webhooks' }]);
  });

  it('--adopt with two unmarked destinations to one URL adopts neither and says why', () => {
    const [a, b] = [remoteNotification(null), remoteNotification(null)];
    const result = plan({ app }, [a, b], { adopt: true });
    expect(rows(result)).toEqual([['app', 'create', null, []]]);
    const candidates = [a.id, b.id].sort();
    expect(result.ambiguities).toEqual([
      {
        kind: 'notification',
        key: 'app',
        candidates,
        reason: '2 unmarked notification destinations deliver to this url',
      },
    ]);
    expect(result.changes[0]?.reason).toBe(
      `not adopted: 2 unmarked notification destinations deliver to this url (${candidates.join(', ')})`,
    );
  });

  it("another catalog's destination is not this one's: neither planned nor pruned", () => {
    const theirs = remoteNotification('app', { catalog: 'billing' });
    const result = plan({ app }, [theirs], { prune: true });
    expect(rows(result)).toEqual([['app', 'create', null, []]]);
    expect(result.orphans).toEqual([]);
  });

  it('a destination for one environment only: planned there, none in the other', () => {
    const sandboxOnly = { app: { ...app, destination: { sandbox: 'https://staging.example.com/hooks' } } };
    const remote = remoteNotification('app', { destination: 'https://staging.example.com/hooks' });
    expect(rows(plan(sandboxOnly, [remote], { environment: 'sandbox' }))).toEqual([
      ['app', 'unchanged', remote.id, []],
    ]);
    const production = plan(sandboxOnly, [], { environment: 'production' });
    expect(production.changes).toEqual([]);
  });

  it('two destinations with one key: the active one kept, the other named as a duplicate', () => {
    const [first, second] = [remoteNotification('app', { active: false }), remoteNotification('app')];
    const result = plan({ app }, [first, second]);
    expect(rows(result)).toEqual([['app', 'unchanged', second.id, []]]);
    expect(result.duplicates).toEqual([
      { kind: 'notification', key: 'app', kept: second.id, others: [first.id] },
    ]);
  });
});
