// /discount-groups: create, list (id; per_page, after, order_by id or created_at), get, update
// (name, and archive or unarchive by status), as Paddle's API reference has them
// (https://developer.paddle.com/api-reference/discount-groups; create and list since June 2025,
// get and update since July 2025: https://developer.paddle.com/changelog/2025/discount-groups-new-api-operations).
// The list documents no status filter, so it lists archived groups too.
import type { Reply, Route, RouteContext } from '../core.js';
import { timestamp } from '../ids.js';
import { CATALOG_LIST, idFilter, listReply } from '../list.js';
import { checkDiscountGroupBody, checkGroupNameFree } from '../rules/discount-group.js';
import type { WireRecord } from '../types.js';
import { applyPatch, assertWritable, findOr404, pathPattern } from './common.js';

const ENTITY = 'Discount group';

/** A group as Paddle stores it (the docs' discount group entity, field for field). */
export function newDiscountGroup(id: string, fields: WireRecord, at: string): WireRecord {
  return { id, name: fields.name, status: 'active', import_meta: null, created_at: at, updated_at: at };
}

function create(ctx: RouteContext): Reply {
  checkDiscountGroupBody(ctx.body, 'create');
  const groups = ctx.account.state.discount_groups;
  checkGroupNameFree(groups, ctx.body.name);
  const now = ctx.core.now();
  const group = newDiscountGroup(ctx.core.ids.next('dsg', now.getTime()), ctx.body, timestamp(now));
  groups.insert(group);
  return { status: 201, data: group };
}

function list(ctx: RouteContext): Reply {
  const ids = idFilter(ctx.query, 'id', 'dsg');
  const records = ctx.account.state.discount_groups.all().filter((g) => !ids || ids.includes(g.id));
  return listReply(ctx, records, { ...CATALOG_LIST, orderFields: ['created_at'] });
}

function get(ctx: RouteContext): Reply {
  return { data: findOr404(ctx.account.state.discount_groups, ctx.params[0] as string, ENTITY) };
}

/** A name or a status; an archived group may only be unarchived, as every archived entity of Paddle's. */
function update(ctx: RouteContext): Reply {
  const groups = ctx.account.state.discount_groups;
  const group = findOr404(groups, ctx.params[0] as string, ENTITY);
  checkDiscountGroupBody(ctx.body, 'update');
  assertWritable(group, ctx.body, ENTITY);
  if ('name' in ctx.body) checkGroupNameFree(groups, ctx.body.name, group.id);
  applyPatch(group, ctx.body, ctx);
  return { data: group };
}

export const discountGroupRoutes: Route[] = [
  { method: 'POST', pattern: pathPattern('/discount-groups'), permission: 'discount.write', handle: create },
  { method: 'GET', pattern: pathPattern('/discount-groups'), permission: 'discount.read', handle: list },
  { method: 'GET', pattern: pathPattern('/discount-groups/{id}'), permission: 'discount.read', handle: get },
  {
    method: 'PATCH',
    pattern: pathPattern('/discount-groups/{id}'),
    permission: 'discount.write',
    handle: update,
  },
];
