// A product or price kept in the catalog with `status: archived` (docs/rules.md,
// product-archived-price-active and subscribers-to-archived). Paddle archives one entity at a time:
// an archived entity cannot be used for anything new, and nothing in its docs archives a product's
// prices with it (https://developer.paddle.com/api-reference/about/delete-entities; PATCH
// /products/{id} sends the product's own `status`). So an archived product's prices stay active
// unless archived themselves, prices that cannot be bought (what refs reports as product-archived):
// the catalog archives both, in words the plan shows.
import { error, type Finding } from './finding.js';
import type { RuleInput } from './rule-input.js';
import { sourceKey } from './subscriber-moves.js';

const archived = (fields: { status?: string | undefined }) => fields.status === 'archived';

/** Every price under an archived product is archived too. */
function pricesOfArchivedProducts(input: RuleInput): Finding[] {
  return input.products.flatMap((product) => {
    if (product.invalid.has('status') || !archived(product.fields)) return [];
    return product.prices
      .filter(({ price, invalid }) => !invalid.has('status') && !archived(price))
      .map(({ key, price }) => {
        const at = ['products', product.key, 'prices', key, ...(price.status ? ['status'] : [])];
        const message = `product ${product.key} is archived, but its price ${product.key}/${key} is not: an active price of an archived product cannot be bought; give the price status: archived too, or keep the product active`;
        return error('product-archived-price-active', at, message);
      });
  });
}

/** No `subscribers_from` on an archived price: subscribers move to a price that is sold. */
function movesToArchived(input: RuleInput): Finding[] {
  return input.products.flatMap((product) =>
    product.prices.flatMap(({ key, price, invalid }) => {
      if (invalid.has('status') || invalid.has('subscribers_from') || !archived(price)) return [];
      if (price.subscribers_from === undefined) return [];
      const target = `${product.key}/${key}`;
      const sources = price.subscribers_from.map((entry) => sourceKey(target, entry)).join(', ');
      const message = `${target} is archived, so no subscriber may move to it (from ${sources}); move them to an active price, or remove subscribers_from`;
      return [
        error(
          'subscribers-to-archived',
          ['products', product.key, 'prices', key, 'subscribers_from'],
          message,
        ),
      ];
    }),
  );
}

export function archivedRules(input: RuleInput): Finding[] {
  return [...pricesOfArchivedProducts(input), ...movesToArchived(input)];
}
