// The catalog key a price carries, as the emulator reads it: the tool writes its marker into
// custom_data as {"paddle_catalog": {"key": "pro/monthly", "catalog"?: "billing"}} (no catalog:
// the default one). The emulator may not import the tool's planner (src/planner/marker.ts), so it
// keeps this small reader of its own; test/emulator/price-keys.test.ts holds the two together.
import type { WireRecord } from './types.js';

/** @internal The rise test holds the emulator's marker field to the catalog's. */
export const MARKER_FIELD = 'paddle_catalog';
export const DEFAULT_CATALOG = 'default';

/** Whether `record`'s marker names `key` in `catalog`. */
export function hasMarker(record: WireRecord, key: string, catalog: string): boolean {
  const marker = record.custom_data?.[MARKER_FIELD];
  if (marker === null || typeof marker !== 'object') return false;
  const markedCatalog =
    typeof marker.catalog === 'string' && marker.catalog !== '' ? marker.catalog : DEFAULT_CATALOG;
  return marker.key === key && markedCatalog === catalog;
}
