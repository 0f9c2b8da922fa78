// The README's text, for the tests that hold its lines to what the commands print.
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';

export const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

/** The README's text from `start` up to the next blank line, joined into one line. */
export const paragraph = (start: string) => {
  const at = readme.indexOf(start);
  expect(at, start).toBeGreaterThan(-1);
  return readme.slice(at, readme.indexOf('\n\n', at)).replace(/\n\s*/g, ' ');
};
