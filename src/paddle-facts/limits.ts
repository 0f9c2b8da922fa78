// Upper bounds on what is sent to Paddle. Paddle documents neither number (money is "a string of
// digits" with no maximum; custom data "must be valid JSON" and a body too large is answered with
// 413 request_body_too_large), so these are our bounds, stated in docs/rules.md: a catalog that
// passes them never fails midway for its size, and no real price reaches them.

/** The largest amount in the lowest currency unit: 15 digits (US$9,999,999,999,999.99). */
export const AMOUNT_MAX = '999999999999999';

/** The largest custom_data, as JSON in UTF-8 bytes, with the tool's marker in it: 64 KiB. */
export const CUSTOM_DATA_MAX_BYTES = 65_536;

/**
 * The deepest custom_data, counting custom_data itself as level 1: 64. Paddle accepts deeper data,
 * but a catalog file holding it could not be written or read back without exhausting the stack.
 */
export const CUSTOM_DATA_MAX_DEPTH = 64;

/**
 * How deeply objects and lists nest in `value` (a scalar: 0), found level by level, not recursively;
 * once past `stopAfter` levels it returns that many plus one (deeper than allowed is all a check needs).
 */
export function nestingDepth(value: unknown, stopAfter = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let level: unknown[] = [value];
  for (;;) {
    const containers = level.filter((item): item is object => typeof item === 'object' && item !== null);
    if (containers.length === 0 || depth > stopAfter) return depth;
    depth += 1;
    level = containers.flatMap((container) => Object.values(container));
  }
}

/** Whether a string of digits is above AMOUNT_MAX (leading zeros do not count). */
export function amountAboveMax(digits: string): boolean {
  const significant = digits.replace(/^0+(?=\d)/, '');
  return significant.length > AMOUNT_MAX.length;
}

/** The size of a value as Paddle receives it: its JSON in UTF-8 bytes. */
export function jsonBytes(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value) ?? '', 'utf8');
}
