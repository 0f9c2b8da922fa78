// A customer's addresses: list and get (developer.paddle.com/api-reference/addresses), read-only.
// The emulator holds the addresses its seeds give (a subscription's `address`, or `addresses`
// records): a subscription's address is where Paddle taxes it, so its previews and renewals are
// taxed by the address's country_code.
import { notFound } from '../api-error.js';
import type { Reply, Route, RouteContext } from '../core.js';
import { CATALOG_LIST, idFilter, listReply } from '../list.js';
import type { WireRecord } from '../types.js';
import { findOr404, pathPattern, statusScope } from './common.js';

/** An address in Paddle's shape (OpenAPI `address`): what `fields` gives, the rest null. */
export function newAddress(id: string, customerId: string, fields: WireRecord, at: string): WireRecord {
  return {
    id,
    customer_id: customerId,
    description: fields.description ?? null,
    first_line: fields.first_line ?? null,
    second_line: fields.second_line ?? null,
    city: fields.city ?? null,
    postal_code: fields.postal_code ?? null,
    region: fields.region ?? null,
    country_code: fields.country_code,
    custom_data: fields.custom_data ?? null,
    status: fields.status ?? 'active',
    created_at: at,
    updated_at: at,
    import_meta: null,
  };
}

function list(ctx: RouteContext): Reply {
  const customer = findOr404(ctx.account.state.customers, ctx.params[0] as string, 'Customer');
  const ids = idFilter(ctx.query, 'id', 'add');
  const statuses = statusScope(ctx);
  const records = ctx.account.state.addresses
    .all()
    .filter((a) => a.customer_id === customer.id && statuses.has(a.status) && (!ids || ids.includes(a.id)));
  return listReply(ctx, records, CATALOG_LIST);
}

function get(ctx: RouteContext): Reply {
  const [customerId, addressId] = ctx.params as [string, string];
  findOr404(ctx.account.state.customers, customerId, 'Customer');
  const address = ctx.account.state.addresses.get(addressId);
  if (!address || address.customer_id !== customerId) throw notFound('Address', addressId);
  return { data: address };
}

export const addressRoutes: Route[] = [
  {
    method: 'GET',
    pattern: pathPattern('/customers/{id}/addresses'),
    permission: 'address.read',
    handle: list,
  },
  {
    method: 'GET',
    pattern: pathPattern('/customers/{id}/addresses/{id}'),
    permission: 'address.read',
    handle: get,
  },
];
