// planDiscountGroups: a group is known again by the marker at the end of its name; Paddle keeps names
// unique (archived groups included) and has no delete, so a removed group is archived with --prune and
// one that comes back is set active again; one made in the dashboard is left alone unless adopted.
import { describe, expect, it } from 'vitest';
import { planDiscountGroups } from '../../src/planner/discount-groups.js';
import type { DiffOptions } from '../../src/planner/types.js';
import { remoteGroup } from '../support/plan-builders.js';

const launch = { name: 'Launch offers' };

const plan = (
  wanted: Record<string, { name: string }>,
  remote: Parameters<typeof planDiscountGroups>[1],
  options: DiffOptions = {},
  scope = 'default',
) => planDiscountGroups(wanted, remote, scope, options);

const rows = (result: ReturnType<typeof plan>) =>
  result.changes.map((c) => [c.key, c.action, c.id ?? null, c.fields.map((f) => [f.before, f.after])]);

describe('planDiscountGroups', () => {
  it('a key with no group in the account is a create', () => {
    expect(rows(plan({ launch }, []))).toEqual([['launch', 'create', null, []]]);
  });

  it('the same name, the marker aside, is unchanged', () => {
    const remote = remoteGroup('launch', 'Launch offers');
    expect(rows(plan({ launch }, [remote]))).toEqual([['launch', 'unchanged', remote.id, []]]);
  });

  it('a new name is an update of the same group', () => {
    const remote = remoteGroup('launch', 'Old offers');
    expect(rows(plan({ launch }, [remote]))).toEqual([
      ['launch', 'update', remote.id, [['Old offers', 'Launch offers']]],
    ]);
  });

  it('a key that comes back finds its archived group and sets it active again (a create would take a name Paddle keeps)', () => {
    const remote = remoteGroup('launch', 'Launch offers', { status: 'archived' });
    expect(rows(plan({ launch }, [remote]))).toEqual([['launch', 'unarchive', remote.id, []]]);
    const renamed = remoteGroup('launch', 'Old offers', { status: 'archived' });
    expect(rows(plan({ launch }, [renamed]))).toEqual([
      ['launch', 'unarchive', renamed.id, [['Old offers', 'Launch offers']]],
    ]);
  });

  it('one the catalog no longer names is an orphan, archived only with --prune; an archived one is neither', () => {
    const [active, archived] = [remoteGroup('old'), remoteGroup('gone', 'Gone', { status: 'archived' })];
    const kept = plan({}, [active, archived]);
    expect(kept.changes).toEqual([]);
    expect(kept.orphans).toEqual([{ kind: 'discount_group', key: 'old', id: active.id }]);
    expect(plan({}, [active, archived], { prune: true }).changes).toEqual([
      { kind: 'discount_group', key: 'old', action: 'archive', id: active.id, fields: [], desired: null },
    ]);
  });

  it('one made in the dashboard with the same name is left alone: a create names it as a lookalike; --prune does not touch it', () => {
    const hand = remoteGroup(null, 'Launch offers');
    const result = plan({ launch }, [hand], { prune: true });
    expect(rows(result)).toEqual([['launch', 'create', null, []]]);
    expect(result.changes[0]).toMatchObject({ lookalike: { id: hand.id, name: 'Launch offers' } });
    expect(result.orphans).toEqual([]);
  });

  it("--adopt takes over the unmarked group of the catalog's name, an archived one set active", () => {
    const hand = remoteGroup(null, 'Launch offers');
    expect(plan({ launch }, [hand], { adopt: true }).changes).toEqual([
      { kind: 'discount_group', key: 'launch', action: 'adopt', id: hand.id, fields: [], desired: launch },
    ]);
    const archived = remoteGroup(null, 'Launch offers', { status: 'archived' });
    expect(plan({ launch }, [archived], { adopt: true }).changes[0]).toMatchObject({
      action: 'adopt',
      archived: true,
    });
  });

  it("another catalog's group is not this one's: neither planned nor pruned", () => {
    const theirs = remoteGroup('launch', 'Launch offers', { catalog: 'billing' });
    const result = plan({ launch }, [theirs], { prune: true });
    expect(rows(result)).toEqual([['launch', 'create', null, []]]);
    expect(result.orphans).toEqual([]);
    expect(rows(plan({ launch }, [theirs], {}, 'billing'))).toEqual([['launch', 'unchanged', theirs.id, []]]);
  });

  it('two active groups with one key: the lowest id kept, the other a duplicate; an archived one is no duplicate', () => {
    const [first, second] = [remoteGroup('launch', 'A'), remoteGroup('launch', 'B')];
    const archived = remoteGroup('launch', 'C', { status: 'archived' });
    const result = plan({ launch: { name: 'A' } }, [archived, second, first]);
    expect(rows(result)).toEqual([['launch', 'unchanged', first.id, []]]);
    expect(result.duplicates).toEqual([
      { kind: 'discount_group', key: 'launch', kept: first.id, others: [second.id] },
    ]);
  });
});
