// What one change of a plan sends, in order, and each write's body: the create, the update, the
// archive or the delete, an unarchive before a change to an archived object; compile.ts places the
// writes among the plan's other operations.
import type { Marker } from '../planner/marker.js';
import type { Change } from '../planner/types.js';
import {
  discountAdoptBody,
  discountCreateBody,
  discountUpdateBody,
  priceAdoptBody,
  priceCreateBody,
  priceUpdateBody,
  productAdoptBody,
  productCreateBody,
  productUpdateBody,
} from './bodies.js';
import {
  discountGroupBody,
  notificationActiveAfterCreate,
  notificationAdoptBody,
  notificationCreateBody,
  notificationUpdateBody,
} from './destination-bodies.js';

/** `delete`: a notification destination removed for good (Paddle keeps no archive of one). */
export type Verb = 'create' | 'update' | 'archive' | 'unarchive' | 'adopt' | 'delete';

/**
 * A value known only once an earlier operation has run: the id that operation's create produced.
 * It stands wherever the id goes (a body's `product_id`, an entry of `restrict_to`, a target), and
 * the operation it names is always among those the operation waits for.
 */
export interface Ref {
  $ref: string;
}

export const isRef = (value: unknown): value is Ref =>
  typeof value === 'object' && value !== null && typeof (value as Ref).$ref === 'string';

const ARCHIVED = { status: 'archived' };
const ACTIVE = { status: 'active' };

export interface ChangeWrite {
  verb: Verb;
  body: object;
}

/** What one change sends, in order. `resolve` turns a product key into its id or the create that makes it. */
export function changeWrites(
  change: Change,
  marker: Marker,
  resolve: (key: string) => string | Ref,
): ChangeWrite[] {
  const update = (c: Writing) => updateBody(c, marker, resolve);
  switch (change.action) {
    case 'create': {
      const inactive =
        change.kind === 'notification' ? notificationActiveAfterCreate(change.desired) : undefined;
      return [
        { verb: 'create', body: createBody(change, marker, resolve) },
        ...(inactive ? [{ verb: 'update' as const, body: inactive }] : []),
      ];
    }
    case 'delete':
      return [{ verb: 'delete', body: {} }];
    case 'replace':
      // a destination's new type: the new one (a new signing secret) first, then the old one deleted
      if (change.kind === 'notification') {
        const inactive = notificationActiveAfterCreate(change.desired);
        return [
          { verb: 'create', body: createBody(change, marker, resolve) },
          ...(inactive ? [{ verb: 'update' as const, body: inactive }] : []),
          { verb: 'delete', body: {} },
        ];
      }
      // the new price first, so the key never points at nothing (lukasaron#86)
      return [
        { verb: 'create', body: createBody(change, marker, resolve) },
        { verb: 'archive', body: ARCHIVED },
      ];
    case 'update':
      return [{ verb: 'update', body: update(change) }];
    case 'unarchive':
      // first back to active: Paddle refuses changes to an archived object (entity_archived)
      return [
        { verb: 'unarchive', body: ACTIVE },
        ...(change.fields.length > 0 ? [{ verb: 'update' as const, body: update(change) }] : []),
      ];
    case 'adopt':
      return [
        ...(change.archived ? [{ verb: 'unarchive' as const, body: ACTIVE }] : []),
        { verb: 'adopt', body: adoptBody(change, marker, resolve) },
      ];
    case 'archive':
      return [{ verb: 'archive', body: archiveBody(change) }];
    default:
      return [];
  }
}

/**
 * A price archived because its subscribers moved to another (planner/retire.ts) names that price beside
 * its marker in the same PATCH, so `refs` can say what replaced it; any other archive sends the status.
 */
function archiveBody(change: Change): object {
  const { replacedBy, customData } = change.retired ?? {};
  return replacedBy && customData ? { ...ARCHIVED, custom_data: customData } : ARCHIVED;
}

/** A change that writes the catalog's state (not an archive, not a product kept only for its prices). */
type Writing = Exclude<Change, { desired: null }>;

function createBody(change: Writing, marker: Marker, resolve: (key: string) => string | Ref): object {
  if (change.kind === 'product') return productCreateBody(marker, change.desired);
  if (change.kind === 'discount_group') return discountGroupBody(marker, change.desired);
  if (change.kind === 'notification') return notificationCreateBody(marker, change.desired);
  if (change.kind === 'discount') return restricted(discountCreateBody(marker, change.desired), resolve);
  // the product's id, or the create that makes it, takes the place of the one bodies.ts is given
  return { ...priceCreateBody(marker, change.desired, ''), product_id: resolve(change.productKey) };
}

function updateBody(change: Writing, marker: Marker, resolve: (key: string) => string | Ref): object {
  const { fields } = change;
  if (change.kind === 'product') return productUpdateBody(marker, change.desired, fields);
  if (change.kind === 'price') return priceUpdateBody(marker, change.desired, fields);
  if (change.kind === 'discount_group') return discountGroupBody(marker, change.desired);
  if (change.kind === 'notification') return notificationUpdateBody(marker, change.desired, fields);
  return restricted(discountUpdateBody(marker, change.desired, fields), resolve);
}

function adoptBody(change: Writing, marker: Marker, resolve: (key: string) => string | Ref): object {
  const { fields } = change;
  if (change.kind === 'product') return productAdoptBody(marker, change.desired, fields);
  if (change.kind === 'price') return priceAdoptBody(marker, change.desired, fields);
  if (change.kind === 'discount_group') return discountGroupBody(marker, change.desired);
  if (change.kind === 'notification') return notificationAdoptBody(marker, change.desired, fields);
  return restricted(discountAdoptBody(marker, change.desired, fields), resolve);
}

/**
 * restrict_to names product and price keys, discount_group_id a group's key (`group:` before it in
 * `resolve`'s map, so a group and a product may share a key); each becomes the id it has in this
 * account, or the create that makes it.
 */
function restricted<T extends { restrict_to?: string[] | null; discount_group_id?: string | null }>(
  body: T,
  resolve: (key: string) => string | Ref,
) {
  const group = body.discount_group_id;
  return {
    ...body,
    ...(Array.isArray(body.restrict_to) ? { restrict_to: body.restrict_to.map(resolve) } : {}),
    ...(typeof group === 'string' ? { discount_group_id: resolve(groupRef(group)) } : {}),
  };
}

/** A discount group's key in the map of ids that compile resolves keys with. */
export const groupRef = (key: string) => `group:${key}`;
