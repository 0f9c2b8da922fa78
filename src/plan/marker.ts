// Identity (design §3): every object the tool creates carries its catalog key in custom_data,
// under one namespaced entry, beside whatever custom_data the user keeps there:
//   product: {"paddle_catalog": {"key": "pro"}, ...user data}
//   price:   {"paddle_catalog": {"key": "pro/monthly"}, ...user data}
// Matching is by this marker only, never by name: names change, keys do not.
import type { CustomData } from './remote.js';

export const MARKER_FIELD = 'paddle_catalog';

export function priceKeyOf(productKey: string, priceKey: string): string {
  return `${productKey}/${priceKey}`;
}

/** The key in an object's marker, or undefined for an object the tool does not manage. */
export function readMarker(customData: CustomData | null | undefined): string | undefined {
  const marker = customData?.[MARKER_FIELD];
  if (marker === null || typeof marker !== 'object') return undefined;
  const key = (marker as Record<string, unknown>).key;
  return typeof key === 'string' && key !== '' ? key : undefined;
}

/** The user's part of custom_data (the marker removed); null when nothing is left. */
export function userCustomData(customData: CustomData | null | undefined): CustomData | null {
  if (!customData) return null;
  const { [MARKER_FIELD]: _marker, ...rest } = customData;
  return Object.keys(rest).length === 0 ? null : rest;
}

/** What custom_data is sent: the user's data with our marker beside it. */
export function withMarker(user: CustomData | null | undefined, key: string): CustomData {
  return { ...(user ?? {}), [MARKER_FIELD]: { key } };
}
