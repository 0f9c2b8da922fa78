// Archiving: a managed object the catalog no longer names (--prune), and a product or price the
// catalog keeps with `status: archived`. A kept one keeps its key: its id stays in `ids`, and a
// `subscribers_from` may name it, so its subscribers move to the new price in the same change and
// it is archived after them (apply holds the archive while any subscription is still on it). Only
// its status is compared: Paddle refuses changes to an archived object (entity_archived,
// https://developer.paddle.com/errors/shared/entity_archived), so its other fields stay as they were.
import { MARKER_FIELD } from '../catalog/schema.js';
import type { CustomData, RemotePrice, RemoteProduct } from './remote.js';
import type { SubscriberMove } from './subscribers.js';
import type { Orphan, PriceChange, PriceState, ProductChange, ProductPlan, ProductState } from './types.js';

/** Beside the marker of an archived price: the key of the price its subscribers moved to (for refs). */
const REPLACED_BY_FIELD = 'replaced_by';

export const archivedInCatalog = (wanted: { status?: string | undefined }) => wanted.status === 'archived';

const archiveProduct = (key: string, remote: RemoteProduct | undefined): ProductChange =>
  remote && remote.status === 'active'
    ? { kind: 'product', key, action: 'archive', id: remote.id, fields: [], desired: null }
    : { kind: 'product', key, action: 'unchanged', id: remote?.id, fields: [], desired: null };

/** A price's change, of the key `product/price`. */
const ofPrice = (key: string) => {
  const [productKey = '', priceKey = ''] = key.split('/');
  return { kind: 'price' as const, key, productKey, priceKey, fields: [] };
};

const archivePrice = (key: string, remote: RemotePrice): PriceChange => ({
  ...ofPrice(key),
  action: 'archive',
  id: remote.id,
  desired: null,
});

/** A product the catalog keeps archived: archived now if active; none in Paddle: nothing to do. */
export function retiredProduct(
  key: string,
  remote: RemoteProduct | undefined,
  desired: ProductState,
): ProductChange {
  if (remote?.status === 'active') return { ...archiveProduct(key, remote), retired: {} };
  if (!remote) return archiveProduct(key, remote);
  return { kind: 'product', key, action: 'unchanged', id: remote.id, fields: [], desired, retired: {} };
}

/** A price the catalog keeps archived: archived now if active; undefined when Paddle has none. */
export function retiredPrice(
  key: string,
  remote: RemotePrice | undefined,
  desired: PriceState,
): PriceChange | undefined {
  if (!remote) return undefined;
  if (remote.status === 'active')
    return { ...archivePrice(key, remote), retired: { customData: remote.custom_data } };
  return { ...ofPrice(key), action: 'unchanged', id: remote.id, desired, retired: {} };
}

/** The key of the price that replaced an archived one, as its archive wrote it beside the marker. */
export function replacedByIn(customData: CustomData | null | undefined): string | undefined {
  const marker = customData?.[MARKER_FIELD];
  const value =
    typeof marker === 'object' && marker !== null ? (marker as CustomData)[REPLACED_BY_FIELD] : undefined;
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The marker of an archived price, with the price that replaced it beside the key. */
function stamped(customData: CustomData | null | undefined, replacedBy: string): CustomData {
  const marker = customData?.[MARKER_FIELD];
  const entry = typeof marker === 'object' && marker !== null ? marker : {};
  return { ...(customData ?? {}), [MARKER_FIELD]: { ...entry, [REPLACED_BY_FIELD]: replacedBy } };
}

/** Each retired price that a move names as its source: its replacement, and what its archive waits for. */
export function noteReplacements(groups: readonly ProductPlan[], moves: readonly SubscriberMove[]): void {
  const to = new Map(moves.map((move) => [move.from, move.to]));
  for (const change of groups.flatMap((g) => g.prices)) {
    const replacedBy = to.get(change.key);
    if (!change.retired || replacedBy === undefined) continue;
    if (change.action !== 'archive') {
      change.retired = { replacedBy };
      continue;
    }
    change.retired = { replacedBy, customData: stamped(change.retired.customData, replacedBy) };
    change.reason = `status: archived; archived once its subscribers have moved to ${replacedBy}, and left active while any is still on it`;
  }
}

/** Prices are archived with (before) their product, so a pruned product leaves no active price behind. */
export function addArchives(
  groups: ProductPlan[],
  orphans: Orphan[],
  products: Map<string, RemoteProduct>,
  prices: Map<string, RemotePrice>,
): void {
  for (const orphan of orphans) {
    const productKey = orphan.kind === 'product' ? orphan.key : (orphan.key.split('/')[0] ?? '');
    let group = groups.find((g) => g.product.key === productKey);
    if (!group) {
      group = { product: archiveProduct(productKey, products.get(productKey)), prices: [] };
      groups.push(group);
    }
    const price = orphan.kind === 'price' ? prices.get(orphan.key) : undefined;
    if (price) group.prices.push(archivePrice(orphan.key, price));
  }
}
