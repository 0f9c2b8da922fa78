// /discounts: create, list (id, code, status, mode, discount_group_id; per_page, after, order_by;
// include=discount_group), get, update (archive and unarchive by status). Only standard discounts are listed unless `mode=custom` asks for the
// others, as Paddle does. Statuses are brought up to the clock first (expired, used: see
// rules/discount-status.ts); the `status` filter takes all four, as the SDK's list options do.
import type { Reply, Route, RouteContext } from '../core.js';
import { timestamp } from '../ids.js';
import { CATALOG_LIST, csv, enumFilter, idFilter, listReply } from '../list.js';
import {
  checkCodeFree,
  checkDiscountBody,
  checkDiscountRules,
  checkGroupUsable,
  checkRestrictedActive,
  checkUsageLimitCovers,
  generatedCode,
} from '../rules/discount.js';
import { DISCOUNT_STATUSES, discountStatus, refreshDiscountStatuses } from '../rules/discount-status.js';
import type { WireRecord } from '../types.js';
import { applyPatch, assertWritable, findOr404, includes, pathPattern, statusScope } from './common.js';

// include=discount_group (the Node SDK's list and get options; Paddle's list-discounts `include`)
const INCLUDES = { discount_group: 'discount.read' };

/** Adds `discount_group` to each discount: its group, or null when it has none. */
function withGroup(ctx: RouteContext, discounts: readonly WireRecord[]): WireRecord[] {
  const groups = ctx.account.state.discount_groups;
  return discounts.map((d) => ({
    ...d,
    discount_group: (d.discount_group_id && groups.get(d.discount_group_id)) ?? null,
  }));
}

/** A discount as Paddle stores it: Paddle's defaults for every field `fields` leaves out. */
export function newDiscount(id: string, fields: WireRecord, at: string): WireRecord {
  return {
    id,
    status: 'active',
    description: fields.description,
    enabled_for_checkout: fields.enabled_for_checkout ?? true,
    code: fields.code ?? null,
    type: fields.type,
    mode: fields.mode ?? 'standard',
    amount: fields.amount,
    currency_code: fields.currency_code ?? null,
    recur: fields.recur ?? false,
    maximum_recurring_intervals: fields.maximum_recurring_intervals ?? null,
    usage_limit: fields.usage_limit ?? null,
    restrict_to: structuredClone(fields.restrict_to ?? null),
    expires_at: fields.expires_at ?? null,
    times_used: 0,
    custom_data: structuredClone(fields.custom_data ?? null),
    discount_group_id: fields.discount_group_id ?? null,
    import_meta: null,
    created_at: at,
    updated_at: at,
  };
}

function create(ctx: RouteContext): Reply {
  const body = ctx.body;
  const { state, settings } = ctx.account;
  checkDiscountBody(body, 'create', settings);
  const now = ctx.core.now();
  const enabled = body.enabled_for_checkout ?? true;
  // Paddle makes up a code for a checkout discount that has none
  const code = body.code ?? (enabled ? generatedCode() : null);
  const discount = newDiscount(ctx.core.ids.next('dsc', now.getTime()), { ...body, code }, timestamp(now));
  checkDiscountRules(discount);
  discount.status = discountStatus(discount, now.getTime());
  checkCodeFree(state.discounts, discount.code);
  checkRestrictedActive(discount.restrict_to, state);
  checkGroupUsable(state.discount_groups, discount.discount_group_id);
  state.discounts.insert(discount);
  return { status: 201, data: discount };
}

function list(ctx: RouteContext): Reply {
  const ids = idFilter(ctx.query, 'id', 'dsc');
  const codes = csv(ctx.query, 'code')?.map((code) => code.toUpperCase());
  const statuses = statusScope(ctx, DISCOUNT_STATUSES);
  refreshDiscountStatuses(ctx.account.state.discounts, ctx.core.now());
  const mode = enumFilter(ctx.query, 'mode', ['standard', 'custom'])?.[0] ?? 'standard';
  const groups = idFilter(ctx.query, 'discount_group_id', 'dsg');
  const include = includes(ctx, INCLUDES);
  const records = ctx.account.state.discounts
    .all()
    .filter(
      (d) =>
        statuses.has(d.status) &&
        d.mode === mode &&
        (!groups || groups.includes(d.discount_group_id)) &&
        (!ids || ids.includes(d.id)) &&
        (!codes || (typeof d.code === 'string' && codes.includes(d.code.toUpperCase()))),
    );
  const spec = { ...CATALOG_LIST, orderFields: ['created_at'] };
  return listReply(
    ctx,
    records,
    spec,
    include.has('discount_group') ? (page) => withGroup(ctx, page) : undefined,
  );
}

function get(ctx: RouteContext): Reply {
  const discount = findOr404(ctx.account.state.discounts, ctx.params[0] as string, 'Discount');
  discount.status = discountStatus(discount, ctx.core.now().getTime());
  return { data: includes(ctx, INCLUDES).has('discount_group') ? withGroup(ctx, [discount])[0] : discount };
}

function update(ctx: RouteContext): Reply {
  const { state, settings } = ctx.account;
  const discount = findOr404(state.discounts, ctx.params[0] as string, 'Discount');
  checkDiscountBody(ctx.body, 'update', settings);
  assertWritable(discount, ctx.body, 'Discount');
  const next = structuredClone(discount);
  applyPatch(next, ctx.body, ctx);
  checkDiscountRules(next);
  if ('code' in ctx.body) checkCodeFree(state.discounts, next.code, discount.id);
  if ('restrict_to' in ctx.body) checkRestrictedActive(next.restrict_to, state);
  if ('usage_limit' in ctx.body) checkUsageLimitCovers(next);
  // a discount may stay in a group archived since; it may not join one
  if (next.discount_group_id !== discount.discount_group_id)
    checkGroupUsable(state.discount_groups, next.discount_group_id);
  applyPatch(discount, ctx.body, ctx);
  // an expired or used discount may be patched (archived, or given a later expires_at or a higher
  // usage_limit); its status then follows from its fields again
  discount.status = discountStatus(discount, ctx.core.now().getTime());
  return { data: discount };
}

export const discountRoutes: Route[] = [
  { method: 'POST', pattern: pathPattern('/discounts'), permission: 'discount.write', handle: create },
  { method: 'GET', pattern: pathPattern('/discounts'), permission: 'discount.read', handle: list },
  { method: 'GET', pattern: pathPattern('/discounts/{id}'), permission: 'discount.read', handle: get },
  { method: 'PATCH', pattern: pathPattern('/discounts/{id}'), permission: 'discount.write', handle: update },
];
