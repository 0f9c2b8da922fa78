// quantity-invalid and quantity-minimum-above-maximum (docs/rules.md): quantity {minimum, maximum},
// each 1..999999999 (checked by the schema), in order.
import type { CatalogPrice } from '../schema.js';
import { error, type Finding } from './finding.js';

export function quantityInOrder(price: Pick<CatalogPrice, 'quantity'>): Finding[] {
  const quantity = price.quantity;
  if (!quantity || quantity.minimum <= quantity.maximum) return [];
  return [
    error(
      'quantity-minimum-above-maximum',
      ['quantity', 'minimum'],
      `quantity.minimum (${quantity.minimum}) is greater than quantity.maximum (${quantity.maximum})`,
    ),
  ];
}
