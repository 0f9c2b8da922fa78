// A look-alike in words: the unmanaged twin a create would stand beside, and the ways out.

import { shown } from '../text/escape.js';
import type { Change, Lookalike } from './types.js';

export const LOOKS_ALIKE_BY: Record<Change['kind'], string> = {
  product: 'the same name',
  price: 'the same product, description and unit price',
  discount: 'the same code',
  discount_group: 'the same name',
  notification: 'the same type and destination',
};

/** The way out of a look-alike; for a discount Paddle refuses a second one with the code anyway. */
export const LOOKALIKE_WAYS_OUT: Record<Change['kind'], string> = {
  product:
    'apply --adopt takes it over, or rename the product in the catalog, or apply --allow-lookalikes creates beside it',
  price:
    'apply --adopt takes it over, or change the description in the catalog, or apply --allow-lookalikes creates beside it',
  discount:
    'apply --adopt takes it over, or give the discount another code in the catalog (Paddle keeps one discount per code)',
  discount_group:
    'apply --adopt takes it over, or rename the group in the catalog, or apply --allow-lookalikes creates beside it',
  notification:
    'apply --adopt takes it over (its signing secret stays), or delete it in the dashboard, or apply --allow-lookalikes creates beside it (Paddle would deliver each event to both)',
};

/** `pro_01… "Addon Seats"`: the twin's id and what makes it look the same (a remote string, shown). */
export function nameLookalike(lookalike: Lookalike): string {
  const value =
    'name' in lookalike
      ? lookalike.name
      : 'description' in lookalike
        ? lookalike.description
        : lookalike.code;
  const status = 'code' in lookalike ? (lookalike.archived ? 'archived' : lookalike.remoteStatus) : undefined;
  return `${shown(lookalike.id)} ${shown(JSON.stringify(value))}${status ? ` (${status})` : ''}`;
}
