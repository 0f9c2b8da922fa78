// Keys for exported objects: our marker's key where it is usable, otherwise a unique slug. Kept
// apart from export.ts, which turns the keyed objects into the catalog file.

import { uniqueKey } from '../catalog/key-slug.js';
import { KEY_PATTERN } from '../catalog/schema.js';
import { keyIn } from '../planner/marker.js';
import type { RemoteDiscount, RemotePrice, RemoteProduct } from '../planner/remote.js';

const byId = <T extends { id: string }>(a: T, b: T) => a.id.localeCompare(b.id);

/** A marker key usable as-is: valid, and (for a price) under the product it is exported with. */
export function markedKey(
  scope: string,
  customData: RemotePrice['custom_data'],
  productKey?: string,
): string | undefined {
  const marker = keyIn(scope, customData);
  if (marker === undefined) return undefined;
  if (productKey === undefined) return KEY_PATTERN.test(marker) ? marker : undefined;
  const [owner, priceKey, ...rest] = marker.split('/');
  return owner === productKey && priceKey && rest.length === 0 && KEY_PATTERN.test(priceKey)
    ? priceKey
    : undefined;
}

export interface Keyed<T> {
  key: string;
  object: T;
}

/**
 * Keys for a list of objects: marker keys first (the first object per key, active before archived,
 * then oldest, as the planner keeps it; later ones are skipped with a warning), then slugs.
 */
export function assignKeys<T extends RemoteProduct | RemotePrice | RemoteDiscount>(
  objects: T[],
  marked: (object: T) => string | undefined,
  candidates: (object: T) => string[],
  fallback: string,
  onDuplicate: (object: T, key: string, kept: T) => void,
): Keyed<T>[] {
  const sorted = [...objects].sort(
    (a, b) => Number(a.status !== 'active') - Number(b.status !== 'active') || byId(a, b),
  );
  const taken = new Map<string, T>();
  const keyed: Keyed<T>[] = [];
  for (const object of sorted) {
    const key = marked(object);
    if (key === undefined) continue;
    const kept = taken.get(key);
    if (kept) onDuplicate(object, key, kept);
    else {
      taken.set(key, object);
      keyed.push({ key, object });
    }
  }
  for (const object of [...objects].sort(byId)) {
    if (marked(object) !== undefined) continue;
    const key = uniqueKey(candidates(object), new Set(taken.keys()), fallback);
    taken.set(key, object);
    keyed.push({ key, object });
  }
  return keyed.sort((a, b) => byId(a.object, b.object));
}
