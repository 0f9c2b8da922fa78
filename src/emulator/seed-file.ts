// `--seed <file>`: seed data in YAML or JSON (YAML is a superset of JSON), checked before use.
// Records are Paddle's own shapes: the fields the emulator reads are checked, every other field
// Paddle's OpenAPI description gives a record is kept as given.
import { z } from 'zod';
import { UserError } from '../errors.js';
import { readRegularFile } from '../files/bounded-read.js';
import { TRANSACTION_STATUSES } from '../paddle-facts/statuses.js';
import { EVENT_NAMES } from './event-types.js';
import { webhookDeliverySchema } from './notifications/disorder.js';
import { DISCOUNT_STATUSES } from './rules/discount-status.js';
import { countryCode, duration, idOf, instant, money } from './seed-fields.js';
import { subscription } from './seed-subscription.js';
import type { EmulatorSeed } from './types.js';

const amount = z.string().regex(/^-?\d+$/, 'must be a string of digits (the amount in minor units)');

// the totals the emulator computes with; fee and earnings are null until a transaction completes
const totals = z.looseObject({
  subtotal: amount.optional(),
  discount: amount.optional(),
  tax: amount.optional(),
  total: amount.optional(),
  credit: amount.optional(),
  credit_to_balance: amount.optional(),
  balance: amount.optional(),
  grand_total: amount.optional(),
  grand_total_tax: amount.optional(),
  fee: amount.nullish(),
  earnings: amount.nullish(),
  currency_code: z.string().optional(),
});

const customer = z.looseObject({
  id: idOf('ctm'),
  email: z.string(),
  name: z.string().nullish(),
  status: z.enum(['active', 'archived']).optional(),
  created_at: instant.optional(),
});

const address = z.looseObject({
  id: idOf('add'),
  customer_id: z.string(),
  country_code: countryCode,
  status: z.enum(['active', 'archived']).optional(),
  created_at: instant.optional(),
});

const product = z.looseObject({
  id: idOf('pro'),
  name: z.string(),
  tax_category: z.string().optional(),
  status: z.enum(['active', 'archived']).optional(),
  created_at: instant.optional(),
});

const price = z.looseObject({
  id: idOf('pri'),
  product_id: z.string(),
  description: z.string().optional(),
  unit_price: money,
  status: z.enum(['active', 'archived']).optional(),
  billing_cycle: duration.nullish(),
  trial_period: duration.nullish(),
  created_at: instant.optional(),
});

const discount = z.looseObject({
  id: idOf('dsc'),
  description: z.string(),
  type: z.enum(['flat', 'flat_per_seat', 'percentage']),
  amount: z.string(),
  status: z.enum(DISCOUNT_STATUSES).optional(),
  times_used: z.number().int().nonnegative().optional(),
  created_at: instant.optional(),
});

const discountGroup = z.looseObject({
  id: idOf('dsg'),
  name: z.string().min(1).max(500),
  status: z.enum(['active', 'archived']).optional(),
});

// an event type Paddle has, by name as a create body sends it or as Paddle answers (its object)
const eventName = z
  .string()
  .refine((name) => EVENT_NAMES.includes(name), 'must be an event type Paddle has (GET /event-types)');
const notificationSetting = z.looseObject({
  id: idOf('ntfset'),
  description: z.string().min(1).max(500),
  type: z.enum(['email', 'url']),
  destination: z.string().min(1).max(2048),
  subscribed_events: z.array(z.union([eventName, z.looseObject({ name: eventName })])),
  active: z.boolean().optional(),
  endpoint_secret_key: z
    .string()
    .regex(
      /^pdl_ntfset_[a-zA-Z0-9]{26}_[a-zA-Z0-9]{32}$/,
      'must be pdl_ntfset_, the id’s 26 characters, _ and 32 letters and digits',
    )
    .optional(),
});

const transaction = z.looseObject({
  id: idOf('txn'),
  // a draft may have no customer yet (Paddle's examples hold one)
  customer_id: z.string().nullable(),
  status: z.enum(TRANSACTION_STATUSES),
  collection_mode: z.enum(['automatic', 'manual']).optional(),
  currency_code: z.string(),
  created_at: instant.optional(),
  billed_at: instant.nullish(),
  details: z.looseObject({ totals: totals.optional() }).nullish(),
});

/** One account's settings and records, each checked on its own. */
const accountSeedFields = z.strictObject({
  approved_tax_categories: z
    .array(z.string())
    .optional()
    .describe('tax categories approved on top of saas and standard (which need no approval)'),
  cardless_trials: z
    .boolean()
    .optional()
    .describe('early access to cardless trials (trial_period.requires_payment_method: false)'),
  case_sensitive_emails: z
    .boolean()
    .optional()
    .describe('the customers list’s email filter matches letter case exactly (default: it ignores case)'),
  default_tax_mode: z
    .enum(['exclusive', 'inclusive', 'location'])
    .optional()
    .describe(
      'the account’s default tax mode: what a price with tax_mode account_setting means in previews (default exclusive); location also stores a price created with tax_mode left out or account_setting as location, as Paddle does',
    ),
  enabled_currencies: z
    .array(z.string())
    .optional()
    .describe(
      'currencies the account has enabled: a country without an override whose currency is one of these is previewed in it, converted at the emulator’s fixed rates (default none: the base currency)',
    ),
  dunning_days: z
    .number()
    .int()
    .min(1)
    .max(366)
    .optional()
    .describe(
      'days a past-due subscription stays in dunning before it is canceled (default 30, as Paddle does without Retain; the length is the emulator’s setting)',
    ),
  webhook_delivery: webhookDeliverySchema
    .optional()
    .describe(
      'webhooks as Paddle may deliver them, to test an app’s idempotency: each twice (duplicate), shuffled per destination in groups of reorder_window, in an order random_seed fixes',
    ),
  customers: z.array(customer).optional(),
  addresses: z.array(address).optional().describe('Paddle addresses of the customers (a country_code each)'),
  products: z.array(product).optional(),
  prices: z.array(price).optional(),
  discounts: z.array(discount).optional().describe('Paddle discounts; absent fields take Paddle’s defaults'),
  discount_groups: z
    .array(discountGroup)
    .optional()
    .describe('Paddle discount groups (a name each); absent fields take Paddle’s defaults'),
  notification_settings: z
    .array(notificationSetting)
    .optional()
    .describe(
      'Paddle notification settings (webhook destinations); subscribed_events as names or Paddle’s objects; an endpoint_secret_key left out is made',
    ),
  transactions: z
    .array(transaction)
    .optional()
    .describe('short form (status, currency_code, details.totals) or a full Paddle transaction'),
  subscriptions: z
    .array(subscription)
    .optional()
    .describe(
      'short form (customer_id, status, currency_code, items: [{price_id or price_key, quantity}], optional address: {country_code}, dates and scheduled_change) or a full Paddle subscription; trial_payment_fails (the emulator’s own) makes a trial end past due, and renewal_day (the emulator’s own) names the day a renewal clamped to a shorter month goes back to',
    ),
});

const NO_SUCH_PRICE =
  'names no price of this account’s prices: seed the price under prices, or name it by price_key to wait for the price an apply makes';

/** One account's settings and records, and what they name of each other. */
const accountSeedSchema = accountSeedFields.superRefine((section, ctx) => {
  // checked here, so the file and the field are named, not found missing once the server starts
  const prices = new Set((section.prices ?? []).map((p) => p.id));
  section.subscriptions?.forEach((s, i) => {
    s.items.forEach((item, j) => {
      if (item.price_id !== undefined && !prices.has(item.price_id))
        ctx.addIssue({
          code: 'custom',
          path: ['subscriptions', i, 'items', j, 'price_id'],
          message: NO_SUCH_PRICE,
        });
    });
  });
});

/** POST /__emulator/subscriptions: subscriptions (and the customers and addresses they name) for an account. */
export const additionSchema = z.strictObject({
  account: z.enum(['sandbox', 'live']).optional(),
  customers: z.array(customer).optional(),
  addresses: z.array(address).optional(),
  subscriptions: z.array(subscription).min(1),
});

export const seedSchema = z.strictObject({
  $schema: z.string().optional(),
  api_keys: z
    .array(
      z.strictObject({
        key: z.string().regex(/^pdl_(sdbx|live)_/, 'must start with pdl_sdbx_ or pdl_live_'),
        permissions: z.array(z.string()),
      }),
    )
    .optional()
    .describe('further keys; a key reaches the account its prefix names'),
  currencies: z
    .array(z.strictObject({ code: z.string(), decimal_places: z.int().min(0) }))
    .optional()
    .describe('what GET /currencies serves and unit prices may use (both accounts)'),
  sandbox: accountSeedSchema.optional().describe('the account sandbox keys (pdl_sdbx_) reach'),
  live: accountSeedSchema.optional().describe('the account live keys (pdl_live_) reach'),
});

/** The seed format as a JSON Schema for editors: committed as seeds/seed.schema.json (npm run docs). */
export function seedJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(seedSchema, { target: 'draft-07', io: 'input' }) as Record<string, unknown>;
}

/** Seed data checked against `schema`; `what` names the file in errors ("--seed file", "state file"). */
export function checkSeed<T extends z.ZodType>(
  schema: T,
  file: string,
  data: unknown,
  what: string,
): z.infer<T> {
  const result = schema.safeParse(data ?? {});
  if (!result.success) {
    const problems = result.error.issues
      .slice(0, 10)
      .map((i) => `  ${i.path.join('.') || '(root)'}: ${i.message}`)
      .join('\n');
    throw new UserError(`The ${what} ${file} is not valid:\n${problems}`);
  }
  return result.data;
}

/** A seed of thousands of objects is a few MB; this is room for more than any test or demo needs. */
const SEED_FILE = { kind: '--seed file', maxBytes: 64 * 1024 * 1024 };

export async function loadSeedFile(file: string): Promise<EmulatorSeed> {
  let text: string;
  try {
    text = (await readRegularFile(file, file, SEED_FILE)).toString('utf8');
  } catch (error) {
    if (error instanceof UserError) throw error;
    throw new UserError(`Cannot read the --seed file ${file}: ${(error as Error).message}`);
  }
  // imported here: the emulator's other users (--local, --state) read no YAML, and it is 80 ms of a start-up
  const { parse } = await import('yaml');
  let data: unknown;
  try {
    data = parse(text);
  } catch (error) {
    throw new UserError(`The --seed file ${file} is not valid YAML or JSON: ${(error as Error).message}`);
  }
  return checkSeed(seedSchema, file, data, '--seed file') as EmulatorSeed;
}
