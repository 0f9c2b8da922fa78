// /customers: create (409 on a duplicate e-mail), list (email exact, id, search,
// status), get, update. E-mails are stored as given: Paddle's docs say nothing of letter case, so
// the `email` filter ignores case by default and matches exactly with the account's
// caseSensitiveEmails setting (the stricter reading); `search` ignores case either way.
import { ApiFailure, badRequest } from '../api-error.js';
import type { Reply, Route, RouteContext } from '../core.js';
import { timestamp } from '../ids.js';
import { CATALOG_LIST, csv, idFilter, listReply } from '../list.js';
import type { WireRecord } from '../types.js';
import { type Body, FieldErrors } from '../validate.js';
import { applyPatch, findOr404, pathPattern, statusScope } from './common.js';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function checkCustomerBody(body: Body, mode: 'create' | 'update'): void {
  const errors = new FieldErrors();
  const fields = ['email', 'name', 'custom_data', 'locale'];
  errors.onlyKnown(body, mode === 'create' ? fields : [...fields, 'status']);
  if (mode === 'create') errors.required(body, ['email']);
  if (errors.string('email', body.email, 1, 320) && !EMAIL.test(body.email as string)) {
    errors.add('email', 'Does not match format email');
  }
  errors.string('name', body.name, 1, 1024, true);
  errors.string('locale', body.locale, 2, 10);
  errors.customData(body.custom_data);
  if (mode === 'update') errors.oneOf('status', body.status, ['active', 'archived']);
  if (errors.list.length > 0) throw badRequest(errors.list);
}

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

// an address in another case is the same mailbox: a duplicate whatever the matching setting
function assertEmailFree(ctx: RouteContext, email: string, self?: string): void {
  const taken = ctx.account.state.customers.all().find((c) => sameAddress(c.email, email) && c.id !== self);
  if (taken) {
    throw new ApiFailure(
      409,
      'customer_already_exists',
      `customer email conflicts with customer of id ${taken.id}`,
      {
        group: 'customers',
      },
    );
  }
}

export function newCustomer(id: string, fields: Body, at: string): WireRecord {
  return {
    id,
    status: 'active',
    custom_data: fields.custom_data ?? null,
    name: fields.name ?? null,
    email: String(fields.email),
    marketing_consent: false,
    locale: fields.locale ?? 'en',
    created_at: at,
    updated_at: at,
    import_meta: null,
  };
}

function create(ctx: RouteContext): Reply {
  checkCustomerBody(ctx.body, 'create');
  assertEmailFree(ctx, ctx.body.email as string);
  const now = ctx.core.now();
  const customer = newCustomer(
    ctx.core.ids.next('ctm', now.getTime()),
    structuredClone(ctx.body),
    timestamp(now),
  );
  ctx.account.state.customers.insert(customer);
  return { status: 201, data: customer };
}

/** Whether a stored address is one of the `email` filter's, as the account's setting says. */
function emailFilter(ctx: RouteContext): ((email: string) => boolean) | undefined {
  const emails = csv(ctx.query, 'email');
  if (!emails) return undefined;
  if (ctx.account.settings.caseSensitiveEmails) return (email) => emails.includes(email);
  return (email) => emails.some((wanted) => sameAddress(wanted, email));
}

function list(ctx: RouteContext): Reply {
  const email = emailFilter(ctx);
  const ids = idFilter(ctx.query, 'id', 'ctm');
  const statuses = statusScope(ctx);
  const search = ctx.query.get('search')?.toLowerCase();
  const records = ctx.account.state.customers
    .all()
    .filter(
      (c) =>
        statuses.has(c.status) &&
        (!email || email(c.email)) &&
        (!ids || ids.includes(c.id)) &&
        (!search || [c.id, c.name ?? '', c.email].some((v: string) => v.toLowerCase().includes(search))),
    );
  return listReply(ctx, records, CATALOG_LIST);
}

function get(ctx: RouteContext): Reply {
  return { data: findOr404(ctx.account.state.customers, ctx.params[0] as string, 'Customer') };
}

function update(ctx: RouteContext): Reply {
  const customer = findOr404(ctx.account.state.customers, ctx.params[0] as string, 'Customer');
  checkCustomerBody(ctx.body, 'update');
  if (typeof ctx.body.email === 'string') assertEmailFree(ctx, ctx.body.email, customer.id);
  applyPatch(customer, ctx.body, ctx);
  return { data: customer };
}

export const customerRoutes: Route[] = [
  { method: 'POST', pattern: pathPattern('/customers'), permission: 'customer.write', handle: create },
  { method: 'GET', pattern: pathPattern('/customers'), permission: 'customer.read', handle: list },
  { method: 'GET', pattern: pathPattern('/customers/{id}'), permission: 'customer.read', handle: get },
  { method: 'PATCH', pattern: pathPattern('/customers/{id}'), permission: 'customer.write', handle: update },
];
