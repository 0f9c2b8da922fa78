// diff(catalog, snapshot) → Plan: pure, no I/O. Remote objects are matched by their marker only.
import { type Catalog, type CatalogPrice, type CatalogProduct, catalogName } from '../catalog/schema.js';
import { type Adoptions, findAdoptions } from './adopt.js';
import { planBesideProducts } from './beside-products.js';
import { productStates } from './features.js';
import { fieldChanges } from './field-diff.js';
import { indexByMarker } from './identity.js';
import { withLookalikes } from './lookalikes.js';
import { keptCustomData, priceKeyOf } from './marker.js';
import { priceState } from './normalize.js';
import { planMoves, withMovesStarted } from './plan-moves.js';
import type { CatalogSnapshot, CustomData, RemotePrice, RemoteProduct } from './remote.js';
import { addArchives, archivedInCatalog, noteReplacements, retiredPrice, retiredProduct } from './retire.js';
import { comparePrice } from './tax-mode.js';
import { twinMoves } from './twin-moves.js';
import type {
  Deduplication,
  DiffOptions,
  Duplicate,
  Orphan,
  Plan,
  PriceChange,
  ProductChange,
  ProductPlan,
} from './types.js';

type WithData = { custom_data?: CustomData | null };

/** The object's own custom_data stays unless the catalog writes custom_data out (see keptCustomData). */
const ownData = <S extends WithData>(state: S, wanted: WithData, remote: WithData): S => ({
  ...state,
  custom_data: keptCustomData(wanted.custom_data, remote.custom_data),
});

function productChange(
  key: string,
  wanted: CatalogProduct,
  remote: RemoteProduct | undefined,
  managed: boolean,
): ProductChange {
  const { desired, current } = productStates(wanted, remote, managed);
  if (archivedInCatalog(wanted)) return retiredProduct(key, remote, desired);
  if (!remote || !current) return { kind: 'product', key, action: 'create', fields: [], desired };
  const fields = fieldChanges(current, desired);
  const action = remote.status === 'archived' ? 'unarchive' : fields.length > 0 ? 'update' : 'unchanged';
  return { kind: 'product', key, action, id: remote.id, fields, desired };
}

function priceChange(
  productKey: string,
  priceKey: string,
  wanted: NonNullable<CatalogProduct['prices']>[string],
  remote: RemotePrice | undefined,
  productId: string | undefined,
): PriceChange {
  const base = { kind: 'price' as const, key: priceKeyOf(productKey, priceKey), productKey, priceKey };
  if (!remote)
    return {
      ...base,
      action: 'create',
      fields: [],
      desired: withMovesStarted(base.key, priceState(wanted), wanted),
    };
  const desired = withMovesStarted(base.key, ownData(priceState(wanted), wanted, remote), wanted, remote);
  if (remote.product_id !== productId) {
    // Paddle cannot move a price to another product (no product_id in PATCH /prices).
    if (remote.status === 'archived') {
      return {
        ...base,
        action: 'create',
        fields: [],
        desired,
        reason: `${remote.id} is archived under another product`,
      };
    }
    const reason = `${remote.id} belongs to another product and product_id cannot be changed: create new, archive old`;
    return { ...base, action: 'replace', id: remote.id, fields: [], desired, reason };
  }
  const compared = comparePrice(priceState(remote), desired, wanted.tax_mode);
  const action = remote.status === 'archived' ? 'unarchive' : compared.fields.length ? 'update' : 'unchanged';
  return { ...base, action, id: remote.id, ...compared };
}

/** Taking over an unmarked object: the marker, plus whatever else differs from the catalog. */
function adoptProduct(
  key: string,
  wanted: CatalogProduct,
  remote: RemoteProduct,
  managed: boolean,
): ProductChange {
  const { desired, current = desired } = productStates(wanted, remote, managed);
  const fields = fieldChanges(current, desired);
  const archived = remote.status === 'archived' ? { archived: true } : {};
  return { kind: 'product', key, action: 'adopt', id: remote.id, fields, desired, ...archived };
}

function adoptPrice(
  productKey: string,
  priceKey: string,
  wanted: NonNullable<CatalogProduct['prices']>[string],
  remote: RemotePrice,
): PriceChange {
  const key = priceKeyOf(productKey, priceKey);
  const desired = withMovesStarted(key, ownData(priceState(wanted), wanted, remote), wanted, remote);
  const compared = comparePrice(priceState(remote), desired, wanted.tax_mode);
  const archived = remote.status === 'archived' ? { archived: true } : {};
  return {
    kind: 'price',
    key: priceKeyOf(productKey, priceKey),
    productKey,
    priceKey,
    action: 'adopt',
    id: remote.id,
    ...compared,
    ...archived,
  };
}

/** Managed products and prices by key; a price under its own product is preferred as the kept one. */
function indexManaged(scope: string, snapshot: CatalogSnapshot) {
  const products = indexByMarker('product', scope, snapshot.products, (p) => (p.status === 'active' ? 0 : 1));
  const productIdOf = (key: string) => products.kept.get(key)?.id;
  const allPrices = snapshot.products.flatMap((p) => p.prices);
  const prices = indexByMarker('price', scope, allPrices, (p, key) => {
    const underOwnProduct = p.product_id === productIdOf(key.split('/')[0] ?? '') ? 0 : 2;
    return underOwnProduct + (p.status === 'active' ? 0 : 1);
  });
  return { products, prices };
}

/** One group per catalog product: a managed match wins, an adoption only stands in for a missing one. */
function planProducts(
  catalog: Catalog,
  products: Map<string, RemoteProduct>,
  prices: Map<string, RemotePrice>,
  adoptions: Adoptions | undefined,
): ProductPlan[] {
  const managed = catalog.features !== undefined;
  return Object.entries(catalog.products).map(([key, wanted]) => {
    const remote = products.get(key);
    const adopted = remote ? undefined : adoptions?.products.get(key);
    const product = adopted
      ? adoptProduct(key, wanted, adopted, managed)
      : productChange(key, wanted, remote, managed);
    const priceChanges = Object.entries(wanted.prices ?? {}).flatMap(([priceKey, price]) => {
      const managed = prices.get(priceKeyOf(key, priceKey));
      if (archivedInCatalog(price)) return retired(key, priceKey, price, managed);
      const adoptedPrice = managed ? undefined : adoptions?.prices.get(priceKeyOf(key, priceKey));
      return adoptedPrice
        ? adoptPrice(key, priceKey, price, adoptedPrice)
        : priceChange(key, priceKey, price, managed, (remote ?? adopted)?.id);
    });
    return { product, prices: priceChanges };
  });
}

/** A price the catalog keeps archived (retire.ts); none when Paddle has none to keep. */
function retired(
  productKey: string,
  priceKey: string,
  wanted: CatalogPrice,
  remote: RemotePrice | undefined,
) {
  const desired = remote ? ownData(priceState(wanted), wanted, remote) : priceState(wanted);
  return retiredPrice(priceKeyOf(productKey, priceKey), remote, desired) ?? [];
}

/** Managed objects the catalog no longer names: reported, and archived only with --prune. */
function findOrphans(
  groups: ProductPlan[],
  products: Map<string, RemoteProduct>,
  prices: Map<string, RemotePrice>,
): Orphan[] {
  const wantedKeys = new Set(groups.flatMap((g) => [g.product.key, ...g.prices.map((p) => p.key)]));
  return [
    ...[...products].map(([key, p]) => ({
      kind: 'product' as const,
      key,
      id: p.id,
      active: p.status === 'active',
    })),
    ...[...prices].map(([key, p]) => ({
      kind: 'price' as const,
      key,
      id: p.id,
      active: p.status === 'active',
    })),
  ]
    .filter((o) => o.active && !wantedKeys.has(o.key))
    .sort((a, b) => a.key.localeCompare(b.key))
    .map(({ active: _active, ...orphan }) => orphan);
}

export function diff(catalog: Catalog, snapshot: CatalogSnapshot, options: DiffOptions = {}): Plan {
  const scope = catalogName(catalog);
  const { products, prices } = indexManaged(scope, snapshot);
  const adoptions: Adoptions | undefined = options.adopt
    ? findAdoptions(catalog, snapshot, { products: products.kept, prices: prices.kept })
    : undefined;

  const planned = planProducts(catalog, products.kept, prices.kept, adoptions);
  const adopted = [...(adoptions?.products.values() ?? []), ...(adoptions?.prices.values() ?? [])];
  const groups = withLookalikes(planned, snapshot.products, new Set(adopted.map((o) => o.id)));
  if (adoptions) noteAmbiguities(groups, adoptions);

  const orphans = findOrphans(groups, products.kept, prices.kept);
  if (options.prune) addArchives(groups, orphans, products.kept, prices.kept);
  const owned = [products.kept, prices.kept, adoptions?.products, adoptions?.prices];
  const beside = planBesideProducts(catalog, snapshot, scope, owned, options);
  const duplicates = [...products.duplicates, ...prices.duplicates, ...beside.duplicates];
  const plan: Plan = {
    catalog: scope,
    groups,
    ...(beside.discountGroups.length > 0 ? { discountGroups: beside.discountGroups } : {}),
    discounts: beside.discounts,
    ...(beside.notifications.length > 0 ? { notifications: beside.notifications } : {}),
    duplicates,
    orphans: [...orphans, ...beside.orphans],
  };
  const moves = planMoves(catalog, groups);
  noteReplacements(groups, moves);
  if (moves.length > 0) plan.moves = moves;
  const withAdoptions = adoptions
    ? {
        ...plan,
        ambiguities: [...adoptions.ambiguities, ...beside.ambiguities],
      }
    : plan;
  if (!options.dedupe) return withAdoptions;
  // a price twin's subscribers move to the kept twin before it is archived (twin-moves.ts)
  const priceChanges = new Map(groups.flatMap((g) => g.prices).map((c) => [c.key, c]));
  const allPrices = new Map(snapshot.products.flatMap((p) => p.prices).map((p) => [p.id, p]));
  const twins = twinMoves(prices.duplicates, allPrices, priceChanges);
  const withTwins = twins.length > 0 ? { moves: [...moves, ...twins] } : {};
  return { ...withAdoptions, deduplication: duplicates.flatMap(deduplication), ...withTwins };
}

/**
 * --dedupe: every extra active object of a key is archived (before anything else, see changesInOrder).
 * A notification destination's or a discount group's extra object is reported, not removed: one to
 * delete by hand in the dashboard (deleting a destination cannot be undone).
 */
function deduplication(duplicate: Duplicate): Deduplication[] {
  if (duplicate.kind === 'notification' || duplicate.kind === 'discount_group') return [];
  return duplicate.others.map((id): Deduplication => {
    const base = {
      key: duplicate.key,
      action: 'archive' as const,
      id,
      fields: [],
      desired: null,
      reason: `duplicate of ${duplicate.kept}`,
      duplicateOf: duplicate.kept,
    };
    if (duplicate.kind === 'product') return { ...base, kind: 'product' };
    if (duplicate.kind === 'discount') return { ...base, kind: 'discount' };
    const [productKey = '', priceKey = ''] = duplicate.key.split('/');
    return { ...base, kind: 'price', productKey, priceKey };
  });
}

/** A key whose match was ambiguous is created, and its line says why nothing was adopted. */
function noteAmbiguities(groups: ProductPlan[], adoptions: Adoptions): void {
  const why = new Map(adoptions.ambiguities.map((a) => [a.key, a]));
  for (const change of groups.flatMap((g) => [g.product, ...g.prices])) {
    const ambiguity = why.get(change.key);
    if (ambiguity && change.action === 'create') {
      change.reason = `not adopted: ${ambiguity.reason} (${ambiguity.candidates.join(', ')})`;
    }
  }
}
