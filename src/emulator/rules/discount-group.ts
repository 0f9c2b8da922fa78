// Discount group bodies and Paddle's rules for them (discount groups came after the OpenAPI
// description of May 2025: https://developer.paddle.com/changelog/2025/discount-groups and
// https://developer.paddle.com/api-reference/discount-groups): a name of 1 to 500 characters, unique
// in the account, archived groups included (409 discount_group_name_conflict); a discount names an
// existing group of the account.
import { ApiFailure, badRequest } from '../api-error.js';
import type { Collection } from '../state.js';
import { type Body, FieldErrors } from '../validate.js';

/** The body's shape: every problem at once, as Paddle's 400 bad_request. */
export function checkDiscountGroupBody(body: Body, mode: 'create' | 'update'): void {
  const errors = new FieldErrors();
  errors.onlyKnown(body, mode === 'create' ? ['name'] : ['name', 'status']);
  if (mode === 'create') errors.required(body, ['name']);
  errors.string('name', body.name, 1, 500);
  if (mode === 'update') errors.oneOf('status', body.status, ['active', 'archived']);
  if (errors.list.length > 0) throw badRequest(errors.list);
}

/**
 * A name no other group of the account has, archived ones included: "Discount groups must have a
 * unique name" (https://developer.paddle.com/errors/discounts/discount_group_name_conflict, a 409
 * naming the group that holds it). Paddle says nothing of letter case, so names match exactly.
 */
export function checkGroupNameFree(groups: Collection, name: unknown, selfId?: string): void {
  if (typeof name !== 'string') return;
  const holder = groups.all().find((group) => group.id !== selfId && group.name === name);
  if (!holder) return;
  throw new ApiFailure(
    409,
    'discount_group_name_conflict',
    `Discount group name conflicts with the name of the discount group: ${holder.id}`,
    { group: 'discounts' },
  );
}
