// Finding Paddle ids in a file's text, each with its line and column (1-based, in characters of
// its line), so a problem points at the place: in a minified bundle too, where the column is large.
import { idFileSides } from '../ids/render.js';
import type { EnvironmentName } from '../paddle-facts/environments.js';
import { PADDLE_ID_IN_TEXT } from '../paddle-facts/ids.js';

export interface Occurrence {
  file: string;
  line: number;
  column: number;
  id: string;
  /** in an id file of `ids`: the environment whose side holds the id */
  side?: EnvironmentName;
}

/** Every id in `text`, in order. */
export function findIds(file: string, text: string): Occurrence[] {
  const found: Occurrence[] = [];
  let line = 1;
  let lineStart = 0;
  let scanned = 0;
  for (const match of text.matchAll(PADDLE_ID_IN_TEXT)) {
    const at = match.index;
    // count the newlines between the previous match and this one only: linear in the text
    for (let i = text.indexOf('\n', scanned); i !== -1 && i < at; i = text.indexOf('\n', i + 1)) {
      line += 1;
      lineStart = i + 1;
    }
    scanned = at;
    found.push({ file, line, column: at - lineStart + 1, id: match[0] });
  }
  // an id file names both environments' ids on purpose: each is marked with its side
  const sides = found.length > 0 ? idFileSides(text) : undefined;
  return sides ? found.map((o) => ({ ...o, side: sides.get(o.id) })) : found;
}

/** A file with a NUL byte in its first 8 KB is binary (git's own test). */
export function looksBinary(bytes: Uint8Array): boolean {
  return bytes.subarray(0, 8000).includes(0);
}

/** The id's prefix: `pri` for `pri_01…`. */
export const prefixOf = (id: string) => id.slice(0, id.indexOf('_'));
