// Paddle ids: the entity's prefix, an underscore and 26 lowercase letters and digits that sort in
// creation order (`pro_01h…`). Paddle's OpenAPI gives each id type the pattern `^pro_[a-z\d]{26}$`;
// see https://developer.paddle.com/api-reference/about/paddle-ids.

/** The prefixes of the entities the tool reads or writes. */
export type IdPrefix = 'pro' | 'pri' | 'dsc' | 'dsg' | 'ntfset' | 'ctm' | 'txn' | 'sub' | 'add';

/** An id of one of these entities, and nothing around it. */
export function paddleIdPattern(...prefixes: readonly [IdPrefix, ...IdPrefix[]]): RegExp {
  return new RegExp(`^(?:${prefixes.join('|')})_[a-z\\d]{26}$`);
}

/** A product or price id: what a discount's `restrict_to` holds on the wire. */
export const PADDLE_ID = paddleIdPattern('pro', 'pri');

/** Every id prefix Paddle's OpenAPI documents (`^<prefix>_[a-z\d]{26}$`). */
const DOCUMENTED_ID_PREFIXES = [
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

/**
 * What keeps `text` from being an id with `prefix`, in words (a pasted id is often cut short,
 * upper-cased by a spreadsheet, or of another entity); undefined when it is one.
 */
export function idProblem(text: string, prefix: IdPrefix): string | undefined {
  if (paddleIdPattern(prefix).test(text)) return undefined;
  const underscore = text.indexOf('_');
  const given = underscore < 0 ? '' : text.slice(0, underscore);
  if (given.toLowerCase() !== prefix) {
    return underscore < 0 ? `it has no ${prefix}_ prefix` : `its prefix is ${given}_, not ${prefix}_`;
  }
  const rest = text.slice(underscore + 1);
  const problems: string[] = [];
  if (given !== prefix || /[A-Z]/.test(rest)) problems.push('it has upper-case letters (ids are lower case)');
  if (/[^A-Za-z0-9]/.test(rest)) problems.push('it has characters other than letters and digits');
  if (rest.length !== 26) {
    problems.push(
      `${rest.length < 26 ? 'it is too short' : 'it is too long'}: ${rest.length} characters after ${prefix}_, not 26`,
    );
  }
  return problems.join('; ');
}
