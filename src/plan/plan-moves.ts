// The subscriber moves a catalog's `subscribers_from` asks for, with the ids the plan knows (pure).
// Apart from subscribers.ts, which the plan's types import: the moves' shape, not how they are found.
import { sourceKey } from '../catalog/rules/subscriber-moves.js';
import type { Catalog } from '../catalog/schema.js';
import { DEFAULT_PRORATION } from '../paddle-facts/subscriptions.js';
import type { SubscriberMove } from './subscribers.js';
import type { PriceChange, ProductPlan } from './types.js';

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
