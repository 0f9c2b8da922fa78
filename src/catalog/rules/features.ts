// Features as code (docs/rules.md, feature-*): each product's `features:` and an add-on's `adds:` name
// features the catalog declares, with values of their type; their place in custom_data stays the
// tool's (custom-data-features-key), as the marker's does.
import { FEATURE_ADDS_FIELD, FEATURES_FIELD, type FeatureType, UNLIMITED } from '../features-schema.js';
import { didYouMean } from './did-you-mean.js';
import { error, type Finding, type PathSegment } from './finding.js';
import type { Declared, RuleInput } from './rule-input.js';

type Product = RuleInput['products'][number];

const isLimit = (value: unknown) =>
  value === UNLIMITED || (typeof value === 'number' && Number.isInteger(value) && value >= 0);

/** What is wrong with one value of a feature of `type`, if anything. */
function valueProblem(name: string, type: FeatureType, value: unknown, at: PathSegment[]): Finding[] {
  if (type === 'boolean') {
    if (typeof value === 'boolean') return [];
    const message = `${name} is a boolean feature: write true (included) or false, not ${JSON.stringify(value)}`;
    return [error('feature-value-type', at, message)];
  }
  if (typeof value === 'boolean') {
    const message = `${name} is a limit feature: write a whole number (0 or more) or "${UNLIMITED}", not ${value}`;
    return [error('feature-value-type', at, message)];
  }
  if (isLimit(value)) return [];
  const message = `${name} is a limit: ${JSON.stringify(value)} is not a whole number of 0 or more, nor "${UNLIMITED}"`;
  return [error('feature-limit-invalid', at, message)];
}

/** The checks of a product's `features:` or `adds:` map against the declarations. */
function mapProblems(
  field: 'features' | 'adds',
  values: Record<string, unknown>,
  declared: Declared,
  at: PathSegment[],
): Finding[] {
  return Object.entries(values).flatMap(([name, value]) => {
    const where = [...at, field, name];
    if (!Object.hasOwn(declared, name)) {
      const message = `"${name}" is not a feature of this catalog${didYouMean(name, Object.keys(declared))}; declare it under the top-level features:`;
      return [error('feature-unknown', where, message)];
    }
    const type = declared[name];
    if (type === undefined) return [];
    if (field === 'adds' && type === 'boolean') {
      const message = `${name} is a boolean feature: an add-on adds to limits only; include it with features: on a product instead`;
      return [error('feature-adds-boolean', where, message)];
    }
    return valueProblem(name, type, value, where);
  });
}

function productProblems(product: Product, declared: Declared): Finding[] {
  const at = ['products', product.key];
  const { features, adds, custom_data: data } = product.fields;
  const found: Finding[] = [];
  if (features !== undefined && adds !== undefined) {
    const message = `${product.key} has both features and adds: a plan says what it includes, an add-on what each unit adds; split it into two products`;
    found.push(error('features-and-adds', [...at, 'adds'], message));
  }
  if (features !== undefined) found.push(...mapProblems('features', features, declared, at));
  if (adds !== undefined) found.push(...mapProblems('adds', adds, declared, at));
  for (const field of [FEATURES_FIELD, FEATURE_ADDS_FIELD]) {
    if (data === undefined || !Object.hasOwn(data, field)) continue;
    const message = `custom_data.${field} is where the tool writes the product's features and would overwrite this value; declare them under features: instead, or rename the key`;
    found.push(error('custom-data-features-key', [...at, 'custom_data', field], message));
  }
  return found;
}

/**
 * Every rule of features, across the catalog. A catalog that declares no features has none of them
 * checked but the unknown ones: its custom_data.features stays its own.
 */
export function productFeatures(input: RuleInput): Finding[] {
  const declared = input.features;
  if (declared === 'unreadable') return [];
  return input.products.flatMap((product) => {
    const uses = product.fields.features !== undefined || product.fields.adds !== undefined;
    if (declared === undefined && !uses) return [];
    return productProblems(product, declared ?? {});
  });
}
