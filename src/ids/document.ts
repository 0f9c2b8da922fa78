// The id file of `ids` (and `apply --ids-out file.ts`): per environment, the key → id maps of a
// catalog's products, prices, discounts, discount groups and notification destinations (their ids;
// a destination's signing secret is never here: apply --secrets-out), with the account they were read from and when. One
// file holds both environments, so an app picks its ids with one switch; writing one side keeps
// the other. Pure: the command reads and writes the file.
import { z } from 'zod';
import type { IdEntry } from '../catalog/env-names.js';
import { KEY_PATTERN } from '../catalog/schema.js';
import { ENVIRONMENTS, type EnvironmentName } from '../paddle-facts/environments.js';
import { type IdPrefix, paddleIdPattern } from '../paddle-facts/ids.js';
import { changesInOrder } from '../planner/summary.js';
import type { Kind, Plan } from '../planner/types.js';
import { type IdsFeatures, idsFeaturesSchema } from './features.js';

/** Names the file's shape, so a later version can read (or refuse) an older file. */
export const IDS_FORMAT = 'paddle-catalog-ids/1';

const KINDS = [
  'product',
  'price',
  'discount',
  'discount_group',
  'notification',
] as const satisfies readonly Kind[];
const ID_PREFIX: Record<Kind, IdPrefix> = {
  product: 'pro',
  price: 'pri',
  discount: 'dsc',
  discount_group: 'dsg',
  notification: 'ntfset',
};
const MAP_OF = {
  product: 'products',
  price: 'prices',
  discount: 'discounts',
  discount_group: 'discount_groups',
  notification: 'notifications',
} as const satisfies Record<Kind, string>;

const idMap = (kind: Kind, keyPattern: RegExp) =>
  z.record(z.string().regex(keyPattern), z.string().regex(paddleIdPattern(ID_PREFIX[kind])));

const PRICE_KEY = new RegExp(`^${KEY_PATTERN.source.slice(1, -1)}/${KEY_PATTERN.source.slice(1, -1)}$`);

const sideSchema = z.strictObject({
  /** the API the ids were read from (never a key) */
  baseUrl: z.string(),
  readAt: z.iso.datetime(),
  products: idMap('product', KEY_PATTERN),
  prices: idMap('price', PRICE_KEY),
  discounts: idMap('discount', KEY_PATTERN),
  /** only for a catalog that has some, so the file of one without is as it was */
  discount_groups: idMap('discount_group', KEY_PATTERN).optional(),
  notifications: idMap('notification', KEY_PATTERN).optional(),
  /** keys of products and prices the catalog keeps archived: their ids stay for what refers to them */
  archived: z.array(z.string()).optional(),
});

export const idsDocumentSchema = z.strictObject({
  format: z.literal(IDS_FORMAT),
  catalog: z.string().regex(KEY_PATTERN),
  environments: z.strictObject({ sandbox: sideSchema.optional(), production: sideSchema.optional() }),
  /** the catalog's features, when it declares any (features.ts) */
  features: idsFeaturesSchema.optional(),
});

export type IdsSide = z.infer<typeof sideSchema>;
export type IdsDocument = z.infer<typeof idsDocumentSchema>;

/** A key of the catalog that has no usable object in the account, and why. */
export interface MissingKey {
  kind: Kind;
  key: string;
  reason:
    | 'not created'
    | 'archived'
    | 'under another product'
    | 'its product is archived'
    | 'its type changes: apply replaces it';
}

const MISSING_BECAUSE = {
  create: 'not created',
  unarchive: 'archived',
  replace: 'under another product',
} as const;

/**
 * The ids a plan found for the catalog's keys: an object that exists (changed or not) gives its
 * id; one to be created, archived, or a price now under another product is missing, and so is a
 * price whose product is archived (it cannot be bought). The plan is made without
 * --prune/--adopt/--dedupe, so no other action occurs for a catalog key.
 */
export function idsFromPlan(plan: Plan): { entries: IdEntry[]; missing: MissingKey[] } {
  const entries: IdEntry[] = [];
  const missing: MissingKey[] = [];
  const archivedProducts = new Set<string>();
  for (const change of changesInOrder(plan)) {
    // an archived key the catalog keeps: its id, marked archived (planner/retire.ts)
    if (change.retired && change.id) {
      entries.push({ kind: change.kind, key: change.key, id: change.id, archived: true });
      continue;
    }
    if (change.desired === null) continue;
    // a destination's replacement is a new one (a new id); the id now is the one apply deletes
    const reason =
      change.kind === 'notification' && change.action === 'replace'
        ? 'its type changes: apply replaces it'
        : MISSING_BECAUSE[change.action as keyof typeof MISSING_BECAUSE];
    if (change.kind === 'product' && reason === 'archived') archivedProducts.add(change.key);
    if (reason) missing.push({ kind: change.kind, key: change.key, reason });
    else if (change.kind === 'price' && archivedProducts.has(change.productKey))
      missing.push({ kind: 'price', key: change.key, reason: 'its product is archived' });
    else if (change.id) entries.push({ kind: change.kind, key: change.key, id: change.id });
  }
  return { entries, missing };
}

const byKey = (pairs: [string, string][]) =>
  Object.fromEntries(pairs.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/** One environment's side of the file, maps sorted by key so the file diffs cleanly. */
export function idsSide(entries: readonly IdEntry[], baseUrl: string, readAt: Date): IdsSide {
  const map = (kind: Kind) => byKey(entries.filter((e) => e.kind === kind).map((e) => [e.key, e.id]));
  const archived = entries.filter((e) => e.archived).map((e) => e.key);
  return {
    baseUrl,
    readAt: readAt.toISOString(),
    products: map('product'),
    prices: map('price'),
    discounts: map('discount'),
    ...(entries.some((e) => e.kind === 'discount_group') ? { discount_groups: map('discount_group') } : {}),
    ...(entries.some((e) => e.kind === 'notification') ? { notifications: map('notification') } : {}),
    ...(archived.length > 0 ? { archived: archived.sort() } : {}),
  };
}

/** A side's ids as entries again (for dotenv lines, and for `refs` to know the other account). */
export function sideEntries(side: IdsSide): IdEntry[] {
  const archived = new Set(side.archived ?? []);
  return KINDS.flatMap((kind) =>
    Object.entries(side[MAP_OF[kind]] ?? {}).map(([key, id]) => ({
      kind,
      key,
      id,
      ...(archived.has(key) ? { archived: true as const } : {}),
    })),
  );
}

/**
 * The file with `environment`'s side set, the other side kept (the caller checks it is this
 * catalog's), and the catalog's features as they are now (none: the file has none).
 */
export function withSide(
  existing: IdsDocument | undefined,
  catalog: string,
  environment: EnvironmentName,
  side: IdsSide,
  features?: IdsFeatures,
): IdsDocument {
  const environments = { ...existing?.environments, [environment]: side };
  // sandbox first, whichever was written first
  const ordered = Object.fromEntries(
    ENVIRONMENTS.flatMap((e) => (environments[e] ? [[e, environments[e]]] : [])),
  );
  return { format: IDS_FORMAT, catalog, environments: ordered, ...(features ? { features } : {}) };
}

/** The environments the file has ids for, in the usual order. */
export function sidesOf(document: IdsDocument): EnvironmentName[] {
  return ENVIRONMENTS.filter((e) => document.environments[e] !== undefined);
}
