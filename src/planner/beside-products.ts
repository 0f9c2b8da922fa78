// What a plan holds beside the products and their prices: the discount groups, the discounts (which
// name groups, products and prices by key) and the notification destinations of the plan's
// environment. Each is matched by its own marker (custom_data, or the text of those without it).
import type { Catalog } from '../catalog/schema.js';
import { withCodeConflicts } from './code-conflicts.js';
import { planDiscountGroups } from './discount-groups.js';
import { planDiscounts } from './discounts.js';
import { indexByMarker } from './identity.js';
import { sameCode } from './lookalikes.js';
import { planNotifications } from './notifications.js';
import type { CatalogSnapshot } from './remote.js';
import type {
  Ambiguity,
  DiffOptions,
  DiscountChange,
  DiscountGroupChange,
  Duplicate,
  NotificationChange,
  Orphan,
} from './types.js';

/**
 * The one holding the catalog's code first (Paddle keeps one discount per code, archived ones too,
 * so keeping another would strand the code on an archived twin); then the active one, then one
 * Paddle expired or used up (still in use), then an archived one.
 */
function indexDiscounts(catalog: Catalog, scope: string, snapshot: CatalogSnapshot) {
  return indexByMarker('discount', scope, snapshot.discounts, (d, key) => {
    const wantedCode = catalog.discounts?.[key]?.code;
    const holdsCode = wantedCode && d.code !== null && sameCode(d.code, wantedCode) ? 0 : 3;
    return holdsCode + (d.status === 'active' ? 0 : d.status === 'archived' ? 2 : 1);
  });
}

/** Catalog key of every product and price this run owns (managed or adopted), by Paddle id. */
function keysById(owned: (Map<string, { id: string }> | undefined)[]): Map<string, string> {
  return new Map(owned.flatMap((index) => [...(index ?? [])].map(([key, o]) => [o.id, key] as const)));
}

export interface BesideProducts {
  discountGroups: DiscountGroupChange[];
  discounts: DiscountChange[];
  notifications: NotificationChange[];
  duplicates: Duplicate[];
  orphans: Orphan[];
  ambiguities: Ambiguity[];
}

/** `owned`: the products and prices this run keeps or adopts, by key (restrict_to's ids are theirs). */
export function planBesideProducts(
  catalog: Catalog,
  snapshot: CatalogSnapshot,
  scope: string,
  owned: (Map<string, { id: string }> | undefined)[],
  options: DiffOptions,
): BesideProducts {
  const discountIndex = indexDiscounts(catalog, scope, snapshot);
  const grouping = planDiscountGroups(
    catalog.discount_groups ?? {},
    snapshot.discountGroups ?? [],
    scope,
    options,
  );
  const groupIds = new Map(grouping.changes.flatMap((c) => (c.id ? [[c.id, c.key] as const] : [])));
  const keyOfId = keysById(owned);
  for (const [id, key] of groupIds) keyOfId.set(id, key);
  const grouped = catalog.discount_groups !== undefined;
  const discounts = planDiscounts(
    catalog.discounts ?? {},
    snapshot.discounts,
    discountIndex.kept,
    keyOfId,
    options,
    grouped,
  );
  const environment = options.environment ?? 'sandbox';
  const notifying = planNotifications(
    catalog.notifications ?? {},
    snapshot.notifications ?? [],
    scope,
    environment,
    options,
  );
  return {
    discountGroups: grouping.changes,
    discounts: withCodeConflicts(discounts.changes, snapshot.discounts),
    notifications: notifying.changes,
    duplicates: [...discountIndex.duplicates, ...grouping.duplicates, ...notifying.duplicates],
    orphans: [...grouping.orphans, ...discounts.orphans, ...notifying.orphans],
    ambiguities: [...grouping.ambiguities, ...discounts.ambiguities, ...notifying.ambiguities],
  };
}
