// The subscriber moves a catalog's `subscribers_from` asks for, with the ids the plan knows, and what
// the target price's marker should record of them once an apply starts them (pure).
// Apart from subscribers.ts, which the plan's types import: the moves' shape, not how they are found.
import { sourceKey } from '../catalog/rules/subscriber-moves.js';
import type { Catalog, CatalogPrice } from '../catalog/schema.js';
import { DEFAULT_PRORATION } from '../paddle-facts/subscriptions.js';
import { readMarker, type StartedMove, sortedMoves } from './marker.js';
import type { RemotePrice } from './remote.js';
import type { SubscriberMove } from './subscribers.js';
import type { PriceChange, PriceState, ProductPlan } from './types.js';

/** The target's id now; null when this apply makes it (a create, or the new price of a replace). */
function targetId(change: PriceChange | undefined): string | null {
  if (change === undefined || change.action === 'create' || change.action === 'replace') return null;
  return change.id;
}

/** The id subscribers are on now: a replaced price's old id still holds them. */
function sourceId(change: PriceChange | undefined): string | null {
  if (change === undefined || change.action === 'create') return null;
  return change.id ?? null;
}

/**
 * The moves to the price `to` that the catalog asks for, as its marker records them once an apply
 * starts them (marker.ts); none when it asks for none.
 */
function catalogMovesTo(to: string, price: CatalogPrice): StartedMove[] {
  const moves = (price.subscribers_from ?? []).map((entry) => ({
    from: sourceKey(to, entry),
    proration: price.proration ?? DEFAULT_PRORATION,
    bills_from: price.bills_from ?? null,
  }));
  return sortedMoves(moves);
}

/**
 * The moves to this price its marker should record: the catalog's, when it asks for any (a new one,
 * or new terms, is a change an apply writes before it moves anyone); otherwise whatever the account's
 * price records, kept (a rise finished and its `subscribers_from` dropped writes nothing).
 */
export function withMovesStarted(
  key: string,
  state: PriceState,
  wanted: CatalogPrice,
  remote?: RemotePrice,
): PriceState {
  const { moves_started: _none, ...own } = state;
  const asked = catalogMovesTo(key, wanted);
  const kept = remote ? readMarker(remote.custom_data)?.moves : undefined;
  const moves = asked.length > 0 ? asked : kept;
  return moves && moves.length > 0 ? { ...own, moves_started: moves } : own;
}

/** Every move the catalog asks for, in catalog order, with the ids the plan knows. */
export function planMoves(catalog: Catalog, groups: readonly ProductPlan[]): SubscriberMove[] {
  const prices = new Map(groups.flatMap((g) => g.prices).map((change) => [change.key, change]));
  const moves: SubscriberMove[] = [];
  for (const [productKey, product] of Object.entries(catalog.products)) {
    for (const [priceKey, price] of Object.entries(product.prices ?? {})) {
      const to = `${productKey}/${priceKey}`;
      for (const entry of price.subscribers_from ?? []) {
        const from = sourceKey(to, entry);
        moves.push({
          kind: 'subscribers',
          from,
          to,
          fromId: sourceId(prices.get(from)),
          toId: targetId(prices.get(to)),
          proration: price.proration ?? DEFAULT_PRORATION,
          ...(price.bills_from ? { billsFrom: price.bills_from } : {}),
        });
      }
    }
  }
  return moves;
}
