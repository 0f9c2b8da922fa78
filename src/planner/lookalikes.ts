// Look-alikes: a key the plan would create while the account already has an unmanaged, active
// object that a person would take for the same thing — made in the dashboard, or by hand through
// the API. Creating beside it is how an account ends up with two "Pro" products, so the plan flags
// it and apply stops (--adopt, a new name, or --allow-lookalikes). The same rules decide what
// --adopt takes over (src/planner/adopt.ts), so every look-alike can be adopted. Only unmarked
// objects are look-alikes: another catalog's objects carry a marker and are never one. Only active
// ones, too — except a discount's: Paddle keeps its code for one discount, archived or not, so an
// archived holder of the code is in the way as much as an active one.
import { olderFirst, type Tracked } from './identity.js';
import { readMarker } from './marker.js';
import { money } from './normalize.js';
import type { RemoteDiscount, RemoteMoney, RemotePrice, RemoteProduct } from './remote.js';
import type { Change, Lookalike, PriceState, ProductPlan, ProductState } from './types.js';

const nameKey = (name: string) => name.trim().toLowerCase();

/** Two product names a person would take for one: equal ignoring case and surrounding spaces. */
export const sameName = (a: string, b: string) => nameKey(a) === nameKey(b);

/** "01000 usd" is 1000 USD. */
const sameMoney = (a: RemoteMoney, b: RemoteMoney) => {
  const [x, y] = [money(a), money(b)];
  return x.amount === y.amount && x.currency_code === y.currency_code;
};

/** Two prices of one product a person would take for one: the same description and unit price. */
export const samePrice = (
  remote: Pick<RemotePrice, 'description' | 'unit_price'>,
  wanted: Pick<PriceState, 'description' | 'unit_price'>,
) => remote.description === wanted.description && sameMoney(remote.unit_price, wanted.unit_price);

/** Discount codes are one per account, not case-sensitive. */
export const sameCode = (a: string | null, b: string | null) =>
  a !== null && b !== null && a.toUpperCase() === b.toUpperCase();

/** The oldest unmarked, active object that matches and that this plan does not already take over. */
function twinIn<T extends Tracked>(
  pool: readonly T[],
  taken: ReadonlySet<string>,
  matches: (o: T) => boolean,
  status: T['status'] = 'active',
) {
  return pool
    .filter((o) => o.status === status && readMarker(o.custom_data) === undefined && !taken.has(o.id))
    .filter(matches)
    .sort(olderFirst)[0];
}

function productLookalike(
  wanted: ProductState,
  products: readonly RemoteProduct[],
  taken: ReadonlySet<string>,
): Lookalike | undefined {
  const twin = twinIn(products, taken, (p) => sameName(p.name, wanted.name));
  return twin && { id: twin.id, name: twin.name };
}

/** Among the prices of the product the key's price would be created under. */
function priceLookalike(
  wanted: PriceState,
  prices: readonly RemotePrice[],
  taken: ReadonlySet<string>,
): Lookalike | undefined {
  const twin = twinIn(prices, taken, (p) => samePrice(p, wanted));
  return twin && { id: twin.id, description: twin.description };
}

export function discountLookalike(
  code: string | null,
  discounts: readonly RemoteDiscount[],
  taken: ReadonlySet<string>,
): Lookalike | undefined {
  const holds = (d: RemoteDiscount) => sameCode(d.code, code);
  const twin = twinIn(discounts, taken, holds);
  if (twin) return { id: twin.id, code: twin.code as string };
  // Paddle keeps the code of a discount it expired or used up, and of an archived one
  for (const status of ['expired', 'used'] as const) {
    const lapsed = twinIn(discounts, taken, holds, status);
    if (lapsed) return { id: lapsed.id, code: lapsed.code as string, remoteStatus: status };
  }
  const archived = twinIn(discounts, taken, holds, 'archived');
  return archived && { id: archived.id, code: archived.code as string, archived: true };
}

/**
 * The products and prices the plan creates, each with its look-alike when it has one. A price is
 * compared only under a product that exists (a new product has no prices yet); `taken` holds the
 * ids the plan adopts, which are no longer anyone's look-alike.
 */
export function withLookalikes(
  groups: readonly ProductPlan[],
  products: readonly RemoteProduct[],
  taken: ReadonlySet<string>,
): ProductPlan[] {
  return groups.map(({ product, prices }) => {
    const remote = product.id ? products.find((p) => p.id === product.id) : undefined;
    const flaggedProduct =
      product.action === 'create'
        ? flag(product, productLookalike(product.desired, products, taken))
        : product;
    const flaggedPrices = prices.map((price) =>
      price.action === 'create' && remote
        ? flag(price, priceLookalike(price.desired, remote.prices, taken))
        : price,
    );
    return { product: flaggedProduct, prices: flaggedPrices };
  });
}

const flag = <C extends Change>(change: C, lookalike: Lookalike | undefined): C =>
  lookalike ? { ...change, lookalike } : change;

/** The look-alike of a change, if it is a create that has one. */
export function lookalikeOf(change: Change): Lookalike | undefined {
  return change.action === 'create' ? change.lookalike : undefined;
}
