// What every cross-field rule reads: the catalog's products, prices, discounts, discount groups and
// notification destinations with the fields
// that failed their own checks (a rule skips those), and the declared features. Its own module, so
// the rules that take it and the index that runs them import no one another in a circle.
import type { FeatureType } from '../features-schema.js';
import type { CatalogPrice, CatalogProduct } from '../schema.js';
import type { DiscountFields } from './discount.js';
import type { DiscountGroupFields, NotificationFields } from './notifications.js';

export type ProductFields = Omit<CatalogProduct, 'prices'>;

/** The declared features: a type, or undefined for a declaration too broken to check values against. */
export type Declared = Record<string, FeatureType | undefined>;

/**
 * What the rules look at. A product or price with structural errors comes with the names of its
 * invalid fields; the fields that are valid are still checked, so one typo hides nothing else.
 */
export interface RuleInput {
  products: Array<{
    key: string;
    fields: ProductFields;
    invalid: ReadonlySet<string>;
    prices: Array<{ key: string; price: CatalogPrice; invalid: ReadonlySet<string> }>;
  }>;
  discounts: Array<{ key: string; discount: DiscountFields; invalid: ReadonlySet<string> }>;
  /** the discount groups and notification destinations (absent: the catalog has none) */
  discountGroups?: Array<{ key: string; group: DiscountGroupFields; invalid: ReadonlySet<string> }>;
  notifications?: Array<{ key: string; notification: NotificationFields; invalid: ReadonlySet<string> }>;
  /** the features the catalog declares (absent: none); `unreadable` when `features:` is not a map */
  features?: Declared | 'unreadable';
}
