// Paddle's tax categories (the `tax_category` of create product). "professional-servicesoft", seen in
// some published tables, is a typo for professional-services.

export const TAX_CATEGORIES = [
  'saas',
  'standard',
  'digital-goods',
  'ebooks',
  'implementation-services',
  'professional-services',
  'software-programming-services',
  'training-services',
  'website-hosting',
] as const;

export type TaxCategory = (typeof TAX_CATEGORIES)[number];

/** Categories every account may use without asking: Paddle's defaults for online services and downloads. */
export const CATEGORIES_WITHOUT_APPROVAL: readonly TaxCategory[] = ['saas', 'standard'];

export function needsApproval(category: TaxCategory): boolean {
  return !CATEGORIES_WITHOUT_APPROVAL.includes(category);
}
