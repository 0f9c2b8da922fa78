// The text of README.md and of the pages in docs/, for the tests that hold their lines to what the
// commands print.
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';

/** A documentation file's text, by its path from the repository's root. */
export const page = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

export const readme = page('README.md');

/** The text of `text` from `start` up to the next blank line, joined into one line. */
export const paragraphIn = (text: string, start: string) => {
  const at = text.indexOf(start);
  expect(at, start).toBeGreaterThan(-1);
  return text.slice(at, text.indexOf('\n\n', at)).replace(/\n\s*/g, ' ');
};
