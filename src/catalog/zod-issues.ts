// Turns zod's structural issues into the reader's findings: the rule each one breaks, a message in
// the catalog's own terms, and "did you mean" where a typo is likely.
import type { Node } from 'yaml';
import { z } from 'zod';
import { amountMessage } from './rules/amount.js';
import { didYouMean, toSnakeCase } from './rules/did-you-mean.js';
import { DISCOUNT_RULE, percentageMessage } from './rules/discount.js';
import { error, type Finding, type PathSegment } from './rules/finding.js';
import type { RuleId } from './rules/ids.js';
import { invalidKeyMessage } from './rules/keys.js';
import { unknownCountryMessage } from './rules/overrides.js';
import { unknownTaxCategoryMessage } from './rules/tax-category.js';
import { catalogSchema } from './schema.js';
import { yamlLib } from './yaml-lib.js';

/** A finding and whether it points at a key (unknown field, bad key) rather than a value. */
export interface StructuralFinding extends Finding {
  atKey: boolean;
}

/** What the translator may look at: the parsed value and the YAML node at a path. */
export interface Source {
  value(path: readonly PathSegment[]): unknown;
  node(path: readonly PathSegment[]): Node | null | undefined;
}

/** The rule of each discount field whose single-field limits the schema checks. */
const DISCOUNT_FIELD_RULES: Readonly<Record<string, RuleId>> = {
  description: DISCOUNT_RULE.description,
  type: DISCOUNT_RULE.type,
  code: DISCOUNT_RULE.code,
  currency_code: DISCOUNT_RULE.currency,
  maximum_recurring_intervals: DISCOUNT_RULE.recurringIntervals,
  usage_limit: DISCOUNT_RULE.usageLimit,
  restrict_to: DISCOUNT_RULE.restrictTo,
  expires_at: DISCOUNT_RULE.expiresAt,
};

/** The rule of each notification field whose single-field limits the schema checks. */
const NOTIFICATION_FIELD_RULES: Readonly<Record<string, RuleId>> = {
  description: 'notification-description',
  destination: 'notification-destination',
  subscribed_events: 'notification-events',
};

/** Which rule (docs/rules.md) a structural problem at `path` breaks. */
function ruleForPath(path: readonly PathSegment[]): RuleId {
  const has = (segment: string) => path.includes(segment);
  const last = path[path.length - 1];
  if (path[0] === 'review') return 'review-countries-invalid';
  if (path[0] === 'discounts' && path[2] === 'discount_group') return 'discount-group-unknown';
  if (path[0] === 'discounts') return DISCOUNT_FIELD_RULES[String(path[2])] ?? 'schema';
  if (path[0] === 'notifications') return NOTIFICATION_FIELD_RULES[String(path[2])] ?? 'schema';
  if (path[0] === 'discount_groups' && path[2] === 'name') return 'discount-group-name';
  if (last === 'amount') return 'amount-not-minor-units';
  if (last === 'currency_code') return 'currency-unsupported';
  if (has('country_codes')) return 'country-codes-invalid';
  if (last === 'unit_price_overrides') return 'unit-price-overrides-invalid';
  if (last === 'tax_category' || has('approved_tax_categories')) return 'tax-category-unknown';
  if (has('trial_period')) return 'trial-period-invalid';
  if (has('billing_cycle')) return 'billing-cycle-invalid';
  if (has('quantity')) return 'quantity-invalid';
  if (has('subscribers_from')) return 'subscribers-from-unknown';
  if (path[2] === 'prices' && last === 'proration') return 'proration-invalid';
  if (path[2] === 'prices' && last === 'bills_from') return 'bills-from-invalid';
  if (path[0] === 'products' && last === 'status') return 'status-invalid';
  if (path[0] === 'version') return 'version-unsupported';
  if (path[0] === 'catalog') return 'catalog-name';
  if (path[0] === 'products' && path.length === 3 && last === 'name') return 'product-name-invalid';
  if (path[2] === 'prices' && path.length === 5 && last === 'name') return 'price-name-invalid';
  if (path[2] === 'prices' && path.length === 5 && last === 'description') return 'price-description-invalid';
  return 'schema';
}

function fieldName(path: readonly PathSegment[]): string {
  const last = path[path.length - 1];
  if (last === undefined) return 'the catalog';
  if (typeof last === 'number') return `${String(path[path.length - 2])} item ${last}`;
  return last;
}

function describeType(value: unknown): string {
  if (value === null || value === undefined) return 'empty';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a map';
  if (typeof value === 'string') return `the text ${JSON.stringify(value)}`;
  return `the ${typeof value} ${String(value)}`;
}

const EXPECTED: Readonly<Record<string, string>> = {
  object: 'a map (field: value)',
  record: 'a map (key: value)',
  array: 'a list',
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
};

/** The schema of the value at `path` (through optional wrappers, maps and lists), if any. */
function schemaAt(path: readonly PathSegment[]): z.ZodType | undefined {
  let schema: unknown = catalogSchema;
  const unwrap = () => {
    while (schema instanceof z.ZodOptional) schema = schema.unwrap();
  };
  for (const segment of path) {
    unwrap();
    if (schema instanceof z.ZodObject) schema = (schema.shape as Record<string, unknown>)[String(segment)];
    else if (schema instanceof z.ZodRecord) schema = schema.valueType;
    else if (schema instanceof z.ZodArray) schema = schema.element;
    else return undefined;
  }
  unwrap();
  return schema instanceof z.ZodType ? schema : undefined;
}

/** Fields that a map at `path` may have, read from the schema itself. */
function fieldsAt(path: readonly PathSegment[]): string[] {
  const schema = schemaAt(path);
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
}

function unknownFieldMessage(key: string, allowed: readonly string[]): string {
  const hint = didYouMean(key, allowed);
  const camel = hint !== '' && /[A-Z]/.test(key) && allowed.includes(toSnakeCase(key));
  return `unknown field "${key}"${hint}${camel ? '; catalog files use the API’s snake_case names' : ''}`;
}

function enumMessage(path: readonly PathSegment[], value: unknown, values: readonly unknown[]): string {
  const last = path[path.length - 1];
  if (last === 'tax_category' || path.includes('approved_tax_categories'))
    return unknownTaxCategoryMessage(value);
  if (path.includes('country_codes')) return unknownCountryMessage(value);
  if (values.length === 1) return `${fieldName(path)} must be ${JSON.stringify(values[0])}`;
  const options = values.map(String);
  const hint = typeof value === 'string' ? didYouMean(value, options) : '';
  const list = options.length <= 12 ? `; one of: ${options.join(', ')}` : '';
  return `${JSON.stringify(value)} is not a valid ${fieldName(path)}${hint}${list}`;
}

function boundMessage(issue: z.core.$ZodIssueTooBig | z.core.$ZodIssueTooSmall, value: unknown): string {
  const length = typeof value === 'string' ? ` (it has ${value.length})` : '';
  if (!issue.message.startsWith('Too ')) return issue.message + length;
  const field = fieldName(issue.path as PathSegment[]);
  if (issue.code === 'too_big') return `${field} must be at most ${issue.maximum}${length}`;
  return `${field} must be at least ${issue.minimum}${length}`;
}

function amountFinding(path: PathSegment[], source: Source): string {
  const node = source.node(path);
  const text = yamlLib().isScalar(node) ? node.source : undefined;
  const currency = source.value([...path.slice(0, -1), 'currency_code']);
  return amountMessage(source.value(path), text, typeof currency === 'string' ? currency : undefined);
}

/** A discount amount that is not a string: the message and the rule follow the discount's type. */
function discountAmountFinding(path: PathSegment[], source: Source): StructuralFinding {
  const node = source.node(path);
  const written =
    yamlLib().isScalar(node) && node.source !== undefined ? node.source : String(source.value(path));
  const finding =
    source.value([...path.slice(0, -1), 'type']) === 'percentage'
      ? error(DISCOUNT_RULE.percentageAmount, path, percentageMessage(written, true))
      : error(DISCOUNT_RULE.flatAmount, path, amountFinding(path, source));
  return { ...finding, atKey: false };
}

/** One zod issue → its findings (an unrecognized_keys issue names several keys: one finding each). */
export function explainZodIssue(issue: z.core.$ZodIssue, source: Source): StructuralFinding[] {
  const path = issue.path.map((segment) => (typeof segment === 'symbol' ? String(segment) : segment));
  const rule = ruleForPath(path);
  const at = (message: string, atKey = false, where = path, which = rule): StructuralFinding => ({
    ...error(which, where, message),
    atKey,
  });
  const value = source.value(path);
  if (value === undefined && (issue.code === 'invalid_type' || issue.code === 'invalid_value')) {
    return [at(`missing required field "${fieldName(path)}"`)];
  }
  switch (issue.code) {
    case 'unrecognized_keys': {
      const allowed = fieldsAt(path);
      return issue.keys.map((key) =>
        at(unknownFieldMessage(key, allowed), true, [...path, key], 'unknown-field'),
      );
    }
    case 'invalid_key': {
      // zod does not look inside an entry whose key is bad; do it here so its problems show too.
      const key = String(path[path.length - 1]);
      const inner = schemaAt(path)?.safeParse(value).error?.issues ?? [];
      const kind = path[0] === 'discounts' ? 'discount' : path.length === 2 ? 'product' : 'price';
      return [
        at(invalidKeyMessage(kind, key), true, path, 'key-invalid'),
        ...inner.flatMap((nested) => explainZodIssue({ ...nested, path: [...path, ...nested.path] }, source)),
      ];
    }
    case 'invalid_type': {
      if (path[0] === 'discounts' && path[2] === 'amount') return [discountAmountFinding(path, source)];
      if (path[path.length - 1] === 'amount') return [at(amountFinding(path, source))];
      const expected = EXPECTED[issue.expected] ?? issue.expected;
      return [at(`${fieldName(path)} must be ${expected}, not ${describeType(value)}`)];
    }
    case 'invalid_value':
      return [at(enumMessage(path, value, issue.values))];
    case 'invalid_format':
      if (rule === 'catalog-name') return [at(invalidKeyMessage('catalog', String(value)))];
      return [at(path[path.length - 1] === 'amount' ? amountFinding(path, source) : issue.message)];
    case 'too_big':
    case 'too_small':
      return [at(boundMessage(issue, value))];
    default:
      return [at(issue.message)];
  }
}
