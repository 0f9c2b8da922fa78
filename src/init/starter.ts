// The pure side of `init`: turning a person's answers into catalog values. Keys from names,
// amounts from major units (exactly, never through floats), trials by kind (free, paid, cardless), and the
// account settings the chosen options need (approved tax categories, cardless trials).

import { slugify, uniqueKey } from '../catalog/key-slug.js';
import { majorToMinorUnits, plainDecimal } from '../catalog/rules/amount.js';
import type {
  Catalog,
  CatalogDiscount,
  CatalogProduct,
  Money,
  TrialPeriod,
  UnitPriceOverride,
} from '../catalog/schema.js';
import { KEY_PATTERN } from '../catalog/schema.js';
import { currencyDecimalPlaces } from '../paddle-facts/currencies.js';
import { needsApproval, type TaxCategory } from '../paddle-facts/tax-categories.js';

/** A key (`^[a-z0-9][a-z0-9_-]{0,62}$`) from a name, not in `taken`: "Pro Plan" → "pro-plan", then "pro-plan-2". */
export function slugKey(name: string, taken: Iterable<string>, fallback = 'item'): string {
  return uniqueKey([slugify(name)], new Set(taken), fallback);
}

/** Why `key` cannot be used, or undefined when it can. */
export function keyProblem(key: string, taken: Iterable<string>): string | undefined {
  if (!KEY_PATTERN.test(key))
    return 'use 1–63 lower-case letters, digits, "-" or "_", starting with a letter or digit';
  if (new Set(taken).has(key)) return `"${key}" is already used here; keys must be unique`;
  return undefined;
}

export type AmountInput = { amount: string } | { error: string };

/**
 * An amount typed in major units as people write it (`10.00`, `10,00`, `$1,200`, `1200`) as the
 * catalog's string of digits in the lowest unit of `currency`: `10,00` USD → "1000", `1200` JPY →
 * "1200". The wizard shows what it wrote (amount and value), so a reading is never silent.
 */
export function amountFromMajorUnits(text: string, currency: string): AmountInput {
  const written = text.trim();
  const places = currencyDecimalPlaces(currency);
  const decimal = plainDecimal(written);
  if (decimal === undefined) {
    const example = places ? '10.00 (or 10,00)' : '1200';
    return { error: `enter an amount like ${example}` };
  }
  const amount = majorToMinorUnits(decimal, currency);
  if (amount === undefined) {
    const unit = places ? `${places} decimal places` : 'no decimal places';
    return { error: `${currency} has ${unit}; ${written} cannot be charged exactly` };
  }
  return { amount };
}

const TRIAL_KINDS = ['none', 'free', 'paid', 'cardless'] as const;
export type TrialKind = (typeof TRIAL_KINDS)[number];

export interface TrialAnswers {
  kind: Exclude<TrialKind, 'none'>;
  interval: TrialPeriod['interval'];
  frequency: number;
  /**
   * paid trials: what the trial costs, in the price's currency (docs/rules.md:
   * trial-paid-currency-mismatch)
   */
  unitPrice?: Money;
  /** paid trials on a price with country prices: one per country price, same countries */
  overrides?: UnitPriceOverride[];
}

/** Trial kinds: free = length only; paid = with unit_price; cardless = requires_payment_method false. */
export function trialPeriod(answers: TrialAnswers): TrialPeriod {
  const length = { interval: answers.interval, frequency: answers.frequency };
  if (answers.kind === 'paid') {
    if (!answers.unitPrice) throw new RangeError('a paid trial needs its unit price');
    const overrides = answers.overrides?.length ? { unit_price_overrides: answers.overrides } : {};
    return { ...length, unit_price: answers.unitPrice, ...overrides };
  }
  if (answers.kind === 'cardless') return { ...length, requires_payment_method: false };
  return length;
}

/**
 * The catalog of the given products, declaring for sandbox what they need from the account: the
 * tax categories that need approval (tax-category-not-approved) and early access to cardless trials
 * (trial-cardless-not-enabled). Production is left undeclared: those are granted per account, and
 * the user says so once granted.
 */
export function starterCatalog(
  products: Record<string, CatalogProduct>,
  discounts: Record<string, CatalogDiscount> = {},
  features?: Catalog['features'],
): Catalog {
  const list = Object.values(products);
  const approved = [...new Set(list.map((p) => p.tax_category).filter((c: TaxCategory) => needsApproval(c)))];
  const cardless = list.some((p) =>
    Object.values(p.prices ?? {}).some((price) => price.trial_period?.requires_payment_method === false),
  );
  const sandbox = {
    ...(approved.length > 0 && { approved_tax_categories: approved }),
    ...(cardless && { cardless_trials: true }),
  };
  return {
    version: 1,
    ...(Object.keys(sandbox).length > 0 && { environments: { sandbox } }),
    ...(features && { features }),
    products,
    ...(Object.keys(discounts).length > 0 && { discounts }),
  };
}

/** `true` when valid, else the message inquirer shows under the answer. */
export const check = (problem: string | undefined): true | string => problem ?? true;
export const lengthProblem = (what: string, value: string, min: number, max: number) =>
  value.length < min || value.length > max ? `${what} must be ${min}–${max} characters` : undefined;
