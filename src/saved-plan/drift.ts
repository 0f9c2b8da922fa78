// What a saved plan saw of the account, per key, and which keys a fresh read would now plan
// differently: pure functions, the account read once by the caller.
import type { Operation } from '../apply/operations.js';
import { changesInOrder } from '../plan/summary.js';
import type { Change, Plan } from '../plan/types.js';
import type { SeenKey } from './document.js';

const keyOf = (o: { kind: string; key: string }) => `${o.kind} ${o.key}`;

/** A change as plan --json shows it: what it does and what it saw (before values, twins, holders). */
function seenChange(c: Change): Record<string, unknown> {
  return {
    action: c.action,
    ...(c.id ? { id: c.id } : {}),
    ...(c.fields.length > 0 ? { fields: c.fields } : {}),
    ...(c.action === 'create' && c.lookalike ? { lookalike: c.lookalike } : {}),
    ...(c.kind === 'discount' && c.codeConflict ? { codeConflict: c.codeConflict } : {}),
  };
}

/** Per key of the plan, unchanged ones included: its changes and its duplicates. */
export function seenOf(plan: Plan): SeenKey[] {
  const seen = new Map<string, SeenKey>();
  const entry = (o: { kind: SeenKey['kind']; key: string }) => {
    const found = seen.get(keyOf(o)) ?? { kind: o.kind, key: o.key, changes: [] };
    seen.set(keyOf(o), found);
    return found;
  };
  for (const change of changesInOrder(plan)) entry(change).changes.push(seenChange(change));
  for (const d of plan.duplicates) entry(d).duplicates = { kept: d.kept, others: d.others };
  return [...seen.values()];
}

/** JSON with the fields of every object sorted: two values equal as data compare equal as text. */
function stable(value: unknown): string {
  return JSON.stringify(value, (_key, v) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

export interface Drift {
  kind: string;
  key: string;
  /** why, for people: `created since the plan (applied by someone else?)` */
  reason: string;
}

const actions = (s: SeenKey | undefined) => (s?.changes ?? []).map((c) => c.action);
const pending = (s: SeenKey | undefined) => actions(s).some((a) => a !== 'unchanged');

function why(saved: SeenKey | undefined, fresh: SeenKey | undefined): string {
  if (!saved) return 'not in the plan: the account has it now';
  if (!fresh) return 'the plan had it; the account no longer does';
  const dupes = fresh.duplicates ? fresh.duplicates.others.length + 1 : 1;
  if (stable(saved.duplicates) !== stable(fresh.duplicates)) return `has ${dupes} active objects now`;
  const twin = fresh.changes.find(
    (c) => c.lookalike && !saved.changes.some((s) => stable(s.lookalike) === stable(c.lookalike)),
  );
  if (twin) return 'an object that looks the same appeared in the account';
  if (fresh.changes.some((c) => c.codeConflict) && !saved.changes.some((c) => c.codeConflict)) {
    return 'another discount holds its code now';
  }
  if (pending(saved) && !pending(fresh)) return 'already applied since the plan (by another apply?)';
  if (actions(saved).includes('create') && !actions(fresh).includes('create')) {
    return 'made since the plan (by another apply?)';
  }
  return 'changed in the account since the plan (an edit in the dashboard?)';
}

/**
 * The keys whose change would now differ from the saved plan's: what the plan saw of them, or the
 * operations it would send for them. Empty: the saved operations are exactly what a plan makes now.
 */
export function driftOf(
  saved: { seen: readonly SeenKey[]; operations: readonly Operation[] },
  fresh: { plan: Plan; operations: readonly Operation[] },
): Drift[] {
  const before = new Map(saved.seen.map((s) => [keyOf(s), s]));
  const after = new Map(seenOf(fresh.plan).map((s) => [keyOf(s), s]));
  // what a key's operations send; what they wait for names other keys, which are compared themselves
  const opsOf = (ops: readonly Operation[], key: string) =>
    stable(ops.filter((op) => keyOf(op) === key).map(({ change: _change, after: _after, ...op }) => op));
  const keys = [...new Set([...before.keys(), ...after.keys()])];
  return keys
    .filter(
      (key) =>
        stable(before.get(key)) !== stable(after.get(key)) ||
        opsOf(saved.operations, key) !== opsOf(fresh.operations, key),
    )
    .map((key) => {
      const [kind = '', ...rest] = key.split(' ');
      return { kind, key: rest.join(' '), reason: why(before.get(key), after.get(key)) };
    });
}
