// Discounts: the rules that relate a discount's fields to each other and to the rest of the
// catalog, as Paddle applies them when a discount is created (docs/rules.md has one section per id).

import { PADDLE_ID } from '../../paddle-facts/ids.js';
import { amountAboveMax } from '../../paddle-facts/limits.js';
import type { CatalogDiscount } from '../schema.js';
import { AMOUNT_TOO_LARGE, amountMessage, amountTooLargeMessage } from './amount.js';
import { didYouMean } from './did-you-mean.js';
import { error, type Finding, type RuleContext, warning } from './finding.js';
import type { RuleId } from './ids.js';

export const DISCOUNT_RULE = {
  description: 'discount-description',
  type: 'discount-type',
  percentageAmount: 'discount-percentage-amount',
  flatAmount: 'discount-flat-amount',
  currency: 'discount-currency',
  code: 'discount-code',
  codeUnique: 'discount-code-unique',
  recurringIntervals: 'discount-recurring-intervals',
  usageLimit: 'discount-usage-limit',
  restrictTo: 'discount-restrict-to',
  expiresAt: 'discount-expires-at',
  expired: 'discount-expired',
} as const satisfies Record<string, RuleId>;

export type DiscountFields = Partial<CatalogDiscount>;

/** What a discount rule may know beyond the discount: the keys `restrict_to` can name. */
export interface DiscountContext extends RuleContext {
  /** `pro` and `pro/monthly` for every product and price of the catalog */
  catalogKeys: readonly string[];
}

/** Paddle: "an amount between 0.01 and 100"; a cent of a percent is the finest step. */
const PERCENTAGE = /^\d{1,3}(\.\d{1,2})?$/;

export function isPercentage(amount: string): boolean {
  const value = Number(amount);
  return PERCENTAGE.test(amount) && value >= 0.01 && value <= 100;
}

/** Why a percentage amount is refused; `number` when YAML read it as a number (it must be quoted). */
export function percentageMessage(written: string, number = false): string {
  const bare = written.trim().replace(/\s*%$/, '');
  if (isPercentage(bare) && (number || bare !== written.trim())) {
    return `a percentage discount's amount is a quoted decimal string without "%": write amount: "${bare}"`;
  }
  return `a percentage discount's amount is a decimal string from "0.01" to "100", e.g. amount: "25" for 25% off`;
}

/** Paddle needs a description to tell discounts apart in the dashboard; spaces alone say nothing. */
export function discountDescription(discount: DiscountFields): Finding[] {
  if (discount.description === undefined || discount.description.trim() !== '') return [];
  return [
    error(DISCOUNT_RULE.description, ['description'], 'description is blank: say what the discount is for'),
  ];
}

/** The amount's form follows the type: a percentage, or digits in the lowest unit of the currency. */
export function discountAmount(discount: DiscountFields): Finding[] {
  const { type, amount } = discount;
  if (type === undefined || amount === undefined) return [];
  if (type === 'percentage') {
    if (isPercentage(amount)) return [];
    return [error(DISCOUNT_RULE.percentageAmount, ['amount'], percentageMessage(amount))];
  }
  if (!/^\d+$/.test(amount)) {
    const message = `a ${type} discount's ${amountMessage(amount, amount, discount.currency_code)}`;
    return [error(DISCOUNT_RULE.flatAmount, ['amount'], message)];
  }
  if (!amountAboveMax(amount)) return [];
  return [error(AMOUNT_TOO_LARGE, ['amount'], amountTooLargeMessage(amount, discount.currency_code))];
}

/**
 * Flat amounts are money, so they need a currency. A percentage may carry one, as Paddle accepts and
 * keeps it (its own GET /discounts example has one; docs/discount-statuses.md).
 */
export function discountCurrency(discount: DiscountFields): Finding[] {
  const { type, currency_code: currency } = discount;
  if ((type === 'flat' || type === 'flat_per_seat') && currency === undefined) {
    return [
      error(
        DISCOUNT_RULE.currency,
        ['type'],
        `a ${type} discount needs currency_code (the currency of its amount), e.g. currency_code: USD`,
      ),
    ];
  }
  return [];
}

/** A number of recurring periods only means something for a discount that recurs. */
export function discountRecurringIntervals(discount: DiscountFields): Finding[] {
  if (discount.maximum_recurring_intervals === undefined || discount.recur === true) return [];
  return [
    error(
      DISCOUNT_RULE.recurringIntervals,
      ['maximum_recurring_intervals'],
      'maximum_recurring_intervals needs recur: true (without it the discount applies once)',
    ),
  ];
}

/**
 * Each entry names a product (`pro`) or a price (`pro/yearly`) of this catalog, once. A Paddle id is
 * let through with a warning (an export keeps ids it cannot name), since it means one account only.
 */
export function discountRestrictTo(discount: DiscountFields, ctx: DiscountContext): Finding[] {
  const known = new Set(ctx.catalogKeys);
  const seen = new Set<string>();
  const findings: Finding[] = [];
  (discount.restrict_to ?? []).forEach((entry, index) => {
    if (seen.has(entry)) {
      findings.push(
        error(DISCOUNT_RULE.restrictTo, ['restrict_to', index], `restrict_to names "${entry}" twice`),
      );
    } else if (PADDLE_ID.test(entry)) {
      findings.push(
        warning(
          DISCOUNT_RULE.restrictTo,
          ['restrict_to', index],
          `restrict_to: "${entry}" is a Paddle id, which exists in one environment only; name the product or price by its key once the catalog has it`,
        ),
      );
    } else if (!known.has(entry)) {
      const hint = didYouMean(entry, ctx.catalogKeys);
      findings.push(
        error(
          DISCOUNT_RULE.restrictTo,
          ['restrict_to', index],
          `restrict_to: "${entry}" is not a product or price of this catalog${hint}; write a product key (pro) or product/price keys (pro/yearly)`,
        ),
      );
    }
    seen.add(entry);
  });
  return findings;
}

/** A discount that has already expired can be created, but no customer can redeem it. */
export function discountExpired(discount: DiscountFields, ctx: RuleContext): Finding[] {
  if (discount.expires_at === undefined) return [];
  if (Date.parse(discount.expires_at) > ctx.now.getTime()) return [];
  return [
    warning(
      DISCOUNT_RULE.expired,
      ['expires_at'],
      `expires_at ${discount.expires_at} is already past: customers cannot redeem this discount`,
    ),
  ];
}

/** Paddle keeps one discount per code in an account, comparing codes ignoring case. */
export function discountCodesUnique(discounts: ReadonlyArray<{ key: string; code?: string }>): Finding[] {
  const first = new Map<string, string>();
  const findings: Finding[] = [];
  for (const { key, code } of discounts) {
    if (code === undefined) continue;
    const folded = code.toUpperCase();
    const owner = first.get(folded);
    if (owner === undefined) first.set(folded, key);
    else
      findings.push(
        error(
          DISCOUNT_RULE.codeUnique,
          ['discounts', key, 'code'],
          `code ${code} is already the code of discount "${owner}" (codes are not case-sensitive); give each discount its own code`,
        ),
      );
  }
  return findings;
}
