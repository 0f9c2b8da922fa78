// The rules of features (docs/rules.md, feature-*, features-and-adds, custom-data-features-key):
// each at its file position, and a catalog of plans and an add-on that passes them all.
import { describe, it } from 'vitest';
import { expectRow, type RuleRow } from '../support/catalog-rules.js';

/** Features sso (boolean) and seats (limit); product `pro` with `lines` (line 8 on), one price. */
const catalog = (lines: string, top = '') => `version: 1
features:
  sso: { type: boolean, description: Single sign-on }
  seats: { type: limit }
${top}products:
  pro:
    name: Pro
    tax_category: saas
${lines}
    prices:
      monthly:
        description: Pro monthly
        unit_price: { amount: "1000", currency_code: USD }
        billing_cycle: { interval: month, frequency: 1 }
`;

const rows: RuleRow[] = [
  {
    title: 'a plan with features and an add-on with adds are valid',
    text: catalog(
      '    features: { sso: true, seats: unlimited }\n  extra:\n    name: Extra seat\n    tax_category: saas\n    adds: { seats: 1 }',
    ),
    expected: null,
  },
  {
    title: 'feature-unknown: a feature the catalog does not declare, with a hint',
    text: catalog('    features: { sos: true }'),
    expected: {
      rule: 'feature-unknown',
      path: 'products.pro.features.sos',
      line: 9,
      column: 22,
      message: /"sos" is not a feature of this catalog \(did you mean "sso"\?\)/,
    },
  },
  {
    title: 'feature-value-type: a number for a boolean feature',
    text: catalog('    features: { sso: 1 }'),
    expected: {
      rule: 'feature-value-type',
      path: 'products.pro.features.sso',
      line: 9,
      column: 22,
      message: /sso is a boolean feature: write true/,
    },
  },
  {
    title: 'feature-value-type: true for a limit feature',
    text: catalog('    features: { seats: true }'),
    expected: {
      rule: 'feature-value-type',
      path: 'products.pro.features.seats',
      line: 9,
      column: 24,
      message: /seats is a limit feature/,
    },
  },
  {
    title: 'feature-limit-invalid: a limit that is not a whole number',
    text: catalog('    features: { seats: 2.5 }'),
    expected: {
      rule: 'feature-limit-invalid',
      path: 'products.pro.features.seats',
      line: 9,
      column: 24,
      message: /2\.5 is not a whole number of 0 or more/,
    },
  },
  {
    title: 'feature-limit-invalid: a word other than unlimited',
    text: catalog('    features: { seats: lots }'),
    expected: {
      rule: 'feature-limit-invalid',
      path: 'products.pro.features.seats',
      line: 9,
      column: 24,
      message: /"lots" is not a whole number/,
    },
  },
  {
    title: 'feature-adds-boolean: an add-on cannot add a boolean feature',
    text: catalog('    adds: { sso: true }'),
    expected: {
      rule: 'feature-adds-boolean',
      path: 'products.pro.adds.sso',
      line: 9,
      column: 18,
      message: /an add-on adds to limits only/,
    },
  },
  {
    title: 'features-and-adds: a product with both',
    text: catalog('    features: { sso: true }\n    adds: { seats: 1 }'),
    expected: {
      rule: 'features-and-adds',
      path: 'products.pro.adds',
      line: 10,
      column: 11,
      message: /has both features and adds/,
    },
  },
  {
    title: 'custom-data-features-key: custom_data that already uses the features field',
    text: catalog('    custom_data: { features: [sso] }'),
    expected: {
      rule: 'custom-data-features-key',
      path: 'products.pro.custom_data.features',
      line: 9,
      column: 30,
      message: /custom_data\.features is where the tool writes/,
    },
  },
  {
    title: 'a catalog without features keeps its own custom_data.features',
    text: catalog('    custom_data: { features: [sso] }').replace(/^features:\n(.*\n){2}/m, ''),
    expected: null,
  },
];

describe('feature rules', () => {
  it.each(rows)('$title', expectRow);
});
