// What a catalog holds, in the one wording validate, export and init use: "2 products, 4 prices",
// then ", 3 discounts" when it has discounts.
import type { Catalog } from '../catalog/schema.js';
import { plural } from '../text/plural.js';

export function catalogCounts(catalog: Catalog): string {
  const products = Object.values(catalog.products);
  const prices = products.reduce((n, product) => n + Object.keys(product.prices ?? {}).length, 0);
  const discounts = catalog.discounts ? `, ${plural(Object.keys(catalog.discounts).length, 'discount')}` : '';
  return `${plural(products.length, 'product')}, ${plural(prices, 'price')}${discounts}`;
}
