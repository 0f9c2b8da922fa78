// What "shown safely" means, as assertions: no character a terminal acts on or that hides, no line a GitHub
// runner would take for a workflow command except the annotations the tool writes itself.
import { expect } from 'vitest';

const ACTIVE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
  /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u180e\u200b-\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/;

/** `text` (stdout, stderr or a file) holds nothing a terminal or a runner would act on. */
export function expectInert(
  where: string,
  text: string,
  ownCommands: RegExp = /^::(error|warning) file=/,
): void {
  const found = ACTIVE.exec(text);
  expect(found, `${where}: raw U+${found?.[0].charCodeAt(0).toString(16).padStart(4, '0')}`).toBeNull();
  for (const line of text.split('\n')) {
    if (/^\s*::/.test(line)) expect(line, `${where}: a workflow command`).toMatch(ownCommands);
    expect(line, `${where}: a legacy workflow command`).not.toContain('##[');
  }
}
