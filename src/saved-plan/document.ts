// A saved plan (`plan --out plan.json`, `apply plan.json`): one JSON document that holds what apply
// needs to do exactly what was reviewed — the environment and base URL, the catalog as read, the
// plan's options, the operations with their wire bodies — and what the plan saw of the account,
// per key, so apply can tell which key would now be planned differently. No key is ever in it.
// The digest covers every other field, so an edited file is refused; it detects edits, it does not
// authenticate (whoever can write the file can write a new digest): keep plan files where CI keeps
// its artifacts. Its JSON Schema is generated from the zod schema below and committed as
// docs/plan-file.schema.json (a test keeps it current).
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { catalogSchema } from '../catalog/schema.js';
import { PRORATION_BILLING_MODES } from '../paddle-facts/subscriptions.js';
import { MOVES_NOW, NOT_PREDICTED, WAITS, WILL_NOT_MOVE } from '../planner/verdicts.js';

export const PLAN_FILE_FORMAT = 'paddle-catalog-plan';
/** The first line of `plan --format markdown` (the review): how a review saved in a tree is recognised. */
export const REVIEW_HEADING = '### paddle-catalog plan · ';
export const PLAN_FILE_VERSION = 1;

const json = z.record(z.string(), z.unknown());
const ref = z.strictObject({ $ref: z.string() });
const kind = z.enum(['product', 'price', 'discount', 'discount_group', 'notification']);

const operationSchema = z
  .object({
    id: z.string(),
    change: z.number().int().min(0),
    kind,
    key: z.string(),
    verb: z.enum(['create', 'update', 'archive', 'unarchive', 'adopt', 'delete']),
    target: z.union([z.string(), ref, z.null()]),
    body: json,
    after: z.array(z.string()),
    recover: z.object({ key: z.string(), catalog: z.string() }).nullable(),
  })
  .describe(
    'One call apply makes: its verb, the object written (an id, or {"$ref": op id} for one this run creates), the exact wire body, the operations it waits for, and the marker a lost create is recovered by',
  );

/** What the plan saw of one key: its changes as plan --json shows them, and its duplicates. */
const seenKeySchema = z
  .object({
    kind,
    key: z.string(),
    changes: z.array(json),
    duplicates: z.object({ kept: z.string(), others: z.array(z.string()) }).optional(),
  })
  .describe(
    'What the plan saw of one key: its changes as plan --json shows them (action, id, fields with before and after, lookalike, codeConflict) and its duplicates; apply refuses when a fresh read sees the key otherwise',
  );

const amounts = z.object({
  subtotal: z.string(),
  tax: z.string(),
  total: z.string(),
  formatted_total: z.string(),
});
const count = z.number().int().min(-1);
const subscriberCounts = z.object({ active: count, trialing: count, past_due: count, paused: count });
const byAction = z.object({ cancel: count, pause: count, resume: count }).partial();
/** By currency and scheduled change, where the subscriptions were listed (plan --json's names). */
const breakdown = {
  subscribers_by_currency: z
    .record(z.string(), count)
    .optional()
    .describe('the subscriptions by currency code, where they were listed'),
  subscribers_scheduled: z
    .object({ active: byAction, trialing: byAction, past_due: byAction, paused: byAction })
    .partial()
    .optional()
    .describe('of each status, the subscriptions with a scheduled change, by its action'),
};
const customerPrice = z.object({
  country: z.string(),
  currency_code: z.string(),
  before: amounts.extend({ currency_code: z.string() }).optional(),
  after: amounts,
});

const lowestUnit = z.string().regex(/^-?\d+$/);
/** A bill's totals as Paddle previews them (transaction_totals), in the lowest currency unit. */
const billTotals = z.object({
  currency_code: z.string(),
  subtotal: lowestUnit,
  tax: lowestUnit,
  total: lowestUnit,
  grand_total: lowestUnit,
});
const nextBill = z
  .object({
    currency_code: z.string(),
    subscription: z.string(),
    items: z
      .array(z.object({ key: z.string().nullable(), price_id: z.string().nullable(), quantity: z.number() }))
      .optional()
      .describe(
        "what it holds after the move: each item by catalog key (null: not the catalog's), price id (null: made by this apply) and quantity",
      ),
    target: z.enum(['price_id', 'non_catalog']),
    was: billTotals.nullable(),
    next: z.object({ at: z.string().nullable(), totals: billTotals }).nullable(),
    immediate: billTotals.optional(),
    refused: z.object({ code: z.string(), detail: z.string() }).optional(),
    verdict: z.enum([MOVES_NOW, WAITS, WILL_NOT_MOVE, NOT_PREDICTED]).optional(),
    reason: z.string().optional(),
    first_bill: z
      .string()
      .nullable()
      .optional()
      .describe(
        'it waits: the day (YYYY-MM-DD) it first pays the new price, or words where no day can be said',
      ),
  })
  .describe(
    "One subscription of a currency the move changes, as Paddle previewed the change: its next bill as it stood (was), after the move (next, with next_billed_at), what the change bills now (immediate), or Paddle's refusal; target says whether the target went by id or as a non-catalog price of the catalog's amounts",
  );

/**
 * One subscriber move as plan --json shows it (reviewedMoves, reviewed-moves.ts, stored as it is): what else
 * that shape comes to hold is kept too.
 */
const savedMoveSchema = z
  .looseObject({
    kind: z.literal('subscribers'),
    key: z.string(),
    action: z.literal('move'),
    from: z.string(),
    to: z.string(),
    id: z.string().optional(),
    proration: z.enum(PRORATION_BILLING_MODES),
    subscribers: subscriberCounts.optional(),
    bills_from: z.iso.date().optional(),
    subscribers_total: count.optional(),
    ...breakdown,
    customers: z
      .array(customerPrice)
      .optional()
      .describe(
        'per review country, one unit of the source as Paddle previews it now (before) and of the target as the catalog wants it (after), with tax',
      ),
    next_bills: z.array(nextBill).optional(),
    next_bills_sampled_from: z.number().int().min(0).optional(),
    next_bills_not_previewed: z.literal('new_product').optional(),
  })
  .describe(
    "A move of subscribers_from as plan --json shows it: the source and target keys, the source's id, the proration, the first day the target may bill (bills_from, absent: none), the subscriptions on the source by status, in all, by currency and by scheduled change when the plan was made (absent: not counted), what one unit costs per review country now and after, and one subscription per currency previewed with the move (next_bills; sampled_from: how many were read when the source has more; not_previewed: the target's product is new too)",
  );

/** What the review showed with the plan; drift checks ignore it (counts and previews move all day). */
const reviewSchema = z
  .object({
    countries: z.array(z.string()),
    unavailable: z.array(z.string()),
    prices: z.record(
      z.string(),
      z.object({
        customers: z.array(customerPrice).optional(),
        subscribers: subscriberCounts.optional(),
        ...breakdown,
      }),
    ),
    moves: z.array(savedMoveSchema).optional(),
  })
  .describe(
    "What the review showed, by price key: what customers in each review country pay (Paddle's previews) and the subscriptions that bill it, by status; and each subscriber move with the subscriptions on its source; apply prints the counts it was reviewed with, and the drift check ignores them",
  );

export const savedPlanSchema = z.object({
  format: z.literal(PLAN_FILE_FORMAT),
  version: z.literal(PLAN_FILE_VERSION).describe('the format version; another version is refused'),
  created_at: z.string().describe('when the plan was made (RFC 3339)'),
  tool_version: z.string().describe('the paddle-catalog version that wrote it'),
  environment: z.enum(['sandbox', 'production']).describe('apply refuses another environment'),
  base_url: z.string().describe('the API the plan read; apply refuses another'),
  catalog_file: z.string().describe('the catalog file the plan was made from, as given'),
  catalog: catalogSchema.describe('the catalog as read: apply needs no catalog file'),
  options: z.object({ prune: z.boolean(), adopt: z.boolean(), dedupe: z.boolean() }),
  summary: z.record(z.string(), z.number()).describe("the counts of plan --json's summary"),
  operations: z.array(operationSchema).describe('what apply sends, in order'),
  seen: z.array(seenKeySchema),
  review: reviewSchema.optional(),
  digest: z
    .string()
    .describe('sha256:<hex> of the JSON of every other field, in order: apply refuses an edited file'),
});

export type SavedPlan = z.infer<typeof savedPlanSchema>;
export type SavedReview = z.infer<typeof reviewSchema>;
export type SavedMove = z.infer<typeof savedMoveSchema>;
export type SeenKey = z.infer<typeof seenKeySchema>;

/** The digest of a document: its JSON without `digest`, in the order of its fields. */
export function digestOf(document: Record<string, unknown>): string {
  const { digest: _digest, ...rest } = document;
  return `sha256:${createHash('sha256').update(JSON.stringify(rest)).digest('hex')}`;
}

/** The plan file's JSON Schema (draft-07), committed as docs/plan-file.schema.json. */
export function planFileJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(savedPlanSchema, { target: 'draft-07', io: 'input' }) as Record<string, unknown>;
}
