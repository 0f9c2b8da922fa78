// Helpers the resource routes share.
import { entityArchived, invalidField, notFound } from '../api-error.js';
import { requirePermission } from '../auth.js';
import type { RouteContext } from '../core.js';
import { timestamp } from '../ids.js';
import { csv, enumFilter } from '../list.js';
import type { WireRecord } from '../types.js';

const ANY_SEGMENT = '([^/]+)';

/** `/products/{id}` → a route pattern; path parameters may be any segment so a bad id is a 404, not invalid_url. */
export function pathPattern(path: string): RegExp {
  return new RegExp(`^${path.replaceAll('{id}', ANY_SEGMENT)}$`);
}

/** The record of `id` in `collection` (a resource's, or the notifications kept), else Paddle's 404. */
export function findOr404<T = WireRecord>(
  collection: { get(id: string): T | undefined },
  id: string,
  entity: string,
): T {
  const record = collection.get(id);
  if (!record) throw notFound(entity, id);
  return record;
}

/** An archived entity may only be unarchived (entity_archived). */
export function assertWritable(record: WireRecord, body: Record<string, unknown>, entity: string): void {
  if (record.status === 'archived' && body.status !== 'active') throw entityArchived(entity, record.id);
}

/** Applies a PATCH body: given fields replace the stored ones whole (lists included). */
export function applyPatch(record: WireRecord, body: Record<string, unknown>, ctx: RouteContext): void {
  Object.assign(record, structuredClone(body));
  record.updated_at = timestamp(ctx.core.now());
}

/** Default scope: active only unless `status` says otherwise (each value one of `allowed`). */
export function statusScope(
  ctx: RouteContext,
  allowed: readonly string[] = ['active', 'archived'],
): Set<string> {
  return new Set(enumFilter(ctx.query, 'status', allowed) ?? ['active']);
}

/**
 * The `type` a products or prices list returns: `standard` unless asked for. Custom items are
 * "not returned when listing via API" unless `type=custom` asks for them (OpenAPI CatalogType).
 */
export function typeScope(ctx: RouteContext): string {
  const type = ctx.query.get('type') || 'standard';
  if (type !== 'standard' && type !== 'custom') {
    throw invalidField([
      { field: 'type', message: `must be one of the following values: custom|standard. Provided: ${type}` },
    ]);
  }
  return type;
}

/** `include` values a resource supports, each needing its permission. */
export function includes(ctx: RouteContext, allowed: Record<string, string>): Set<string> {
  const values = csv(ctx.query, 'include') ?? [];
  values.forEach((value, i) => {
    const permission = allowed[value];
    if (permission === undefined) {
      throw invalidField([
        {
          field: `include[${i}]`,
          message: `must be one of the following values: ${Object.keys(allowed).join('|')}. Provided: ${value}`,
        },
      ]);
    }
    if (ctx.key) requirePermission(ctx.key, permission);
  });
  return new Set(values);
}
