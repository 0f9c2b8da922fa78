// Product bodies (OpenAPI product-create / product-update) and tax approval: a category that needs
// approval is refused unless the account has it approved.
import { TAX_CATEGORIES } from '../../paddle-facts/tax-categories.js';
import { badRequest, domainError } from '../api-error.js';
import type { AccountSettings } from '../core.js';
import { type Body, FieldErrors } from '../validate.js';

const CREATE_FIELDS = ['name', 'tax_category', 'description', 'type', 'image_url', 'custom_data'] as const;
const UPDATE_FIELDS = [...CREATE_FIELDS, 'status'] as const;

export function checkProductBody(body: Body, mode: 'create' | 'update'): void {
  const errors = new FieldErrors();
  errors.onlyKnown(body, mode === 'create' ? CREATE_FIELDS : UPDATE_FIELDS);
  if (mode === 'create') errors.required(body, ['name', 'tax_category']);
  errors.string('name', body.name, 1, 200);
  errors.notBlank('name', body.name);
  errors.oneOf('tax_category', body.tax_category, TAX_CATEGORIES);
  errors.string('description', body.description, 0, 2048, true);
  errors.oneOf('type', body.type, ['standard', 'custom']);
  if (errors.string('image_url', body.image_url, 0, 2048, true) && body.image_url !== '') {
    if (!URL.canParse(body.image_url as string)) errors.add('image_url', 'must be a valid URI');
  }
  errors.customData(body.custom_data);
  if (mode === 'update') errors.oneOf('status', body.status, ['active', 'archived']);
  if (errors.list.length > 0) throw badRequest(errors.list);
}

/** product_tax_category_not_approved for a category the account has not had approved. */
export function checkTaxCategoryApproved(category: unknown, settings: AccountSettings): void {
  if (typeof category !== 'string' || settings.approvedTaxCategories.has(category)) return;
  throw domainError('product_tax_category_not_approved', 'tax category not approved', 'products').withHint(
    `start the emulator with --approve-tax-categories ${category}, or set approved_tax_categories in its seed`,
  );
}
