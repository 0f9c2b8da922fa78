// Fields of seed records (and of the admin routes' bodies) the emulator computes with, checked as
// the API checks its own: a date that exists, in RFC 3339 with a zone (OpenAPI `timestamp`), and a
// billing cycle of a known interval and a whole frequency from 1 to 999 (Paddle's price rules:
// price_billing_cycle_frequency_below_1, price_billing_cycle_frequency_greater_than_maximum). What
// the emulator could not step through (a frequency of 0 repeats one date forever, 2026-02-30 is
// not a day) is refused with the field's name, never taken.
import { z } from 'zod';
import { type IdPrefix, paddleIdPattern } from '../paddle-facts/ids.js';

const BILLING_INTERVALS = ['day', 'week', 'month', 'year'] as const;
const FREQUENCY_MAX = 999;

/** A date-time that exists: 2026-02-30 and 2026-13-01 are refused, not rolled over. */
export const instant = z.iso.datetime({
  offset: true,
  error: 'must be an RFC 3339 date-time with a zone, on a day that exists (e.g. 2026-02-28T00:00:00Z)',
});

const WHOLE = `must be a whole number from 1 to ${FREQUENCY_MAX}`;

/** A billing cycle or trial period: `{interval, frequency}`. */
export const duration = z.looseObject({
  interval: z.enum(BILLING_INTERVALS),
  frequency: z.number({ error: WHOLE }).int(WHOLE).min(1, WHOLE).max(FREQUENCY_MAX, WHOLE),
});

/** A billing period: both ends dates that exist. */
export const period = z.looseObject({ starts_at: instant, ends_at: instant });

/** A record's own id, when given: Paddle's pattern, so the SDK and the tool take it as Paddle's. */
export const idOf = (prefix: IdPrefix) =>
  z
    .string()
    .regex(paddleIdPattern(prefix), `must be a Paddle id: ${prefix}_ and 26 lowercase letters and digits`)
    .optional();

/** An amount that cannot be negative, in minor units, as Paddle writes it: a string. */
const digits = z.string().regex(/^\d+$/, 'must be a string of digits (the amount in minor units)');

/** A unit price: its amount and currency. */
export const money = z.looseObject({ amount: digits, currency_code: z.string() });

/** A country as Paddle names it. */
export const countryCode = z
  .string()
  .regex(/^[A-Z]{2}$/, 'must be a country code: two capital letters (ISO 3166-1)');
