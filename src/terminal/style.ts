// Colour in one place: whether a stream gets it (TTY, NO_COLOR, --no-color, --json) and the styles
// the renderers write with, so no view decides colour or imports chalk itself.
import { Chalk, type ChalkInstance, supportsColor } from 'chalk';
import type { OutputStream } from './io.js';

/** The colours a renderer writes with (plain when colour is off): chalk's, known only here. */
export type Style = ChalkInstance;

/**
 * Colour only on a TTY, never with NO_COLOR (any non-empty value, no-color.org), `--no-color`
 * or `--json`. chalk itself ignores NO_COLOR, hence this check.
 */
export function wantsColor(
  stream: OutputStream,
  env: NodeJS.ProcessEnv,
  options: { color: boolean; json: boolean },
) {
  if (!options.color || options.json) return false;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0') return true;
  return stream.isTTY === true && env.TERM !== 'dumb';
}

export function makeStyle(color: boolean): Style {
  const level = supportsColor ? supportsColor.level : 1;
  return new Chalk({ level: color ? (Math.max(level, 1) as 1 | 2 | 3) : 0 });
}
