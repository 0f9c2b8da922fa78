// What a saved plan saw of the account, per key, and which keys a fresh read would now plan
// differently: pure functions, the account read once by the caller. Every list is indexed once by
// key, so the check grows with the size of the plan, not with its square.
import { isRef, type Operation } from '../operations/compile.js';
import { changesInOrder } from '../planner/summary.js';
import type { Change, Plan } from '../planner/types.js';
import { shown } from '../text/escape.js';
import type { SeenKey } from './document.js';

const keyOf = (o: { kind: string; key: string }) => `${o.kind} ${o.key}`;

/**
 * A saved plan's projection of a change, the `seen` one: what a fresh plan is compared on to name a
 * key that moved, which is what the change does and what it saw (its action, id, fields with their
 * before values, a lookalike, a code conflict); its kind and key are its SeenKey's. It is not plan
 * --json's projection (views/plan/document.ts planJsonChange), which adds the notes (reason,
 * remoteStatus, movedFrom, codeAfter, storedTaxMode) and may grow: this one is part of the plan
 * file's format (saved-plan/document.ts seenKeySchema, docs/plan-file.schema.json), which changes only on purpose.
 */
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

export const ALREADY_APPLIED = 'already applied since the plan (by another apply?)';
export const MADE_SINCE =
  'what it refers to was made since the plan (a run of this plan that stopped partway?)';
export const EDITED_CATALOG =
  "the file's catalog asks for other values than the ones the plan saw it ask for (edited after plan wrote it, its digest recomputed?)";
export const EDITED_OPERATIONS =
  'the file sends for it what the plan does not (edited after plan wrote it, its digest recomputed?)';

const actions = (s: SeenKey | undefined) => (s?.changes ?? []).map((c) => c.action);
const pending = (s: SeenKey | undefined) => actions(s).some((a) => a !== 'unchanged');

type Side = 'before' | 'after';
/** Per field path of a key's changes, the value on one side: `before` is the account's, `after` the catalog's. */
function sideOf(seen: SeenKey, side: Side): Map<string, string> {
  const values = new Map<string, string>();
  seen.changes.forEach((change, i) => {
    const fields = (change as { fields?: unknown }).fields;
    if (!Array.isArray(fields)) return;
    for (const f of fields as { path?: unknown }[]) {
      if (typeof f?.path === 'string')
        values.set(`${i} ${f.path}`, stable((f as Record<Side, unknown>)[side]));
    }
  });
  return values;
}

/**
 * A field the account holds as the plan saw it (the same `before`) that the catalog now asks to
 * become something else (another `after`): only the file's catalog can have changed, not the account.
 */
function catalogEdited(saved: SeenKey, fresh: SeenKey): boolean {
  const [accountThen, accountNow] = [sideOf(saved, 'before'), sideOf(fresh, 'before')];
  const [askedThen, askedNow] = [sideOf(saved, 'after'), sideOf(fresh, 'after')];
  return [...askedThen].some(
    ([path, asked]) =>
      accountNow.has(path) && accountThen.get(path) === accountNow.get(path) && askedNow.get(path) !== asked,
  );
}

/** Why the account makes a key's plan differ, from what the plan saw of it then and now. */
function whySeen(saved: SeenKey | undefined, fresh: SeenKey | undefined): string {
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
  if (catalogEdited(saved, fresh)) return EDITED_CATALOG;
  if (pending(saved) && !pending(fresh)) return ALREADY_APPLIED;
  if (actions(saved).includes('create') && !actions(fresh).includes('create')) {
    return 'made since the plan (by another apply?)';
  }
  return 'changed in the account since the plan (an edit in the dashboard?)';
}

/** What a key's operations send; what they wait for names other keys, and is compared as a whole. */
const sent = (ops: readonly Operation[] = []) => ops.map(({ change: _change, after: _after, ...op }) => op);

/** Equal but where the saved value is a reference to a create and the fresh one an id: made since. */
function sameButMade(saved: unknown, fresh: unknown): boolean {
  if (isRef(saved)) return typeof fresh === 'string' || stable(saved) === stable(fresh);
  if (Array.isArray(saved)) {
    return (
      Array.isArray(fresh) && saved.length === fresh.length && saved.every((v, i) => sameButMade(v, fresh[i]))
    );
  }
  if (typeof saved === 'object' && saved !== null) {
    if (typeof fresh !== 'object' || fresh === null || Array.isArray(fresh)) return false;
    const keys = Object.keys(saved);
    return (
      keys.length === Object.keys(fresh).length &&
      keys.every((k) =>
        sameButMade((saved as Record<string, unknown>)[k], (fresh as Record<string, unknown>)[k]),
      )
    );
  }
  return saved === fresh;
}

interface KeyState {
  seen?: SeenKey;
  ops?: Operation[];
}

function why(key: string, saved: Map<string, KeyState>, fresh: Map<string, KeyState>): string | undefined {
  const before = saved.get(key) ?? {};
  const after = fresh.get(key) ?? {};
  if (!before.seen && before.ops) return EDITED_OPERATIONS;
  if (stable(before.seen) !== stable(after.seen)) return whySeen(before.seen, after.seen);
  if (stable(sent(before.ops)) === stable(sent(after.ops))) return undefined;
  return sameButMade(sent(before.ops), sent(after.ops)) ? MADE_SINCE : EDITED_OPERATIONS;
}

/** Each key's seen entry and operations, indexed once. */
function byKey(seen: readonly SeenKey[], operations: readonly Operation[]): Map<string, KeyState> {
  const keys = new Map<string, KeyState>();
  const state = (o: { kind: string; key: string }) => {
    const found = keys.get(keyOf(o)) ?? {};
    keys.set(keyOf(o), found);
    return found;
  };
  for (const s of seen) state(s).seen = s;
  for (const op of operations) {
    const found = state(op);
    found.ops = [...(found.ops ?? []), op];
  }
  return keys;
}

/**
 * The keys whose change would now differ from the saved plan's: what the plan saw of them, or the
 * operations it would send for them (a key of an operation no plan saw included).
 */
export function driftOf(
  saved: { seen: readonly SeenKey[]; operations: readonly Operation[] },
  fresh: { plan: Plan; operations: readonly Operation[] },
): Drift[] {
  const before = byKey(saved.seen, saved.operations);
  const after = byKey(seenOf(fresh.plan), fresh.operations);
  const keys = new Set([...before.keys(), ...after.keys()]);
  return [...keys].flatMap((key) => {
    const reason = why(key, before, after);
    if (reason === undefined) return [];
    const [kind = '', ...rest] = key.split(' ');
    return [{ kind, key: rest.join(' '), reason }];
  });
}

/**
 * Where the saved operations, as a whole, differ from the ones the plan compiles now — their
 * number, their order, each body, what each waits for — or undefined when they are the same.
 */
export function operationsDiffer(
  saved: readonly Operation[],
  fresh: readonly Operation[],
): string | undefined {
  if (saved.length !== fresh.length) {
    return `it holds ${saved.length} operations; the plan makes ${fresh.length}`;
  }
  const at = saved.findIndex((op, i) => stable(op) !== stable(fresh[i]));
  if (at < 0) return undefined;
  const mine = saved[at] as Operation;
  const theirs = fresh[at] as Operation;
  return mine.id === theirs.id
    ? `operation ${at + 1} (${shown(mine.id)}) is not the plan's: what it sends or waits for differs`
    : `operation ${at + 1} is ${shown(mine.id)}; the plan makes ${shown(theirs.id)} there`;
}
