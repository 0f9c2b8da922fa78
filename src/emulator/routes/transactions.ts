// /transactions, read side: list with customer_id, subscription_id, status, id,
// collection_mode, invoice_number, origin and billed_at/created_at/updated_at (with [LT|LTE|GT|GTE]).
// All statuses are listed unless `status` narrows them.
import { ApiFailure } from '../api-error.js';
import type { Reply, Route, RouteContext } from '../core.js';
import { csv, enumFilter, idFilter, type ListSpec, listReply } from '../list.js';
import type { WireRecord } from '../types.js';
import { findOr404, includes, pathPattern } from './common.js';

const TRANSACTION_LIST: ListSpec = {
  defaultPerPage: 30,
  maxPerPage: 30,
  orderFields: ['billed_at', 'created_at', 'updated_at'],
  queryName: 'TransactionsRequest',
};
// in the order Paddle's invalid_field message lists them
const STATUS_FILTER = ['paid', 'completed', 'ready', 'billed', 'draft', 'canceled', 'past_due'];
// Paddle's include values and the permission each needs (OpenAPI x-enum-permissions)
const INCLUDES: Record<string, string> = {
  address: 'address.read',
  adjustments: 'adjustment.read',
  adjustments_totals: 'transaction.read',
  available_payment_methods: 'transaction.read',
  business: 'business.read',
  customer: 'customer.read',
  discount: 'discount.read',
};
// as in the OpenAPI description's examples
const PAYMENT_METHODS = ['apple_pay', 'card', 'paypal', 'google_pay'];

/**
 * A transaction with what `include` asks for, as Paddle adds it: the customer and discount the
 * account holds; address, business and adjustments only where the transaction has them, which
 * here it never does (the emulator keeps none).
 */
function withIncludes(ctx: RouteContext, include: Set<string>, transaction: WireRecord): WireRecord {
  if (include.size === 0) return transaction;
  const state = ctx.account.state;
  const extra: WireRecord = {};
  const customer = transaction.customer_id ? state.customers.get(transaction.customer_id) : undefined;
  if (include.has('customer') && customer) extra.customer = customer;
  const discount = transaction.discount_id ? state.discounts.get(transaction.discount_id) : undefined;
  if (include.has('discount') && discount) extra.discount = discount;
  if (include.has('adjustments_totals')) {
    extra.adjustments_totals = {
      subtotal: '0',
      tax: '0',
      total: '0',
      fee: '0',
      earnings: '0',
      breakdown: { credit: '0', refund: '0', chargeback: '0' },
      currency_code: transaction.currency_code,
    };
  }
  if (include.has('available_payment_methods')) extra.available_payment_methods = PAYMENT_METHODS;
  return { ...transaction, ...extra };
}

const OPERATORS: Record<string, (a: number, b: number) => boolean> = {
  '': (a, b) => a === b,
  LT: (a, b) => a < b,
  LTE: (a, b) => a <= b,
  GT: (a, b) => a > b,
  GTE: (a, b) => a >= b,
};

type TimeTest = (record: WireRecord) => boolean;

// stored timestamps are parsed once, not once per record per request
const parsedTimes = new Map<string, number>();

function timeOf(value: string): number {
  let parsed = parsedTimes.get(value);
  if (parsed === undefined) {
    parsed = Date.parse(value);
    parsedTimes.set(value, parsed);
  }
  return parsed;
}

/** `billed_at[LT]=2023-04-18T17:03:26` and friends; a time without a zone is UTC. */
function timeFilters(query: URLSearchParams, field: string): TimeTest[] {
  const tests: TimeTest[] = [];
  for (const [name, raw] of query) {
    const match = new RegExp(`^${field}(?:\\[(LT|LTE|GT|GTE)\\])?$`).exec(name);
    if (!match) continue;
    const zoned = /(?:Z|[+-]\d\d:?\d\d)$/i.test(raw) ? raw : `${raw}Z`;
    const bound = Date.parse(zoned);
    if (Number.isNaN(bound)) {
      throw new ApiFailure(400, 'invalid_time_query_parameter', `${name} must be an RFC 3339 date-time.`, {
        errors: [{ field: name, message: 'must be an RFC 3339 date-time' }],
      });
    }
    const compare = OPERATORS[match[1] ?? ''] as (a: number, b: number) => boolean;
    tests.push((r) => r[field] !== null && r[field] !== undefined && compare(timeOf(r[field]), bound));
  }
  return tests;
}

function list(ctx: RouteContext): Reply {
  const q = ctx.query;
  const customers = idFilter(q, 'customer_id', 'ctm');
  const statuses = enumFilter(q, 'status', STATUS_FILTER, TRANSACTION_LIST.queryName);
  const ids = idFilter(q, 'id', 'txn');
  const subscriptions = idFilter(q, 'subscription_id', 'sub');
  const modes = enumFilter(q, 'collection_mode', ['automatic', 'manual'], TRANSACTION_LIST.queryName);
  const invoiceNumbers = csv(q, 'invoice_number');
  const origins = csv(q, 'origin');
  const times = ['billed_at', 'created_at', 'updated_at'].flatMap((f) => timeFilters(q, f));
  const include = includes(ctx, INCLUDES);
  const records = ctx.account.state.transactions
    .all()
    .filter(
      (t) =>
        (!customers || customers.includes(t.customer_id)) &&
        (!statuses || statuses.includes(t.status)) &&
        (!ids || ids.includes(t.id)) &&
        (!subscriptions || subscriptions.includes(t.subscription_id)) &&
        (!modes || modes.includes(t.collection_mode)) &&
        (!invoiceNumbers || invoiceNumbers.includes(t.invoice_number)) &&
        (!origins || origins.includes(t.origin)) &&
        times.every((test) => test(t)),
    );
  return listReply(ctx, records, TRANSACTION_LIST, (page) => page.map((t) => withIncludes(ctx, include, t)));
}

function get(ctx: RouteContext): Reply {
  const include = includes(ctx, INCLUDES);
  const transaction = findOr404(ctx.account.state.transactions, ctx.params[0] as string, 'Transaction');
  return { data: withIncludes(ctx, include, transaction) };
}

export const transactionRoutes: Route[] = [
  { method: 'GET', pattern: pathPattern('/transactions'), permission: 'transaction.read', handle: list },
  { method: 'GET', pattern: pathPattern('/transactions/{id}'), permission: 'transaction.read', handle: get },
];
