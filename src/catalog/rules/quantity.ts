// Seed §2.4/§8: quantity {minimum, maximum}, each 1..999999999 (checked by the schema), in order.
import type { CatalogPrice } from '../schema.js';
import { error, type Finding } from './finding.js';

export const QUANTITY_RULE = '§8 quantity';

export function quantityInOrder(price: Pick<CatalogPrice, 'quantity'>): Finding[] {
  const quantity = price.quantity;
  if (!quantity || quantity.minimum <= quantity.maximum) return [];
  return [
    error(
      QUANTITY_RULE,
      ['quantity', 'minimum'],
      `quantity.minimum (${quantity.minimum}) is greater than quantity.maximum (${quantity.maximum})`,
    ),
  ];
}
