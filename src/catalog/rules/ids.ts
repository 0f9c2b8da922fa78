// Every rule id validate can emit. Users look an id up in docs/rules.md (a test checks each has its
// section there) and match on it in CI, so an id is stable: never renamed, never reused.
export const RULE_IDS = [
  // reading the file
  'yaml-syntax',
  'yaml-indent',
  'duplicate-key',
  'utf8-invalid',
  'yaml-tag-unsupported',
  'number-inexact',
  'proto-key',
  // structure and single fields
  'schema',
  'unknown-field',
  'field-misplaced',
  'version-unsupported',
  'key-invalid',
  'catalog-name',
  'product-name-invalid',
  'tax-category-unknown',
  'price-description-invalid',
  'price-name-invalid',
  'amount-not-minor-units',
  'amount-too-large',
  'currency-unsupported',
  'billing-cycle-invalid',
  'quantity-invalid',
  'unit-price-overrides-invalid',
  'country-codes-invalid',
  'trial-period-invalid',
  // Paddle's input rules for text and custom data
  'product-name-blank',
  'price-description-blank',
  'custom-data-empty',
  'custom-data-marker-key',
  'custom-data-too-large',
  'custom-data-too-deep',
  // rules across fields and the account's settings
  'tax-category-not-approved',
  'quantity-minimum-above-maximum',
  'override-country-repeated',
  'trial-needs-billing-cycle',
  'trial-paid-currency-mismatch',
  'trial-paid-overrides-mismatch',
  'trial-cardless-not-enabled',
  'trial-paid-and-cardless',
  // discounts
  'discount-description',
  'discount-type',
  'discount-percentage-amount',
  'discount-flat-amount',
  'discount-currency',
  'discount-code',
  'discount-code-unique',
  'discount-recurring-intervals',
  'discount-usage-limit',
  'discount-restrict-to',
  'discount-expires-at',
  'discount-expired',
  // keys
  'env-name-collision',
] as const;

export type RuleId = (typeof RULE_IDS)[number];
