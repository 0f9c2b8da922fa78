// A subscription record of a seed or of POST /__emulator/subscriptions, in Paddle's full shape or the
// short form (items naming a price by id or catalog key): the one record with rules across its
// fields, kept apart from the other records (seed-file.ts) so each file stays readable.
import { z } from 'zod';
import { SCHEDULED_CHANGE_ACTIONS, SUBSCRIPTION_STATUSES } from '../paddle-facts/subscriptions.js';
import { keepsDay } from './renewal-schedule.js';
import { countryCode, duration, idOf, instant, money, period } from './seed-fields.js';

// a short-form item names a price of the account, by id or by the catalog key its marker holds;
// Paddle's own record holds the price object
const subscriptionItem = z
  .looseObject({
    price_id: z.string().optional(),
    price_key: z.string().min(1).optional(),
    catalog: z.string().min(1).optional(),
    quantity: z.number().int().min(1).optional(),
    price: z
      .looseObject({
        id: z.string(),
        unit_price: money.optional(),
        unit_price_overrides: z.array(z.looseObject({ unit_price: money })).optional(),
        billing_cycle: duration.nullish(),
      })
      .optional(),
  })
  .refine(
    (item) => [item.price_id, item.price_key, item.price].filter((v) => v !== undefined).length === 1,
    'needs one of price_id, price_key (a catalog key such as pro/monthly) or price',
  )
  .refine(
    (item) => item.catalog === undefined || item.price_key !== undefined,
    'catalog goes with price_key',
  );

const FULL_OR_SHORT =
  "items name their prices one way: each a price object (Paddle's full shape), or each a price_id or price_key";
const TRIAL_ONLY = 'goes with status trialing: it says how the trial ends';
const RENEWAL_DAY =
  'goes with next_billed_at: its day of the month, or a later one when next_billed_at is the last day of a shorter month';
const FULL_NEEDS_CYCLE =
  "is required in Paddle's full shape (items holding price objects): renewals step by it";

/** One subscription of a seed: its items, dates and scheduled change as Paddle has them. */
export const subscription = z
  .looseObject({
    id: idOf('sub'),
    customer_id: z.string(),
    status: z.enum(SUBSCRIPTION_STATUSES),
    currency_code: z.string(),
    collection_mode: z.enum(['automatic', 'manual']).optional(),
    items: z.array(subscriptionItem).min(1).max(100),
    // short form: the address the subscription is billed to (and taxed by), made for its customer
    address: z.looseObject({ country_code: countryCode }).optional(),
    created_at: instant.optional(),
    updated_at: instant.optional(),
    started_at: instant.optional(),
    first_billed_at: instant.nullish(),
    next_billed_at: instant.nullish(),
    paused_at: instant.nullish(),
    canceled_at: instant.nullish(),
    current_billing_period: period.nullish(),
    // what renewals step by; the short form takes its first price's when left out
    billing_cycle: duration.optional(),
    scheduled_change: z
      .looseObject({
        action: z.enum(SCHEDULED_CHANGE_ACTIONS),
        effective_at: instant.optional(),
        resume_at: instant.nullish(),
      })
      .nullish(),
    // the emulator's own, not Paddle's (its record has nothing that says it): the trial's payment
    // fails when it ends, so the subscription goes past_due instead of active
    trial_payment_fails: z
      .boolean()
      .optional()
      .describe(
        'the emulator’s own, not Paddle’s: with status trialing, the trial’s payment fails when it ends (past_due, its transaction past_due); a cardless trial is canceled then whatever this says',
      ),
    // the emulator's own, not Paddle's: the day a renewal clamped to a shorter month goes back to,
    // which the record alone does not always show (renewal-schedule.ts); saved state writes it
    renewal_day: z
      .number()
      .int()
      .min(1)
      .max(31)
      .optional()
      .describe(
        'the emulator’s own, not Paddle’s: the day of the month a monthly or yearly subscription renews on when next_billed_at is the last day of a shorter month (31 for a next_billed_at of 28 Feb that goes back to the 31st); saved state writes it',
      ),
  })
  .superRefine((s, ctx) => {
    if (s.trial_payment_fails === true && s.status !== 'trialing')
      ctx.addIssue({ code: 'custom', path: ['trial_payment_fails'], message: TRIAL_ONLY });
    if (s.renewal_day !== undefined && !(s.next_billed_at && keepsDay(s.next_billed_at, s.renewal_day)))
      ctx.addIssue({ code: 'custom', path: ['renewal_day'], message: RENEWAL_DAY });
    const full = s.items.filter((item) => item.price !== undefined).length;
    if (full > 0 && full < s.items.length)
      ctx.addIssue({ code: 'custom', path: ['items'], message: FULL_OR_SHORT });
    if (full > 0 && s.billing_cycle === undefined)
      ctx.addIssue({ code: 'custom', path: ['billing_cycle'], message: FULL_NEEDS_CYCLE });
  });
