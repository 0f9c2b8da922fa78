// Features as code: what each product includes, declared once at the top of the catalog. Paddle has no
// entitlement object; its docs suggest keeping a product's features in its custom_data
// (https://developer.paddle.com/changelog/2023/custom-data-products-prices), which is where the plan
// writes them (src/planner/features.ts). The values' types and ranges are rules (rules/features.ts).
import { z } from 'zod';
import { text } from './schema-fields.js';

/** What a feature is: included or not (`boolean`), or up to a number (`limit`, or `unlimited`). */
export const FEATURE_TYPES = ['boolean', 'limit'] as const;
export type FeatureType = (typeof FEATURE_TYPES)[number];
/** The limit that no number reaches. */
export const UNLIMITED = 'unlimited';

export const featureSchema = z
  .strictObject({
    type: z
      .enum(FEATURE_TYPES)
      .describe('boolean: a product includes it or not; limit: a whole number, or "unlimited".'),
    description: text('feature description', 1, 500)
      .optional()
      .describe('What the feature is, for people and the generated module. 1–500 characters.'),
  })
  .meta({
    id: 'Feature',
    description: 'One feature products may include. The map key is its stable identity.',
  });

// A product's value of a feature: its type and range are rules (rules/features.ts), each with its id.
export const featureValue = z
  .union([z.boolean(), z.number(), z.string()])
  .describe('boolean features: true or false; limit features: a whole number ≥ 0, or "unlimited".');

/** A product's value of one feature, as written (rules/features.ts checks it against the feature's type). */
export type FeatureValue = z.infer<typeof featureValue>;

/**
 * Where a product's features live in its custom_data (beside the tool's marker): what it includes,
 * and what an add-on adds per unit. Only included values are stored (true, a limit above 0,
 * "unlimited"): a feature not there is not included. Apps and webhooks read them there.
 */
export const FEATURES_FIELD = 'features';
export const FEATURE_ADDS_FIELD = 'feature_adds';

/** What a product includes, or an add-on adds per unit: only what is included, keys sorted. */
export type FeatureMap = Record<string, true | number | typeof UNLIMITED>;

const isIncluded = (value: FeatureValue): value is true | number | typeof UNLIMITED =>
  value === true || value === UNLIMITED || (typeof value === 'number' && value > 0);

/** `{ sso: true, api: false, seats: 0 }` → `{ sso: true }`: what is not included is not written. */
export function includedFeatures(values: Record<string, FeatureValue> | undefined): FeatureMap | null {
  if (values === undefined) return null;
  const kept = Object.entries(values)
    .filter((entry): entry is [string, true | number | typeof UNLIMITED] => isIncluded(entry[1]))
    .sort(([a], [b]) => a.localeCompare(b));
  return Object.fromEntries(kept);
}

/** The entries the tool writes into a product's custom_data for its features (none: empty). */
export function writtenFeatures(product: {
  features?: Record<string, FeatureValue> | undefined;
  adds?: Record<string, FeatureValue> | undefined;
}): Record<string, FeatureMap> {
  const entries: [string, FeatureMap | null][] = [
    [FEATURES_FIELD, includedFeatures(product.features)],
    [FEATURE_ADDS_FIELD, includedFeatures(product.adds)],
  ];
  return Object.fromEntries(entries.filter((entry): entry is [string, FeatureMap] => entry[1] !== null));
}
