// The rules that relate fields to each other, run on every product and price that has a valid
// structure (so one broken price does not hide the problems of the others).
import type { CatalogPrice } from '../schema.js';
import { priceAmountsBounded } from './amount.js';
import { archivedRules } from './archived.js';
import { billsFromTerms } from './bills-from.js';
import {
  customDataDepth,
  customDataMarkerKey,
  customDataSize,
  featuresCustomDataSize,
} from './custom-data.js';
import {
  type DiscountContext,
  type DiscountFields,
  discountAmount,
  discountCodesUnique,
  discountCurrency,
  discountDescription,
  discountExpired,
  discountRecurringIntervals,
  discountRestrictTo,
} from './discount.js';
import { envNamesDistinct } from './env-names.js';
import { productFeatures } from './features.js';
import type { Finding, PathSegment, RuleContext } from './finding.js';
import {
  discountGroupKnown,
  discountGroupNames,
  type NotificationFields,
  notificationDescriptionBlank,
  notificationDestination,
  notificationDestinationLocal,
  notificationEvents,
} from './notifications.js';
import { priceCountriesOnce } from './overrides.js';
import { quantityInOrder } from './quantity.js';
import type { ProductFields, RuleInput } from './rule-input.js';
import { subscriberMoves } from './subscriber-moves.js';
import { taxCategoryApproved } from './tax-category.js';
import { customDataEmpty, priceDescriptionBlank, productNameBlank } from './text.js';
import {
  cardlessNeedsAccess,
  paidOrCardless,
  paidTrialCurrency,
  paidTrialOverrides,
  trialNeedsBillingCycle,
} from './trial.js';

type ProductRule = (product: ProductFields, ctx: RuleContext) => Finding[];
type PriceRule = (price: CatalogPrice, ctx: RuleContext) => Finding[];
type DiscountRule = (discount: DiscountFields, ctx: DiscountContext) => Finding[];
type NotificationRule = (notification: NotificationFields, ctx: RuleContext) => Finding[];

/** A rule and the fields it reads: it runs only when all of them are valid. */
interface Registered<Rule, Field> {
  check: Rule;
  reads: readonly Field[];
}

const PRODUCT_RULES: readonly Registered<ProductRule, keyof ProductFields>[] = [
  { check: taxCategoryApproved, reads: ['tax_category'] },
  { check: productNameBlank, reads: ['name'] },
  { check: customDataEmpty, reads: ['custom_data'] },
  { check: customDataMarkerKey, reads: ['custom_data'] },
  { check: customDataSize, reads: ['custom_data'] },
  { check: featuresCustomDataSize, reads: ['custom_data', 'features', 'adds'] },
  { check: customDataDepth, reads: ['custom_data'] },
];

const PRICE_RULES: readonly Registered<PriceRule, keyof CatalogPrice>[] = [
  { check: quantityInOrder, reads: ['quantity'] },
  { check: priceDescriptionBlank, reads: ['description'] },
  { check: customDataEmpty, reads: ['custom_data'] },
  { check: customDataMarkerKey, reads: ['custom_data'] },
  { check: customDataSize, reads: ['custom_data'] },
  { check: customDataDepth, reads: ['custom_data'] },
  { check: priceAmountsBounded, reads: ['unit_price', 'unit_price_overrides', 'trial_period'] },
  { check: priceCountriesOnce, reads: ['unit_price_overrides', 'trial_period'] },
  { check: trialNeedsBillingCycle, reads: ['trial_period', 'billing_cycle'] },
  { check: paidTrialCurrency, reads: ['trial_period', 'unit_price'] },
  { check: paidTrialOverrides, reads: ['trial_period', 'unit_price_overrides'] },
  { check: cardlessNeedsAccess, reads: ['trial_period'] },
  { check: paidOrCardless, reads: ['trial_period'] },
  { check: billsFromTerms, reads: ['bills_from', 'subscribers_from', 'proration'] },
];

const DISCOUNT_RULES: readonly Registered<DiscountRule, keyof DiscountFields>[] = [
  { check: discountDescription, reads: ['description'] },
  { check: discountAmount, reads: ['type', 'amount', 'currency_code'] },
  { check: discountCurrency, reads: ['type', 'currency_code'] },
  { check: discountRecurringIntervals, reads: ['recur', 'maximum_recurring_intervals'] },
  { check: discountRestrictTo, reads: ['restrict_to'] },
  { check: discountExpired, reads: ['expires_at'] },
  { check: customDataMarkerKey, reads: ['custom_data'] },
  { check: customDataSize, reads: ['custom_data'] },
  { check: customDataDepth, reads: ['custom_data'] },
];

const NOTIFICATION_RULES: readonly Registered<NotificationRule, keyof NotificationFields>[] = [
  { check: notificationDescriptionBlank, reads: ['description'] },
  { check: notificationDestination, reads: ['destination', 'type'] },
  { check: notificationDestinationLocal, reads: ['destination', 'type'] },
  { check: notificationEvents, reads: ['subscribed_events'] },
];

function applicable<Field>(rule: Registered<unknown, Field>, invalid: ReadonlySet<string>): boolean {
  return !rule.reads.some((field) => invalid.has(String(field)));
}

export function runRules(input: RuleInput, ctx: RuleContext): Finding[] {
  const findings: Finding[] = [];
  const add = (prefix: PathSegment[], found: Finding[]) => {
    for (const finding of found) findings.push({ ...finding, path: [...prefix, ...finding.path] });
  };
  for (const product of input.products) {
    const at = ['products', product.key];
    for (const rule of PRODUCT_RULES) {
      if (applicable(rule, product.invalid)) add(at, rule.check(product.fields, ctx));
    }
    for (const { key, price, invalid } of product.prices) {
      for (const rule of PRICE_RULES) {
        if (applicable(rule, invalid)) add([...at, 'prices', key], rule.check(price, ctx));
      }
    }
  }
  const catalogKeys = input.products.flatMap((p) => [
    p.key,
    ...p.prices.map((price) => `${p.key}/${price.key}`),
  ]);
  for (const { key, discount, invalid } of input.discounts) {
    for (const rule of DISCOUNT_RULES) {
      if (applicable(rule, invalid)) add(['discounts', key], rule.check(discount, { ...ctx, catalogKeys }));
    }
  }
  for (const { key, notification, invalid } of input.notifications ?? []) {
    for (const rule of NOTIFICATION_RULES) {
      if (applicable(rule, invalid)) add(['notifications', key], rule.check(notification, ctx));
    }
  }
  const groups = input.discountGroups ?? [];
  add([], discountGroupNames(groups.filter((g) => !g.invalid.has('name'))));
  add(
    [],
    discountGroupKnown(
      input.discounts
        .filter((d) => !d.invalid.has('discount_group'))
        .map(({ key, discount }) => ({ key, group: discount.discount_group })),
      groups.map((g) => g.key),
    ),
  );
  add([], discountCodesUnique(input.discounts.map(({ key, discount }) => ({ key, code: discount.code }))));
  add([], envNamesDistinct(input));
  add([], subscriberMoves(input));
  add([], archivedRules(input));
  add([], productFeatures(input));
  return findings;
}

export type { ProductFields, RuleInput } from './rule-input.js';
