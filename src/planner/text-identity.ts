// Which remote object a key means for the kinds that carry their marker in a text (text-marker.ts):
// a notification setting's description, a discount group's name. One per key is kept (an active one
// first, then the lowest id: Paddle's ids sort in creation order); any other is a duplicate.
import { textKeyIn } from './text-marker.js';
import type { Duplicate } from './types.js';

interface TextTracked {
  id: string;
  /** a group's status, or a destination's `active` */
  status?: string;
  active?: boolean;
}

const isActive = (o: TextTracked) => o.status === 'active' || o.active === true;

export function indexByText<T extends TextTracked>(
  kind: Duplicate['kind'],
  scope: string,
  objects: readonly T[],
  textOf: (object: T) => string,
): { kept: Map<string, T>; duplicates: Duplicate[] } {
  const byKey = new Map<string, T[]>();
  for (const object of objects) {
    const key = textKeyIn(scope, textOf(object));
    if (key !== undefined) byKey.set(key, [...(byKey.get(key) ?? []), object]);
  }
  const kept = new Map<string, T>();
  const duplicates: Duplicate[] = [];
  for (const [key, list] of byKey) {
    const sorted = [...list].sort(
      (a, b) => Number(isActive(b)) - Number(isActive(a)) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    );
    const [first, ...rest] = sorted as [T, ...T[]];
    kept.set(key, first);
    const others = rest.filter((o) => kind === 'notification' || isActive(o)).map((o) => o.id);
    if (others.length > 0) duplicates.push({ kind, key, kept: first.id, others });
  }
  duplicates.sort((a, b) => a.key.localeCompare(b.key));
  return { kept, duplicates };
}
