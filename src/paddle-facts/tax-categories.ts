// Seed §2.3. The seed's row "professional-servicesoft" is a typo for professional-services.

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

/** Categories every account may use without asking: the seed's defaults for online services and downloads. */
export const CATEGORIES_WITHOUT_APPROVAL: readonly TaxCategory[] = ['saas', 'standard'];

export function needsApproval(category: TaxCategory): boolean {
  return !CATEGORIES_WITHOUT_APPROVAL.includes(category);
}
