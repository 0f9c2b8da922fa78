// The catalog file, version 1 (design §3): the structure only. Field names are the API's wire
// names. The seed's rules that relate fields to each other live in rules/ as named functions.
import { z } from 'zod';
import { TAX_CATEGORIES } from './tax-categories.js';

export const KEY_PATTERN = /^[a-z0-9][a-z0-9_-]{0,62}$/;

const customData = z.record(z.string(), z.unknown()).describe('free-form JSON kept on the object in Paddle');

export const moneySchema = z.strictObject({
  amount: z.string().describe('a string of digits in the lowest currency unit: "1000" is $10.00, "1200" is ¥1,200'),
  currency_code: z.string().describe('ISO 4217 code the API accepts, e.g. USD, EUR, JPY'),
});

export const billingCycleSchema = z.strictObject({
  interval: z.enum(['day', 'week', 'month', 'year']),
  frequency: z.int().min(1).max(999),
});

export const unitPriceOverrideSchema = z.strictObject({
  country_codes: z.array(z.string()).min(1).describe('ISO 3166-1 alpha-2 country codes'),
  unit_price: moneySchema,
});

export const trialPeriodSchema = z.strictObject({
  interval: z.enum(['day', 'week', 'month', 'year']),
  frequency: z.int().min(1).max(999),
  unit_price: moneySchema.optional().describe('makes the trial paid (seed §2.4 rule 2)'),
  unit_price_overrides: z.array(unitPriceOverrideSchema).optional(),
  requires_payment_method: z.boolean().optional().describe('false makes the trial cardless (early access)'),
});

export const quantitySchema = z.strictObject({
  minimum: z.int().min(1).max(999_999_999),
  maximum: z.int().min(1).max(999_999_999),
});

export const priceSchema = z.strictObject({
  description: z.string().describe('internal; customers never see it'),
  name: z.string().optional().describe('shown at checkout and on invoices, 1–150 characters'),
  unit_price: moneySchema,
  billing_cycle: billingCycleSchema.optional().describe('absent: a one-time price'),
  trial_period: trialPeriodSchema.optional(),
  unit_price_overrides: z.array(unitPriceOverrideSchema).optional(),
  quantity: quantitySchema.optional().describe('default 1 to 100'),
  tax_mode: z.enum(['account_setting', 'external', 'internal', 'location']).optional(),
  custom_data: customData.optional(),
});

export const productSchema = z.strictObject({
  name: z.string().describe('shown to customers at checkout'),
  tax_category: z.enum(TAX_CATEGORIES),
  description: z.string().optional(),
  image_url: z.url().optional(),
  custom_data: customData.optional(),
  prices: z.record(z.string().regex(KEY_PATTERN), priceSchema).optional(),
});

export const environmentSettingsSchema = z.strictObject({
  approved_tax_categories: z.array(z.enum(TAX_CATEGORIES)).optional(),
  cardless_trials: z.boolean().optional(),
});

export const catalogSchema = z.strictObject({
  version: z.literal(1),
  environments: z
    .strictObject({
      sandbox: environmentSettingsSchema.optional(),
      production: environmentSettingsSchema.optional(),
    })
    .optional(),
  products: z.record(z.string().regex(KEY_PATTERN), productSchema),
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
