// Looking ids up in an account in batches: each list endpoint filters by `id` (comma-separated),
// so one request answers up to ID_BATCH ids, whatever their status. Every request goes through the
// run's Calls: paced under the rate limit and retried like plan's reads.

import { z } from 'zod';
import type { CatalogKind } from '../catalog/schema.js';
import { checkList } from '../paddle/answer-shape.js';
import type { Calls } from '../paddle/calls.js';
import { pagingGuard } from '../paddle/paging-guard.js';
import { nextLinkPath, rawApiPage } from '../paddle/raw-api.js';
import { isForbidden } from '../paddle/remote-error.js';
import type { Target } from '../paddle/target.js';
import { MAX_PAGE_SIZE } from '../paddle-facts/api.js';
import { type IdPrefix, paddleIdPattern } from '../paddle-facts/ids.js';
import { type Marker, readMarker } from '../planner/marker.js';
import { replacedByIn } from '../planner/retire.js';
import { prefixOf } from './scan.js';

/**
 * Paddle's OpenAPI names no limit on the ids of one `id` filter; 100 keeps the URL near 3 KB (well
 * under what proxies accept) and within one page (MAX_PAGE_SIZE).
 */
const ID_BATCH = 100;
/**
 * A filter of ID_BATCH ids fits one page; a server that keeps saying has_more is stopped by the
 * paging guard (invalid_response) instead of being cut off quietly with ids left unread.
 */
const MAX_PAGES_PER_BATCH = 3;

export type CheckedPrefix = Extract<IdPrefix, 'pro' | 'pri' | 'dsc' | 'ctm'>;
export type ObjectKind = CatalogKind | 'customer';

interface ListSpec {
  kind: ObjectKind;
  path: string;
  /** every status, so an archived id is found (lists give active ones only unless asked) */
  status: string;
  /** prices come with their product, whose status decides whether the price can be sold */
  include?: string;
  permission: string;
}

const LISTS: Record<CheckedPrefix, ListSpec> = {
  pro: { kind: 'product', path: '/products', status: 'active,archived', permission: 'product.read' },
  pri: {
    kind: 'price',
    path: '/prices',
    status: 'active,archived',
    include: 'product',
    permission: 'price.read',
  },
  dsc: {
    kind: 'discount',
    path: '/discounts',
    status: 'active,archived,expired,used',
    permission: 'discount.read',
  },
  ctm: { kind: 'customer', path: '/customers', status: 'active,archived', permission: 'customer.read' },
};

export const isChecked = (prefix: string): prefix is CheckedPrefix => prefix in LISTS;

/** What an account says about one id. */
export interface FoundObject {
  id: string;
  kind: ObjectKind;
  status: string;
  /** the catalog key that owns it (the tool's marker), if any */
  marker?: Marker;
  /** an archived price: the key of the price that replaced it, when its archive said so */
  replacedBy?: string;
  /** a price's product, with its status when the answer included it */
  product?: { id: string; status?: string };
}

const answer = (prefix: CheckedPrefix) =>
  z.object({
    id: z.string().regex(paddleIdPattern(prefix)),
    status: z.string(),
    custom_data: z.record(z.string(), z.unknown()).nullish(),
    product_id: z.string().regex(paddleIdPattern('pro')).optional(),
    product: z.object({ id: z.string().regex(paddleIdPattern('pro')), status: z.string() }).nullish(),
  });

/** Ids of a kind the key may not read: looked up in no account, reported as not checked. */
export interface Unreadable {
  prefix: CheckedPrefix;
  permission: string;
}

export interface Lookup {
  found: Map<string, FoundObject>;
  unreadable: Unreadable[];
}

/** Every id of a checked kind, looked up in batches; an id that is absent from `found` is not in the account. */
export async function lookUpIds(target: Target, ids: Iterable<string>, calls: Calls): Promise<Lookup> {
  const byPrefix = new Map<CheckedPrefix, string[]>();
  for (const id of new Set(ids)) {
    const prefix = prefixOf(id);
    if (isChecked(prefix)) byPrefix.set(prefix, [...(byPrefix.get(prefix) ?? []), id]);
  }
  const found = new Map<string, FoundObject>();
  const unreadable: Unreadable[] = [];
  for (const [prefix, wanted] of byPrefix) {
    try {
      for (let i = 0; i < wanted.length; i += ID_BATCH) {
        for (const object of await lookUpBatch(target, prefix, wanted.slice(i, i + ID_BATCH), calls)) {
          found.set(object.id, object);
        }
      }
    } catch (error) {
      if (!isForbidden(error)) throw error;
      unreadable.push({ prefix, permission: LISTS[prefix].permission });
    }
  }
  return { found, unreadable };
}

async function lookUpBatch(
  target: Target,
  prefix: CheckedPrefix,
  ids: string[],
  calls: Calls,
): Promise<FoundObject[]> {
  const spec = LISTS[prefix];
  const operation = `look up ${ids.length} ${spec.kind} ids`;
  const include = spec.include ? `&include=${spec.include}` : '';
  let path: string | undefined =
    `${spec.path}?id=${ids.join(',')}&status=${spec.status}${include}&per_page=${MAX_PAGE_SIZE}`;
  const objects: FoundObject[] = [];
  const asked = new Set(ids);
  const guard = pagingGuard(operation, MAX_PAGES_PER_BATCH);
  while (path !== undefined) {
    const current: string = path;
    const { data, next } = await calls.run('read', () =>
      rawApiPage(target, { method: 'GET', path: current, operation }),
    );
    for (const item of checkList(answer(prefix), data, `a ${spec.kind} list`, operation)) {
      // what the filter did not ask for says nothing about the ids that were asked
      if (!asked.has(item.id)) continue;
      objects.push({
        id: item.id,
        kind: spec.kind,
        status: item.status,
        ...(readMarker(item.custom_data) ? { marker: readMarker(item.custom_data) } : {}),
        ...(replacedByIn(item.custom_data) ? { replacedBy: replacedByIn(item.custom_data) } : {}),
        ...(item.product_id
          ? { product: { id: item.product_id, ...(item.product ? { status: item.product.status } : {}) } }
          : {}),
      });
    }
    path = next === undefined ? undefined : nextLinkPath(target, guard(next), operation);
  }
  return objects;
}
