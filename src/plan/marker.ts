// Identity: every object the tool creates carries its catalog key in custom_data,
// under one namespaced entry, beside whatever custom_data the user keeps there:
//   product: {"paddle_catalog": {"key": "pro"}, ...user data}
//   price:   {"paddle_catalog": {"key": "pro/monthly"}, ...user data}
// A catalog file with a `catalog:` name adds it beside the key, so several files share an account:
//   {"paddle_catalog": {"key": "pro", "catalog": "billing"}}
// A marker without a catalog belongs to `default` (what versions before catalog names wrote).
// Matching is by this marker only, never by name: names change, keys do not.
import { DEFAULT_CATALOG, MARKER_FIELD } from '../catalog/schema.js';
import type { CustomData } from './remote.js';

/** What the marker holds: which catalog the object belongs to, and its key there. */
export interface Marker {
  key: string;
  catalog: string;
}

export function priceKeyOf(productKey: string, priceKey: string): string {
  return `${productKey}/${priceKey}`;
}

/** The marker of an object, or undefined for an object the tool does not manage. */
export function readMarker(customData: CustomData | null | undefined): Marker | undefined {
  const marker = customData?.[MARKER_FIELD];
  if (marker === null || typeof marker !== 'object') return undefined;
  const { key, catalog } = marker as Record<string, unknown>;
  if (typeof key !== 'string' || key === '') return undefined;
  return { key, catalog: typeof catalog === 'string' && catalog !== '' ? catalog : DEFAULT_CATALOG };
}

/** The object's key in `catalog`, or undefined when it is unmanaged or another catalog's. */
export function keyIn(catalog: string, customData: CustomData | null | undefined): string | undefined {
  const marker = readMarker(customData);
  return marker?.catalog === catalog ? marker.key : undefined;
}

/** The user's part of custom_data (the marker removed); null when nothing is left. */
export function userCustomData(customData: CustomData | null | undefined): CustomData | null {
  if (!customData) return null;
  const { [MARKER_FIELD]: _marker, ...rest } = customData;
  return Object.keys(rest).length === 0 ? null : rest;
}

/**
 * The user's part of custom_data the catalog wants on an object the account already has: a catalog
 * entry without `custom_data` leaves the object's own data as it is (adopt merges the marker beside
 * it); only a `custom_data` the catalog writes out (`{}` included) replaces it, and the plan shows
 * what that removes.
 */
export function keptCustomData(
  wanted: CustomData | null | undefined,
  remote: CustomData | null | undefined,
): CustomData | null {
  return wanted === undefined ? userCustomData(remote) : userCustomData(wanted);
}

/** What custom_data is sent: the user's data with our marker beside it (no catalog for `default`). */
export function withMarker(user: CustomData | null | undefined, marker: Marker): CustomData {
  const entry = marker.catalog === DEFAULT_CATALOG ? { key: marker.key } : { ...marker };
  return { ...(user ?? {}), [MARKER_FIELD]: entry };
}
