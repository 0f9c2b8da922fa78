// The field shapes several parts of the catalog schema share: keys, bounded text, custom_data.
import { z } from 'zod';

export const KEY_PATTERN = /^[a-z0-9][a-z0-9_-]{0,62}$/;

/** A string of `min`–`max` characters; `what` names the field in the message. */
export function text(what: string, min: number, max: number) {
  const error = `${what} must be ${min}–${max} characters`;
  return z.string().min(min, { error }).max(max, { error });
}

export const key = (what: string) =>
  z.string().regex(KEY_PATTERN, {
    error: `${what} key must be 1–63 lower-case letters, digits, "-" or "_", starting with a letter or digit`,
  });

/** What a product or price may be in the catalog: Paddle's two statuses of a catalog object. */
const OBJECT_STATUSES = ['active', 'archived'] as const;

/** `status`: archived keeps the key (its id, its subscribers' move) without selling it. */
export const objectStatus = (what: 'product' | 'price') =>
  z
    .enum(OBJECT_STATUSES)
    .optional()
    .describe(
      what === 'price'
        ? 'archived: the price stays in the catalog, archived in Paddle (after its subscribers moved, when a subscribers_from names it); absent: active.'
        : 'archived: the product stays in the catalog, archived in Paddle; its prices must be archived too. Absent: active.',
    );

/** `custom_data`: free-form JSON kept on the object (the tool's marker beside it). */
export const customData = z
  .record(z.string(), z.unknown())
  .describe('Free-form JSON kept on the object in Paddle (the tool adds its own marker).');

/** What the tool adds to a text that is its only free field, before and after `<catalog>/<key>`. */
export const TEXT_MARKER_OPEN = ' (paddle-catalog: ';
export const TEXT_MARKER_CLOSE = ')';
/**
 * The longest such suffix: a catalog name and a key of 63 characters each, with the slash between.
 * A notification's description and a discount group's name keep room for it (src/planner/text-marker.ts).
 */
export const TEXT_MARKER_MAX = TEXT_MARKER_OPEN.length + 63 + 1 + 63 + TEXT_MARKER_CLOSE.length;
