// Tests and sources speak in our words: a test title or comment names a rule by its id in
// docs/rules.md, or says what it checks in plain words, never a section or an issue number of a
// document users do not have.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/run-cli.js';

/** Every .ts, .mjs and .cjs file under `dir`. */
function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|mts|mjs|cjs)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** A section sign, or an issue number. */
const CITATION = new RegExp(['\u00a7', '\\b[Ii]ssues? #?\\d+\\b'].join('|'));
/** The lines of this folder's tests that look for such citations in documents. */
const CHECKS = /not\.to(Match|Contain)\(|\.filter\(\(line\) =>/;

describe('tests and sources in our own words', () => {
  it('cite no section or issue number in a title or a comment', () => {
    const files = [...sourcesUnder(join(ROOT, 'src')), ...sourcesUnder(join(ROOT, 'test'))];
    expect(files.length).toBeGreaterThan(100);
    const citing = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          CITATION.test(line) && !CHECKS.test(line)
            ? [`${relative(ROOT, file)}:${index + 1}: ${line.trim()}`]
            : [],
        ),
    );
    expect(citing).toEqual([]);
  });
});
