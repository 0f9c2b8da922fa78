// custom_data reaches Paddle with the tool's marker beside the user's keys (src/planner/marker.ts), so
// a user key named like the marker would be overwritten without a word (custom-data-marker-key),
// and the whole must stay within the size and depth bounds of docs/rules.md (custom-data-too-large,
// custom-data-too-deep).
import {
  CUSTOM_DATA_MAX_BYTES,
  CUSTOM_DATA_MAX_DEPTH,
  jsonBytes,
  nestingDepth,
} from '../../paddle-facts/limits.js';
import { writtenFeatures } from '../features-schema.js';
import { MARKER_FIELD } from '../schema.js';
import { error, type Finding } from './finding.js';
import type { ProductFields } from './rule-input.js';

type WithCustomData = { custom_data?: Record<string, unknown> };

/** The room the largest marker takes: a product/price key and a catalog name, 63 characters each. */
const MARKER_ROOM = jsonBytes({
  [MARKER_FIELD]: { key: `${'k'.repeat(63)}/${'k'.repeat(63)}`, catalog: 'c'.repeat(63) },
});
/**
 * What is left for the user's own custom_data.
 * @internal Tests build custom_data of exactly this size.
 */
export const USER_CUSTOM_DATA_MAX_BYTES = CUSTOM_DATA_MAX_BYTES - MARKER_ROOM;

export function customDataMarkerKey(object: WithCustomData): Finding[] {
  if (object.custom_data === undefined || !Object.hasOwn(object.custom_data, MARKER_FIELD)) return [];
  const message = `custom_data.${MARKER_FIELD} is the tool's own marker and would overwrite this value; rename the key`;
  return [error('custom-data-marker-key', ['custom_data', MARKER_FIELD], message)];
}

export function customDataSize(object: WithCustomData): Finding[] {
  if (object.custom_data === undefined) return [];
  const bytes = jsonBytes(object.custom_data);
  if (bytes <= USER_CUSTOM_DATA_MAX_BYTES) return [];
  const message = `custom_data is ${bytes} bytes as JSON; at most ${USER_CUSTOM_DATA_MAX_BYTES} fit beside the tool's marker (${CUSTOM_DATA_MAX_BYTES} in all): keep large data elsewhere and store a reference`;
  return [error('custom-data-too-large', ['custom_data'], message)];
}

/**
 * A product's custom_data as apply writes it: the user's keys and, beside them, what it includes
 * (`features`, `feature_adds`: src/planner/features.ts), so thousands of features fail here, not
 * midway through an apply. Said at `features:` (or `adds:`) when the user's own keys fit alone
 * (when they do not, customDataSize says so).
 */
export function featuresCustomDataSize(product: ProductFields): Finding[] {
  const features = writtenFeatures(product);
  if (Object.keys(features).length === 0) return [];
  const bytes = jsonBytes({ ...(product.custom_data ?? {}), ...features });
  const own = product.custom_data === undefined ? 0 : jsonBytes(product.custom_data);
  // the user's keys too large alone: customDataSize says so
  if (bytes <= USER_CUSTOM_DATA_MAX_BYTES || own > USER_CUSTOM_DATA_MAX_BYTES) return [];
  const field = product.features !== undefined ? 'features' : 'adds';
  const message = `custom_data is ${bytes} bytes as JSON with the features apply writes into it (${own} of them your own keys); at most ${USER_CUSTOM_DATA_MAX_BYTES} fit beside the tool's marker (${CUSTOM_DATA_MAX_BYTES} in all): name fewer features on this product, or keep them elsewhere`;
  return [error('custom-data-too-large', [field], message)];
}

/** The message for custom_data nested `depth` levels deep: also export's, for the account's data. */
export const tooDeepMessage = (depth: number) =>
  `custom_data is nested ${depth} levels deep; a catalog holds at most ${CUSTOM_DATA_MAX_DEPTH}: flatten it, or keep it elsewhere and store a reference`;

export function customDataDepth(object: WithCustomData): Finding[] {
  if (object.custom_data === undefined) return [];
  const depth = nestingDepth(object.custom_data);
  if (depth <= CUSTOM_DATA_MAX_DEPTH) return [];
  return [error('custom-data-too-deep', ['custom_data'], tooDeepMessage(depth))];
}
