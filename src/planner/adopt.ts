// --adopt: a catalog key that no marked object carries may take over an unmarked remote
// object that matches it — a product by name (ignoring case and surrounding spaces); a price by its
// product, description and unit price. These are the look-alike rules (lookalikes.ts), so whatever
// the plan flags as a look-alike, --adopt can take over.
// Only unmarked objects are ever candidates, and only a unique match is adopted: two candidates
// for one key, or one object that two keys match, is reported as ambiguous and adopts nothing.
import type { Catalog } from '../catalog/schema.js';
import { sameName, samePrice } from './lookalikes.js';
import { priceKeyOf, readMarker } from './marker.js';
import type { CatalogSnapshot, RemotePrice, RemoteProduct } from './remote.js';
import type { Ambiguity } from './types.js';

export interface Adoptions {
  /** product key → the unmarked product it takes over */
  products: Map<string, RemoteProduct>;
  /** `pro/monthly` → the unmarked price it takes over */
  prices: Map<string, RemotePrice>;
  ambiguities: Ambiguity[];
}

interface Candidate {
  id: string;
  status: string;
  custom_data: Record<string, unknown> | null;
}

interface Wanted<T> {
  key: string;
  what: string;
  matches: (object: T) => boolean;
}

/**
 * Active matches are preferred over archived ones (an archived "Pro" beside the live "Pro" is
 * history, not a rival); within the preferred tier the match must be unique.
 */
function preferred<T extends Candidate>(matches: T[]): T[] {
  const active = matches.filter((m) => m.status === 'active');
  return active.length > 0 ? active : matches;
}

function claim<T extends Candidate>(
  kind: Ambiguity['kind'],
  wanted: Wanted<T>[],
  pool: T[],
): { claimed: Map<string, T>; ambiguities: Ambiguity[] } {
  const unmarked = pool.filter((o) => readMarker(o.custom_data) === undefined);
  const ambiguities: Ambiguity[] = [];
  const single = new Map<string, T>();
  for (const { key, what, matches } of wanted) {
    const found = preferred(unmarked.filter(matches));
    if (found.length === 1) single.set(key, found[0] as T);
    else if (found.length > 1) {
      const candidates = found.map((o) => o.id).sort();
      ambiguities.push({ kind, key, candidates, reason: `${found.length} unmarked ${kind}s match ${what}` });
    }
  }
  const claimed = new Map<string, T>();
  for (const [key, object] of single) {
    const rivals = [...single].filter(([other, o]) => other !== key && o.id === object.id).map(([k]) => k);
    if (rivals.length === 0) claimed.set(key, object);
    else {
      const reason = `${object.id} also matches ${kind} ${rivals.join(', ')}`;
      ambiguities.push({ kind, key, candidates: [object.id], reason });
    }
  }
  return { claimed, ambiguities };
}

/** The adoptions for the keys that `managed` (the marker index of diff) has no object for. */
export function findAdoptions(
  catalog: Catalog,
  snapshot: CatalogSnapshot,
  managed: { products: ReadonlyMap<string, RemoteProduct>; prices: ReadonlyMap<string, RemotePrice> },
): Adoptions {
  const entries = Object.entries(catalog.products);
  const products = claim(
    'product',
    entries
      .filter(([key]) => !managed.products.has(key))
      .map(([key, p]) => ({
        key,
        what: `the name ${JSON.stringify(p.name)}`,
        matches: (r: RemoteProduct) => sameName(r.name, p.name),
      })),
    snapshot.products,
  );
  const prices = new Map<string, RemotePrice>();
  const ambiguities = [...products.ambiguities];
  for (const [productKey, product] of entries) {
    const remote = managed.products.get(productKey) ?? products.claimed.get(productKey);
    if (!remote) continue;
    const found = claim(
      'price',
      Object.entries(product.prices ?? {})
        .map(([priceKey, p]) => ({ key: priceKeyOf(productKey, priceKey), p }))
        .filter(({ key }) => !managed.prices.has(key))
        .map(({ key, p }) => ({
          key,
          what: `the description ${JSON.stringify(p.description)} and unit price ${p.unit_price.amount} ${p.unit_price.currency_code}`,
          matches: (r: RemotePrice) => samePrice(r, p),
        })),
      remote.prices,
    );
    for (const [key, price] of found.claimed) prices.set(key, price);
    ambiguities.push(...found.ambiguities);
  }
  return { products: products.claimed, prices, ambiguities };
}
