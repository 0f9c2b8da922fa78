// The catalog file, version 1: the structure and the single-field limits of the API.
// Field names are the API's wire names. Rules that relate fields to each other (trials, overrides,
// approvals) live in rules/ as named functions; reader messages for these limits are in zod-issues.ts.
import { z } from 'zod';
import { SUPPORTED_COUNTRY_CODES } from '../paddle-facts/countries.js';
import { CURRENCY_CODES } from '../paddle-facts/currencies.js';
import type { EnvironmentName } from '../paddle-facts/environments.js';
import { OVERRIDES_MAX, QUANTITY_MAX, TAX_MODES } from '../paddle-facts/prices.js';
import { PRORATION_BILLING_MODES } from '../paddle-facts/subscriptions.js';
import { TAX_CATEGORIES } from '../paddle-facts/tax-categories.js';
import { discountSchema } from './discount-schema.js';
import { featureSchema, featureValue } from './features-schema.js';
import { discountGroupSchema, notificationSchema } from './notification-schema.js';
import { customData, KEY_PATTERN, key, objectStatus, text } from './schema-fields.js';

export { KEY_PATTERN };

const CATALOG_VERSION = 1;
/** The catalog of a file without `catalog:`, and of an object whose marker names none. */
export const DEFAULT_CATALOG = 'default';

/** The kinds of object a catalog names by key. */
export type CatalogKind = 'product' | 'price' | 'discount' | 'discount_group' | 'notification';

/**
 * The custom_data entry each managed object's marker lives in (src/planner/marker.ts): the catalog's own
 * custom_data may not use it (rule custom-data-marker-key).
 */
export const MARKER_FIELD = 'paddle_catalog';

const interval = z.enum(['day', 'week', 'month', 'year']);
const frequency = (what: string) =>
  z
    .int()
    .min(1, { error: `${what} must be at least 1` })
    .max(999, { error: `${what} must be at most 999` });

const moneySchema = z
  .strictObject({
    amount: z
      .string()
      .regex(/^\d+$/, { error: 'amount must be a string of digits in the lowest currency unit' })
      .describe('A string of digits in the lowest currency unit: "1000" is $10.00, "1200" is ¥1,200.'),
    currency_code: z.enum(CURRENCY_CODES).describe('A currency the API accepts (ISO 4217).'),
  })
  .meta({ id: 'Money', description: 'An amount and its currency.' });

const billingCycleSchema = z
  .strictObject({
    interval,
    frequency: frequency('billing_cycle.frequency'),
  })
  .meta({ id: 'BillingCycle', description: 'How often the price is charged. Absent: a one-time price.' });

const unitPriceOverrideSchema = z
  .strictObject({
    country_codes: z
      .array(z.enum(SUPPORTED_COUNTRY_CODES))
      .min(1, { error: 'country_codes needs at least one country' })
      .describe('ISO 3166-1 alpha-2 codes of the countries that pay this price.'),
    unit_price: moneySchema,
  })
  .meta({ id: 'UnitPriceOverride', description: 'A price for customers in the given countries.' });

const overrides = z
  .array(unitPriceOverrideSchema)
  .max(OVERRIDES_MAX, { error: `at most ${OVERRIDES_MAX} unit_price_overrides per price` });

const trialPeriodSchema = z
  .strictObject({
    interval,
    frequency: frequency('trial_period.frequency'),
    unit_price: moneySchema.optional().describe('Makes the trial paid; same currency as the price.'),
    unit_price_overrides: overrides
      .optional()
      .describe('Paid trial only: one per unit_price_override of the price, with the same country_codes.'),
    requires_payment_method: z
      .boolean()
      .optional()
      .describe('false makes the trial cardless (early access; needs environments.<env>.cardless_trials).'),
  })
  .meta({ id: 'TrialPeriod', description: 'A trial before the first charge. Recurring prices only.' });

const quantitySchema = z
  .strictObject({
    minimum: z.int().min(1, { error: 'quantity.minimum must be at least 1' }).max(QUANTITY_MAX),
    maximum: z.int().min(1, { error: 'quantity.maximum must be at least 1' }).max(QUANTITY_MAX),
  })
  .meta({ id: 'Quantity', description: 'How many a customer may buy at once. Default 1 to 100.' });

export const priceSchema = z
  .strictObject({
    description: text('price description', 2, 500).describe(
      'Internal; customers never see it. 2–500 characters.',
    ),
    name: text('price name', 1, 150)
      .optional()
      .describe('Shown at checkout and on invoices. 1–150 characters.'),
    unit_price: moneySchema,
    billing_cycle: billingCycleSchema.optional(),
    trial_period: trialPeriodSchema.optional(),
    unit_price_overrides: overrides.optional().describe('Prices for customers in particular countries.'),
    quantity: quantitySchema.optional(),
    tax_mode: z
      .enum(TAX_MODES)
      .optional()
      .describe(
        'How tax is calculated. Left out: the account\'s default, and not compared once the price exists (an account whose default is "Automatic based on location" stores new prices as location).',
      ),
    custom_data: customData.optional(),
    subscribers_from: z
      .array(z.string())
      .min(1, { error: 'subscribers_from needs at least one price key; remove it to move no one' })
      .optional()
      .describe(
        'Prices whose subscriptions move to this price at apply: price keys of this product (monthly) or product/price keys (pro/monthly).',
      ),
    proration: z
      .enum(PRORATION_BILLING_MODES)
      .optional()
      .describe(
        'How Paddle bills the moved subscriptions (its proration_billing_mode). Default do_not_bill: nothing now, the next renewal bills this price.',
      ),
    bills_from: z.iso
      .date({ error: 'bills_from must be a date, YYYY-MM-DD' })
      .optional()
      .describe(
        'The first day this price may bill moved subscribers (UTC): a subscription moves once its next renewal is on or after it; the others wait for a later run. Needs do_not_bill.',
      ),
    status: objectStatus('price'),
  })
  .meta({ id: 'Price', description: 'How a product is charged. The map key is its stable identity.' });

export const productSchema = z
  .strictObject({
    name: text('product name', 1, 200).describe('Shown to customers at checkout. 1–200 characters.'),
    tax_category: z
      .enum(TAX_CATEGORIES)
      .describe('saas for online services, standard for downloadable software; others need approval.'),
    description: z
      .string()
      .max(2048, { error: 'product description must be at most 2048 characters' })
      .optional(),
    image_url: z.url({ error: 'image_url must be an absolute URL' }).optional(),
    custom_data: customData.optional(),
    features: z
      .record(key('feature'), featureValue)
      .optional()
      .describe(
        'What the product includes, by feature key: true, or a limit (a whole number or "unlimited"). A feature it does not name is not included (false, 0).',
      ),
    adds: z
      .record(key('feature'), featureValue)
      .optional()
      .describe(
        'An add-on: what each unit adds to a limit feature ({seats: 1}). A product has features or adds, not both.',
      ),
    status: objectStatus('product'),
    prices: z.record(key('price'), priceSchema).optional().describe('The product’s prices, by key.'),
  })
  .meta({ id: 'Product', description: 'What is sold. The map key is its stable identity.' });

const environmentSettingsSchema = z
  .strictObject({
    approved_tax_categories: z
      .array(z.enum(TAX_CATEGORIES))
      .optional()
      .describe('Tax categories approved for this account (requested in the live account settings).'),
    cardless_trials: z.boolean().optional().describe('The account has early access to cardless trials.'),
  })
  .meta({ id: 'EnvironmentSettings', description: 'What this Paddle account has enabled.' });

export const environmentsSchema = z.strictObject({
  sandbox: environmentSettingsSchema.optional(),
  production: environmentSettingsSchema.optional(),
});

/** The countries a plan previews beside each price's override countries (absent: DEFAULT_REVIEW_COUNTRIES). */
const reviewSchema = z
  .strictObject({
    countries: z
      .array(z.enum(SUPPORTED_COUNTRY_CODES))
      .min(1, { error: 'review.countries needs at least one country' })
      .max(50, { error: 'at most 50 review countries' })
      .describe('ISO 3166-1 alpha-2 codes of the countries whose customers the plan shows.'),
  })
  .meta({
    id: 'Review',
    description: 'What plan shows of a change: what customers in these countries pay.',
  });

export const catalogSchema = z
  .strictObject({
    version: z.literal(CATALOG_VERSION).describe('The catalog format version: 1.'),
    catalog: z
      .string()
      .regex(KEY_PATTERN, {
        error:
          'catalog name must be 1–63 lower-case letters, digits, "-" or "_", starting with a letter or digit',
      })
      .optional()
      .describe(
        'The name of this catalog when several catalog files share one account (absent: default). Each sees only its own objects.',
      ),
    environments: environmentsSchema.optional().describe('What each Paddle account has enabled.'),
    products: z.record(key('product'), productSchema).describe('The products, by key.'),
    features: z
      .record(key('feature'), featureSchema)
      .optional()
      .describe('The features products include, each declared once, by key.'),
    discounts: z.record(key('discount'), discountSchema).optional().describe('The discounts, by key.'),
    discount_groups: z
      .record(key('discount group'), discountGroupSchema)
      .optional()
      .describe('The discount groups, by key; a discount names its group by key (discount_group).'),
    notifications: z
      .record(key('notification'), notificationSchema)
      .optional()
      .describe('The notification destinations (webhooks, email), by key.'),
    review: reviewSchema.optional().describe('What plan shows of each change to customers.'),
  })
  .meta({
    title: 'paddle-catalog catalog',
    description: 'A Paddle Billing catalog as code (paddle-catalog).',
  });

export type Money = z.infer<typeof moneySchema>;
export type BillingCycle = z.infer<typeof billingCycleSchema>;
export type UnitPriceOverride = z.infer<typeof unitPriceOverrideSchema>;
export type TrialPeriod = z.infer<typeof trialPeriodSchema>;
export type CatalogPrice = z.infer<typeof priceSchema>;
export type CatalogProduct = z.infer<typeof productSchema>;
export type CatalogDiscount = z.infer<typeof discountSchema>;
export type { CatalogDiscountGroup, CatalogNotification } from './notification-schema.js';

export type EnvironmentSettings = z.infer<typeof environmentSettingsSchema>;
export type Catalog = z.infer<typeof catalogSchema>;

/** The catalog's name: the scope of its markers (absent: `default`). */
export function catalogName(catalog: Catalog): string {
  return catalog.catalog ?? DEFAULT_CATALOG;
}

/** The account settings the catalog declares for one environment (none declared: nothing enabled). */
export function settingsFor(catalog: Catalog, environment: EnvironmentName): EnvironmentSettings {
  return catalog.environments?.[environment] ?? {};
}
