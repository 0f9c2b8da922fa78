// Paddle ids: the entity's prefix, an underscore and 26 lowercase letters and digits that sort in
// creation order (`pro_01h…`). Paddle's OpenAPI gives each id type the pattern `^pro_[a-z\d]{26}$`;
// see https://developer.paddle.com/api-reference/about/paddle-ids.

/** The prefixes of the entities the tool reads or writes. */
export type IdPrefix = 'pro' | 'pri' | 'dsc' | 'ctm' | 'txn' | 'sub' | 'add';

/** An id of one of these entities, and nothing around it. */
export function paddleIdPattern(...prefixes: readonly [IdPrefix, ...IdPrefix[]]): RegExp {
  return new RegExp(`^(?:${prefixes.join('|')})_[a-z\\d]{26}$`);
}

/** A product or price id: what a discount's `restrict_to` holds on the wire. */
export const PADDLE_ID = paddleIdPattern('pro', 'pri');

/** Every id prefix Paddle's OpenAPI documents (`^<prefix>_[a-z\d]{26}$`). */
export const DOCUMENTED_ID_PREFIXES = [
  'ntfsimevt',
  'ntfsimrun',
  'adjitm',
  'apikey',
  'ntflog',
  'ntfset',
  'ntfsim',
  'paymtd',
  'txnitm',
  'cpls',
  'add',
  'adj',
  'biz',
  'ctm',
  'dsc',
  'evt',
  'inv',
  'ntf',
  'pri',
  'pro',
  'sub',
  'txn',
] as const;

/**
 * Paddle ids inside any text (source, config, a minified bundle): a documented prefix and 26
 * characters, with no letter, digit or `_` right before or after, so `xpro_…` or a 27th character
 * is no id. Global: use with matchAll.
 */
export const PADDLE_ID_IN_TEXT = new RegExp(
  `(?<![A-Za-z0-9_])(?:${DOCUMENTED_ID_PREFIXES.join('|')})_[a-z\\d]{26}(?![A-Za-z0-9_])`,
  'g',
);
