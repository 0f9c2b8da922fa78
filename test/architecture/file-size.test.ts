// Small files that say why they exist: no src/ file over 300 lines except the data tables of
// src/paddle-facts/ (Paddle's own lists, read as tables, not as code), and every src/ file opening
// with a comment, so a reader learns why a file is there before reading how it works.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(import.meta.dirname, '../../src');
const FILE_MAX_LINES = 300;
const DATA_TABLES = 'paddle-facts/';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

const files = sourceFiles(SRC).map((path) => ({
  file: relative(SRC, path),
  text: readFileSync(path, 'utf8'),
}));
const lineCount = (text: string) => text.replace(/\n$/, '').split('\n').length;

describe('small files that say why', () => {
  it(`no src/ file is over ${FILE_MAX_LINES} lines, except the data tables of src/${DATA_TABLES}`, () => {
    expect(files.length).toBeGreaterThan(250);
    const long = files
      .filter((f) => !f.file.startsWith(DATA_TABLES))
      .map((f) => ({ file: f.file, lines: lineCount(f.text) }))
      .filter((f) => f.lines > FILE_MAX_LINES);
    expect(long).toEqual([]);
  });

  it('every src/ file opens with a comment', () => {
    const bare = files.filter((f) => !/^\s*(\/\/|\/\*)/.test(f.text)).map((f) => f.file);
    expect(bare).toEqual([]);
  });
});
