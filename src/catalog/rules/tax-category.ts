// tax-category-unknown and tax-category-not-approved (docs/rules.md): the nine tax categories and
// which of them need approval per account.

import {
  CATEGORIES_WITHOUT_APPROVAL,
  needsApproval,
  TAX_CATEGORIES,
} from '../../paddle-facts/tax-categories.js';
import type { CatalogProduct } from '../schema.js';
import { closest } from './did-you-mean.js';
import { error, type Finding, otherEnvironment, type RuleContext, warning } from './finding.js';

/** A spelling that circulates in published tables. */
const KNOWN_TYPOS: Readonly<Record<string, string>> = {
  'professional-servicesoft': 'professional-services',
};

/** The message for a value that is not one of the nine categories. */
export function unknownTaxCategoryMessage(value: unknown): string {
  const shown = JSON.stringify(value);
  const typo = typeof value === 'string' ? KNOWN_TYPOS[value] : undefined;
  if (typo) return `tax category ${shown} is a known typo; did you mean "${typo}"?`;
  const suggestion = typeof value === 'string' ? closest(value, TAX_CATEGORIES) : undefined;
  const hint = suggestion ? `did you mean "${suggestion}"?` : `one of: ${TAX_CATEGORIES.join(', ')}`;
  return `${shown} is not a tax category; ${hint}`;
}

const HOW_TO_APPROVE =
  'Request approval in the account settings of the live Paddle account, then list it under';

/**
 * A category that needs approval must be declared approved for the target, else creating the
 * product fails with product_tax_category_not_approved. Warns when the other environment lacks it.
 */
export function taxCategoryApproved(
  product: Pick<CatalogProduct, 'tax_category'>,
  ctx: RuleContext,
): Finding[] {
  const category = product.tax_category;
  if (!needsApproval(category) || ctx.settings === undefined) return [];
  const declared = (settings: RuleContext['settings']) =>
    settings?.approved_tax_categories?.includes(category);
  const free = CATEGORIES_WITHOUT_APPROVAL.join(' and ');
  if (!declared(ctx.settings)) {
    return [
      error(
        'tax-category-not-approved',
        ['tax_category'],
        `tax category "${category}" needs approval, and environments.${ctx.environment}.approved_tax_categories ` +
          `does not list it. ${HOW_TO_APPROVE} environments.${ctx.environment}.approved_tax_categories ` +
          `(${free} need no approval).`,
      ),
    ];
  }
  const other = otherEnvironment(ctx.environment);
  if (ctx.otherSettings !== undefined && !declared(ctx.otherSettings)) {
    return [
      warning(
        'tax-category-not-approved',
        ['tax_category'],
        `tax category "${category}" is not listed in environments.${other}.approved_tax_categories; ` +
          `creating this product in ${other} will fail until it is approved there.`,
      ),
    ];
  }
  return [];
}
