// The marker of an object that has no custom_data: a notification setting (its description) and a
// discount group (its name). Paddle keeps no custom_data on either, so the only free text carries the
// catalog key at its end, where a person reading the dashboard sees it:
//   "App webhooks (paddle-catalog: app)", and with a catalog name "App webhooks (paddle-catalog: billing/app)".
// An object whose text does not end so is not the tool's (made in the dashboard): it is left alone
// unless adopted. The catalog's text leaves room for the longest marker (TEXT_MARKER_MAX).
import { DEFAULT_CATALOG, KEY_PATTERN } from '../catalog/schema.js';
import { TEXT_MARKER_CLOSE, TEXT_MARKER_OPEN } from '../catalog/schema-fields.js';
import type { Marker } from './marker.js';

const NAME = KEY_PATTERN.source.slice(1, -1);
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const SUFFIX = new RegExp(
  `${literal(TEXT_MARKER_OPEN)}(?:(${NAME})/)?(${NAME})${literal(TEXT_MARKER_CLOSE)}$`,
);

/** The text Paddle keeps: the catalog's text with the marker after it. */
export function markText(text: string, marker: Marker): string {
  const scope = marker.catalog === DEFAULT_CATALOG ? marker.key : `${marker.catalog}/${marker.key}`;
  return `${text}${TEXT_MARKER_OPEN}${scope}${TEXT_MARKER_CLOSE}`;
}

/** The text as the catalog writes it and the marker at its end; no marker: an object made elsewhere. */
export function readTextMarker(kept: string): { text: string; marker?: Marker } {
  const found = SUFFIX.exec(kept);
  if (!found) return { text: kept };
  const [suffix, catalog, key] = found as unknown as [string, string | undefined, string];
  return { text: kept.slice(0, -suffix.length), marker: { key, catalog: catalog ?? DEFAULT_CATALOG } };
}

/** The object's key in `catalog`, or undefined when it is unmarked or another catalog's. */
export function textKeyIn(catalog: string, kept: string): string | undefined {
  const { marker } = readTextMarker(kept);
  return marker?.catalog === catalog ? marker.key : undefined;
}
