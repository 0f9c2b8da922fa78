// A discount of the catalog file: its fields and their single-field limits (the schema's other parts
// are in schema.ts).
import { z } from 'zod';
import { CURRENCY_CODES } from '../paddle-facts/currencies.js';
import { customData, text } from './schema-fields.js';

/** Paddle's discount types: a percentage off, or a flat amount off the total or per seat. */
export const DISCOUNT_TYPES = ['percentage', 'flat', 'flat_per_seat'] as const;
/** Letters and digits, up to 32: what customers type at checkout (Paddle compares it ignoring case). */
export const DISCOUNT_CODE_PATTERN = /^[A-Za-z0-9]{1,32}$/;

const count = (what: string) =>
  z.int({ error: `${what} must be a whole number` }).min(1, { error: `${what} must be at least 1` });

// Relations between fields (amount by type, currency by type, recur, restrict_to, codes across
// discounts, expiry in the past) are rules in rules/discount.ts, so each has its own rule id.
export const discountSchema = z
  .strictObject({
    description: text('discount description', 1, 500).describe(
      'Internal; customers never see it. 1–500 characters.',
    ),
    type: z
      .enum(DISCOUNT_TYPES)
      .describe('percentage: a share off; flat: an amount off; flat_per_seat: an amount off per unit.'),
    amount: z
      .string()
      .describe(
        'percentage: a decimal string from "0.01" to "100"; flat types: digits in the lowest currency unit ("500" is €5.00).',
      ),
    currency_code: z
      .enum(CURRENCY_CODES)
      .optional()
      .describe('Required for flat and flat_per_seat; a percentage discount may carry one too.'),
    code: z
      .string()
      .regex(DISCOUNT_CODE_PATTERN, {
        error: 'code must be 1–32 letters and digits (no spaces or symbols)',
      })
      .optional()
      .describe('What customers enter at checkout: letters and digits, up to 32, not case-sensitive.'),
    enabled_for_checkout: z
      .boolean()
      .optional()
      .describe('Customers can redeem it at checkout. Default true.'),
    recur: z
      .boolean()
      .optional()
      .describe('Applies to renewals too, not only the first payment. Default false.'),
    maximum_recurring_intervals: count('maximum_recurring_intervals')
      .optional()
      .describe('With recur: true, how many billing periods it lasts. Absent: forever.'),
    usage_limit: count('usage_limit').optional().describe('How many redemptions in all. Absent: unlimited.'),
    restrict_to: z
      .array(z.string())
      .min(1, { error: 'restrict_to needs at least one key; remove it to apply the discount to everything' })
      .optional()
      .describe('Product keys (pro) or price keys (pro/yearly) of this catalog; absent: everything.'),
    expires_at: z.iso
      .datetime({
        offset: true,
        error: 'expires_at must be an RFC 3339 date-time with a time zone, e.g. "2027-01-31T23:59:59Z"',
      })
      .optional()
      .describe('When it stops being redeemable: an RFC 3339 date-time, e.g. "2027-01-31T23:59:59Z".'),
    discount_group: z
      .string()
      .optional()
      .describe(
        "The key of its group under discount_groups (sent as Paddle's discount_group_id); absent: none.",
      ),
    custom_data: customData.optional(),
  })
  .meta({ id: 'Discount', description: 'A discount or coupon. The map key is its stable identity.' });
