// Lists (Paddle's cursor pagination): filters are applied by the route; this orders, pages and
// builds `meta.pagination` with a `next` URL on the announced base string.
import { type IdPrefix, paddleIdPattern } from '../paddle-facts/ids.js';
import { badRequest, invalidField } from './api-error.js';
import type { Pagination, Reply, RouteContext } from './core.js';
import type { WireRecord } from './types.js';

export interface ListSpec {
  defaultPerPage: number;
  maxPerPage: number;
  /** fields `order_by` accepts besides id */
  orderFields: readonly string[];
  /**
   * The name Paddle gives the list's query in an invalid_field error, e.g. `TransactionsRequest`
   * (`TransactionsRequest.PerPage`, `TransactionsRequest.Status[1]`: real answers of GET
   * /transactions). Unset where Paddle's is not recorded: the query parameter is named as sent.
   */
  queryName?: string;
}

/** How an invalid_field error names query parameter `name` of a list (see ListSpec.queryName). */
function queryField(name: string, queryName: string | undefined): string {
  if (!queryName) return name;
  const pascal = name.replace(/(^|_)([a-z])/g, (_, _sep: string, c: string) => c.toUpperCase());
  return `${queryName}.${pascal}`;
}

// The emulator keeps its own copy of this Paddle fact on purpose: test/contract/paddle-facts.test.ts.
export const CATALOG_LIST: ListSpec = { defaultPerPage: 50, maxPerPage: 200, orderFields: [] };

/** Comma-separated query values; undefined when the parameter is absent or empty. */
export function csv(query: URLSearchParams, name: string): string[] | undefined {
  const raw = query.get(name);
  if (raw === null || raw === '') return undefined;
  return raw.split(',').map((v) => v.trim());
}

/** A csv filter whose values must come from `allowed` (invalid_field otherwise, as Paddle does). */
export function enumFilter(
  query: URLSearchParams,
  name: string,
  allowed: readonly string[],
  queryName?: string,
): string[] | undefined {
  const values = csv(query, name);
  const errors = (values ?? []).flatMap((value, i) =>
    allowed.includes(value)
      ? []
      : [
          {
            field: `${queryField(name, queryName)}[${i}]`,
            message: `must be one of the following values: ${allowed.join('|')}. Provided: ${value}`,
          },
        ],
  );
  if (errors.length > 0) throw invalidField(errors);
  return values;
}

/** An id filter: each value must look like a Paddle id of that prefix. */
export function idFilter(query: URLSearchParams, name: string, prefix: IdPrefix): string[] | undefined {
  const values = csv(query, name);
  const pattern = paddleIdPattern(prefix);
  if (values?.some((v) => !pattern.test(v))) throw badRequest([{ field: name, message: 'invalid input' }]);
  return values;
}

function perPage(query: URLSearchParams, spec: ListSpec): number {
  const raw = query.get('per_page');
  if (raw === null || raw === '') return spec.defaultPerPage;
  if (!/^-?\d+$/.test(raw)) throw badRequest([{ field: 'per_page', message: 'invalid input' }]);
  const value = Number(raw);
  if (value < 0) {
    throw invalidField([
      {
        field: queryField('per_page', spec.queryName),
        message: `must be greater than or equal to 0. Provided: ${value}`,
      },
    ]);
  }
  if (value === 0) return spec.defaultPerPage;
  return Math.min(value, spec.maxPerPage);
}

interface Order {
  field: string;
  descending: boolean;
}

function orderBy(query: URLSearchParams, spec: ListSpec): Order {
  const raw = query.get('order_by');
  if (raw === null || raw === '') return { field: 'id', descending: true };
  const match = /^([a-z_.]+)\[(ASC|DESC)\]$/i.exec(raw);
  const field = match?.[1];
  if (!match || !field || (field !== 'id' && !spec.orderFields.includes(field))) {
    throw invalidField([
      {
        field: 'order_by',
        message: `must be one of: ${['id', ...spec.orderFields].join(', ')} with [ASC] or [DESC]`,
      },
    ]);
  }
  return { field, descending: (match[2] as string).toUpperCase() === 'DESC' };
}

function compareValues(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return -1;
  if (b === null || b === undefined) return 1;
  return (a as string) < (b as string) ? -1 : 1;
}

/** `records` ascending by id; the result in the requested order. */
function ordered(records: readonly WireRecord[], order: Order): readonly WireRecord[] {
  if (order.field === 'id') return order.descending ? records.toReversed() : records;
  const sign = order.descending ? -1 : 1;
  const path = order.field.split('.');
  // decorate once, so a sort over 10,000 records does not walk each path log n times
  const keyed = records.map((record) => ({
    record,
    key: path.reduce<unknown>((v, name) => (v as WireRecord | null | undefined)?.[name], record),
  }));
  // Array.prototype.sort is stable: ties keep id order, so the cursor stays stable
  keyed.sort((a, b) => sign * compareValues(a.key, b.key));
  return keyed.map((k) => k.record);
}

function startAfter(records: readonly WireRecord[], after: string | null, order: Order): number {
  if (!after) return 0;
  if (order.field === 'id') {
    const index = records.findIndex((r) => (order.descending ? r.id < after : r.id > after));
    return index === -1 ? records.length : index;
  }
  const index = records.findIndex((r) => r.id === after);
  return index === -1 ? records.length : index + 1;
}

function estimatedTotal(ctx: RouteContext, count: number): number {
  if (String(ctx.headers['skip-count'] ?? '').toLowerCase() === 'true') return -1;
  return count > 100_000 ? 100_001 : count;
}

/** One page of `records` (already filtered, ascending by id) with its pagination. */
export function listReply(
  ctx: RouteContext,
  records: readonly WireRecord[],
  spec: ListSpec,
  project?: (page: WireRecord[]) => unknown[],
): Reply {
  const size = perPage(ctx.query, spec);
  const order = orderBy(ctx.query, spec);
  const sorted = ordered(records, order);
  const after = ctx.query.get('after');
  const start = startAfter(sorted, after, order);
  const page = sorted.slice(start, start + size);
  const nextQuery = new URLSearchParams(ctx.query);
  const cursor = page.length > 0 ? (page[page.length - 1]?.id as string) : after;
  nextQuery.delete('after');
  if (cursor) nextQuery.set('after', cursor);
  const pagination: Pagination = {
    per_page: size,
    next: `${ctx.core.baseUrl}${ctx.path}?${nextQuery.toString()}`,
    has_more: start + size < sorted.length,
    estimated_total: estimatedTotal(ctx, records.length),
  };
  return { data: project ? project(page) : page, pagination };
}
