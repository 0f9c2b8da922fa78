// The catalog file, version 1 (design §3): the structure and the single-field limits of the API.
// Field names are the API's wire names. Rules that relate fields to each other (trials, overrides,
// approvals) live in rules/ as named functions; reader messages for these limits are in zod-issues.ts.
import { z } from 'zod';
import { SUPPORTED_COUNTRY_CODES } from '../paddle-facts/countries.js';
import { CURRENCY_CODES } from '../paddle-facts/currencies.js';
import type { EnvironmentName } from '../paddle-facts/environments.js';
import { TAX_CATEGORIES } from '../paddle-facts/tax-categories.js';

export const KEY_PATTERN = /^[a-z0-9][a-z0-9_-]{0,62}$/;
export const CATALOG_VERSION = 1;

/** A string of `min`–`max` characters; `what` names the field in the message. */
function text(what: string, min: number, max: number) {
  const error = `${what} must be ${min}–${max} characters`;
  return z.string().min(min, { error }).max(max, { error });
}

const key = (what: string) =>
  z.string().regex(KEY_PATTERN, {
    error: `${what} key must be 1–63 lower-case letters, digits, "-" or "_", starting with a letter or digit`,
  });

const customData = z
  .record(z.string(), z.unknown())
  .describe('Free-form JSON kept on the object in Paddle (the tool adds its own marker).');

const interval = z.enum(['day', 'week', 'month', 'year']);
const frequency = (what: string) =>
  z
    .int()
    .min(1, { error: `${what} must be at least 1` })
    .max(999, { error: `${what} must be at most 999` });

export const moneySchema = z
  .strictObject({
    amount: z
      .string()
      .regex(/^\d+$/, { error: 'amount must be a string of digits in the lowest currency unit' })
      .describe('A string of digits in the lowest currency unit: "1000" is $10.00, "1200" is ¥1,200.'),
    currency_code: z.enum(CURRENCY_CODES).describe('A currency the API accepts (ISO 4217).'),
  })
  .meta({ id: 'Money', description: 'An amount and its currency.' });

export const billingCycleSchema = z
  .strictObject({
    interval,
    frequency: frequency('billing_cycle.frequency'),
  })
  .meta({ id: 'BillingCycle', description: 'How often the price is charged. Absent: a one-time price.' });

export const unitPriceOverrideSchema = z
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
  .max(250, { error: 'at most 250 unit_price_overrides per price' });

export const trialPeriodSchema = z
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

export const quantitySchema = z
  .strictObject({
    minimum: z.int().min(1, { error: 'quantity.minimum must be at least 1' }).max(999_999_999),
    maximum: z.int().min(1, { error: 'quantity.maximum must be at least 1' }).max(999_999_999),
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
    tax_mode: z.enum(['account_setting', 'external', 'internal', 'location']).optional(),
    custom_data: customData.optional(),
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
    prices: z.record(key('price'), priceSchema).optional().describe('The product’s prices, by key.'),
  })
  .meta({ id: 'Product', description: 'What is sold. The map key is its stable identity.' });

export const environmentSettingsSchema = z
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

export const catalogSchema = z
  .strictObject({
    version: z.literal(CATALOG_VERSION).describe('The catalog format version: 1.'),
    environments: environmentsSchema.optional().describe('What each Paddle account has enabled.'),
    products: z.record(key('product'), productSchema).describe('The products, by key.'),
  })
  .meta({
    title: 'paddle-catalog catalog',
    description: 'A Paddle Billing catalog as code (paddle-catalog).',
  });

export type Money = z.infer<typeof moneySchema>;
export type BillingCycle = z.infer<typeof billingCycleSchema>;
export type UnitPriceOverride = z.infer<typeof unitPriceOverrideSchema>;
export type TrialPeriod = z.infer<typeof trialPeriodSchema>;
export type Quantity = z.infer<typeof quantitySchema>;
export type CatalogPrice = z.infer<typeof priceSchema>;
export type CatalogProduct = z.infer<typeof productSchema>;
export type EnvironmentSettings = z.infer<typeof environmentSettingsSchema>;
export type Catalog = z.infer<typeof catalogSchema>;

/** The account settings the catalog declares for one environment (none declared: nothing enabled). */
export function settingsFor(catalog: Catalog, environment: EnvironmentName): EnvironmentSettings {
  return catalog.environments?.[environment] ?? {};
}
