// Which remote object a catalog key means, the same way for every kind of object: the objects
// whose marker is this catalog's are grouped by key; one per key is kept (the best by the kind's
// own rank, then the oldest); while an object of a key other than the kept one is active, it has duplicates.
import { keyIn } from './marker.js';
import type { CustomData, DiscountStatus } from './remote.js';
import type { Duplicate } from './types.js';

/** What every kind of catalog object has that identity needs. */
export interface Tracked {
  id: string;
  status: DiscountStatus;
  custom_data: CustomData | null;
  created_at: string | null;
}

const timeOf = (object: Tracked) => {
  const ms = object.created_at === null ? Number.NaN : Date.parse(object.created_at);
  return Number.isNaN(ms) ? Number.POSITIVE_INFINITY : ms;
};

/** Oldest first: by created_at (an object without one last), then by id. */
export function olderFirst(a: Tracked, b: Tracked): number {
  return timeOf(a) - timeOf(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

export interface Indexed<T> {
  /** key → the object the plan manages */
  kept: Map<string, T>;
  /** keys with an active object besides `kept`: the extra ones are every active object but `kept` */
  duplicates: Duplicate[];
}

/**
 * Groups the objects of one catalog by marker key (another catalog's objects and unmanaged ones are
 * not seen) and keeps one per key: lowest `rank` first, then the oldest.
 */
export function indexByMarker<T extends Tracked>(
  kind: Duplicate['kind'],
  scope: string,
  objects: readonly T[],
  rank: (object: T, key: string) => number,
): Indexed<T> {
  const byKey = new Map<string, T[]>();
  for (const object of objects) {
    const key = keyIn(scope, object.custom_data);
    if (key !== undefined) byKey.set(key, [...(byKey.get(key) ?? []), object]);
  }
  const kept = new Map<string, T>();
  const duplicates: Duplicate[] = [];
  for (const [key, list] of byKey) {
    const [first, ...rest] = [...list].sort((a, b) => rank(a, key) - rank(b, key) || olderFirst(a, b)) as [
      T,
      ...T[],
    ];
    kept.set(key, first);
    // every active object but the kept one: also when the kept one is archived (a price under its own
    // product outranks an active twin under a duplicate product), since the plan sets it active again
    const others = rest.filter((o) => o.status === 'active').map((o) => o.id);
    if (others.length > 0) duplicates.push({ kind, key, kept: first.id, others });
  }
  duplicates.sort((a, b) => a.key.localeCompare(b.key));
  return { kept, duplicates };
}
