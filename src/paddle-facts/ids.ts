// Paddle ids: the entity's prefix, an underscore and 26 lowercase letters and digits that sort in
// creation order (`pro_01h…`). Paddle's OpenAPI gives each id type the pattern `^pro_[a-z\d]{26}$`;
// see https://developer.paddle.com/api-reference/about/paddle-ids.

/** The prefixes of the entities the tool reads or writes. */
export type IdPrefix = 'pro' | 'pri' | 'dsc' | 'ctm' | 'txn';

/** An id of one of these entities, and nothing around it. */
export function paddleIdPattern(...prefixes: readonly [IdPrefix, ...IdPrefix[]]): RegExp {
  return new RegExp(`^(?:${prefixes.join('|')})_[a-z\\d]{26}$`);
}

/** A product or price id: what a discount's `restrict_to` holds on the wire. */
export const PADDLE_ID = paddleIdPattern('pro', 'pri');
