// Discount bodies (OpenAPI discount-create / discount) and Paddle's discount rules, enforced on the
// discount as it would be stored, so a PATCH cannot get round them: the amount's form by type, a
// currency for flat types (a percentage may carry one: Paddle's own GET /discounts example
// dsc_01gtgztp8fpchantd5g1wrksa3 does), recur before maximum_recurring_intervals,
// codes unique per account ignoring case (409 discount_code_conflict), restrict_to ids active,
// usage_limit not below times_used. Each refusal as its developer.paddle.com/errors/discounts page.
import { PADDLE_ID, paddleIdPattern } from '../../paddle-facts/ids.js';
import { ApiFailure, badRequest, domainError, entityArchived, notFound } from '../api-error.js';
import type { AccountSettings } from '../core.js';
import type { Collection } from '../state.js';
import type { WireRecord } from '../types.js';
import { type Body, FieldErrors } from '../validate.js';

const DISCOUNT_TYPES = ['flat', 'flat_per_seat', 'percentage'] as const;
const CREATE_FIELDS = [
  'description',
  'enabled_for_checkout',
  'code',
  'type',
  'mode',
  'amount',
  'currency_code',
  'recur',
  'maximum_recurring_intervals',
  'usage_limit',
  'restrict_to',
  'expires_at',
  'custom_data',
  // since June 2025 (https://developer.paddle.com/changelog/2025/discount-groups)
  'discount_group_id',
] as const;
const UPDATE_FIELDS = [...CREATE_FIELDS, 'status'] as const;
const CODE = /^[a-zA-Z0-9]{1,32}$/;
// RFC 3339 with a zone, as the OpenAPI `timestamp` format
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;

function nullableCount(errors: FieldErrors, field: string, value: unknown): void {
  if (value === undefined || value === null || !errors.integer(field, value)) return;
  if (value < 1) errors.add(field, `must be greater than or equal to 1. Provided: ${value}`);
}

function checkRestrictTo(errors: FieldErrors, value: unknown): void {
  if (value === undefined || value === null) return;
  if (!Array.isArray(value)) {
    errors.add('restrict_to', 'Invalid type. Expected: array');
    return;
  }
  value.forEach((id: unknown, i) => {
    if (typeof id !== 'string' || !PADDLE_ID.test(id)) {
      errors.add(`restrict_to[${i}]`, 'must be a product or price id (pro_… or pri_…)');
    }
  });
  if (new Set(value).size !== value.length) errors.add('restrict_to', 'items must be unique');
}

/** The body's shape: every problem at once, as Paddle's 400 bad_request. */
export function checkDiscountBody(body: Body, mode: 'create' | 'update', settings: AccountSettings): void {
  const errors = new FieldErrors();
  errors.onlyKnown(body, mode === 'create' ? CREATE_FIELDS : UPDATE_FIELDS);
  if (mode === 'create') errors.required(body, ['description', 'type', 'amount']);
  errors.string('description', body.description, 1, 500);
  errors.oneOf('type', body.type, DISCOUNT_TYPES);
  errors.oneOf('mode', body.mode, ['standard', 'custom']);
  errors.string('amount', body.amount, 1, 64);
  errors.boolean('enabled_for_checkout', body.enabled_for_checkout);
  errors.boolean('recur', body.recur);
  if (errors.string('code', body.code, 1, 32, true) && !CODE.test(body.code as string)) {
    errors.add('code', 'Does not match pattern ^[a-zA-Z0-9]{1,32}$');
  }
  if (body.currency_code !== undefined && body.currency_code !== null) {
    if (typeof body.currency_code !== 'string' || !settings.currencies.has(body.currency_code)) {
      errors.add('currency_code', 'must be a supported currency code');
    }
  }
  nullableCount(errors, 'maximum_recurring_intervals', body.maximum_recurring_intervals);
  nullableCount(errors, 'usage_limit', body.usage_limit);
  checkRestrictTo(errors, body.restrict_to);
  if (errors.string('expires_at', body.expires_at, 1, 64, true) && !RFC3339.test(body.expires_at as string)) {
    errors.add('expires_at', 'must be a valid RFC 3339 date-time');
  }
  errors.customData(body.custom_data);
  const group = body.discount_group_id;
  if (
    errors.string('discount_group_id', group, 1, 64, true) &&
    !paddleIdPattern('dsg').test(group as string)
  ) {
    errors.add('discount_group_id', 'Does not match pattern ^dsg_[a-z\\d]{26}$');
  }
  if (mode === 'update') errors.oneOf('status', body.status, ['active', 'archived']);
  if (errors.list.length > 0) throw badRequest(errors.list);
}

const PERCENTAGE = /^\d{1,3}(\.\d{1,2})?$/;

/** The rules that relate fields, on the discount as it would be stored. */
export function checkDiscountRules(discount: WireRecord): void {
  const errors = new FieldErrors();
  const amount = String(discount.amount);
  if (discount.type === 'percentage') {
    const value = Number(amount);
    if (!PERCENTAGE.test(amount) || value < 0.01 || value > 100) {
      errors.add('amount', 'percentage discounts must have an amount between 0.01 and 100');
    }
  } else {
    if (!/^\d+$/.test(amount)) errors.add('amount', 'must be a string of digits in the lowest currency unit');
    else errors.amountAtMost('amount', amount);
    if (discount.currency_code === null)
      errors.add('currency_code', `is required for ${discount.type} discounts`);
  }
  if (discount.maximum_recurring_intervals !== null && discount.recur !== true) {
    errors.add('maximum_recurring_intervals', 'requires recur to be true');
  }
  if (errors.list.length > 0) throw badRequest(errors.list);
}

/** Codes are unique in an account, ignoring case, archived discounts included. */
export function checkCodeFree(discounts: Collection, code: unknown, selfId?: string): void {
  if (typeof code !== 'string') return;
  const folded = code.toUpperCase();
  const holder = discounts
    .all()
    .find((d) => d.id !== selfId && typeof d.code === 'string' && d.code.toUpperCase() === folded);
  if (holder) {
    // as developer.paddle.com/errors/discounts/discount_code_conflict: a 409, no errors[]
    throw new ApiFailure(
      409,
      'discount_code_conflict',
      `Discount code conflicts with Discount ID ${holder.id}`,
      {
        group: 'discounts',
      },
    );
  }
}

/** A usage_limit is never lowered below the times the discount was already used. */
export function checkUsageLimitCovers(discount: WireRecord): void {
  const { usage_limit: limit, times_used: used } = discount;
  if (typeof limit !== 'number' || typeof used !== 'number' || limit >= used) return;
  throw domainError(
    'discount_usage_limit_less_than_times_used',
    `Usage limit is less than times already used (Times Used: ${used}, Usage Limit: ${limit})`,
    'discounts',
  );
}

/** Each restrict_to id is an active product or price of this account. */
export function checkRestrictedActive(
  ids: unknown,
  lookup: { products: Collection; prices: Collection },
): void {
  if (!Array.isArray(ids)) return;
  for (const id of ids as string[]) {
    const isProduct = id.startsWith('pro_');
    const record = (isProduct ? lookup.products : lookup.prices).get(id);
    if (record?.status === 'active') continue;
    throw isProduct
      ? domainError('discount_restricted_product_not_active', `Product given not active ${id}`, 'discounts')
      : domainError(
          'discount_restricted_product_price_not_active',
          `Product Price given not active ${id}`,
          'discounts',
        );
  }
}

/** Paddle makes up a 10-character code for a checkout discount created without one. */
export function generatedCode(random: () => number = Math.random): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return Array.from({ length: 10 }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
}

/**
 * A discount's group is a group of the account that is not archived ("archived, so can't be used":
 * the docs' discount group status). Paddle documents no refusal of its own for either, so they are
 * refused as a price naming a missing or archived product is: 404 not_found, 400 entity_archived.
 */
export function checkGroupUsable(groups: Collection, id: unknown): void {
  if (typeof id !== 'string') return;
  const group = groups.get(id);
  if (!group) throw notFound('Discount group', id);
  if (group.status === 'archived') throw entityArchived('Discount group', id);
}
