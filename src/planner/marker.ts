// Identity: every object the tool creates carries its catalog key in custom_data,
// under one namespaced entry, beside whatever custom_data the user keeps there:
//   product: {"paddle_catalog": {"key": "pro"}, ...user data}
//   price:   {"paddle_catalog": {"key": "pro/monthly"}, ...user data}
// A catalog file with a `catalog:` name adds it beside the key, so several files share an account:
//   {"paddle_catalog": {"key": "pro", "catalog": "billing"}}
// A marker without a catalog belongs to `default` (what versions before catalog names wrote).
// Matching is by this marker only, never by name: names change, keys do not.
// A price that subscribers move to also records there the moves an apply started on it (its
// `subscribers_from` with the proration and bills_from a person approved), so a later scheduled run
// (`rollout`) continues those and no other, with no state file:
//   {"paddle_catalog": {"key": "pro/monthly-2027", "moves": [{"from": "pro/monthly", "proration": "do_not_bill", "bills_from": "2027-01-01"}]}}
import { DEFAULT_CATALOG, MARKER_FIELD } from '../catalog/schema.js';
import type { CustomData } from './remote.js';

/** What the marker holds: which catalog the object belongs to, and its key there. */
export interface Marker {
  key: string;
  catalog: string;
  /** a price's: the subscriber moves to it that an apply started (absent: none) */
  moves?: StartedMove[];
}

/** One move to a price as the apply that started it was approved: its source key and its terms. */
export interface StartedMove {
  from: string;
  proration: string;
  /** `YYYY-MM-DD`; null when the move has none */
  bills_from: string | null;
}

/** The moves in one order, so a record compares equal to the catalog's whatever order each lists. */
export function sortedMoves(moves: readonly StartedMove[]): StartedMove[] {
  return [...moves].sort((a, b) => a.from.localeCompare(b.from) || a.proration.localeCompare(b.proration));
}

/** A record read from the account is checked for shape: anything else is no record at all. */
function startedMoves(value: unknown): StartedMove[] | undefined {
  if (!Array.isArray(value) || value.length === 0) return undefined;
  const moves: StartedMove[] = [];
  for (const entry of value) {
    if (entry === null || typeof entry !== 'object') return undefined;
    const { from, proration, bills_from } = entry as Record<string, unknown>;
    if (typeof from !== 'string' || typeof proration !== 'string') return undefined;
    if (bills_from !== null && typeof bills_from !== 'string') return undefined;
    moves.push({ from, proration, bills_from });
  }
  return sortedMoves(moves);
}

export function priceKeyOf(productKey: string, priceKey: string): string {
  return `${productKey}/${priceKey}`;
}

/** The marker of an object, or undefined for an object the tool does not manage. */
export function readMarker(customData: CustomData | null | undefined): Marker | undefined {
  const marker = customData?.[MARKER_FIELD];
  if (marker === null || typeof marker !== 'object') return undefined;
  const { key, catalog, moves } = marker as Record<string, unknown>;
  if (typeof key !== 'string' || key === '') return undefined;
  const started = startedMoves(moves);
  return {
    key,
    catalog: typeof catalog === 'string' && catalog !== '' ? catalog : DEFAULT_CATALOG,
    ...(started ? { moves: started } : {}),
  };
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

/**
 * What custom_data is sent: the user's data with our marker beside it (no catalog for `default`;
 * a price's started moves when it has any).
 */
export function withMarker(user: CustomData | null | undefined, marker: Marker): CustomData {
  const { key, catalog, moves } = marker;
  const entry = {
    key,
    ...(catalog === DEFAULT_CATALOG ? {} : { catalog }),
    ...(moves && moves.length > 0 ? { moves } : {}),
  };
  return { ...(user ?? {}), [MARKER_FIELD]: entry };
}
