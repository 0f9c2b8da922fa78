// The CLI stays wiring: it parses, asks through the use-cases' ports and shows; the rules live in
// the use-cases (docs/architecture.md). Held here as sizes: no command file over 150 lines, and no
// function in src/cli/ over 40. Functions are read with TypeScript's own parser (declarations,
// methods, arrow functions and function expressions, nested ones each on their own), not a regex.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// required, not imported: an ESM import of the CommonJS compiler first lexes its 9 MB for named exports
const ts: typeof import('typescript') = createRequire(import.meta.url)('typescript');

const SRC = resolve(import.meta.dirname, '../../src');
const CLI = join(SRC, 'cli');
const COMMAND_FILE_MAX_LINES = 150;
const FUNCTION_MAX_LINES = 40;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

const lineCount = (text: string) => text.replace(/\n$/, '').split('\n').length;

/** Each function of a file, named by where it starts, with its length in lines. */
function functionLengths(file: string): { at: string; lines: number }[] {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: { at: string; lines: number }[] = [];
  const visit = (node: import('typescript').Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      found.push({ at: `${relative(SRC, file)}:${start + 1}`, lines: end - start + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('the CLI is wiring', () => {
  it(`no command file is over ${COMMAND_FILE_MAX_LINES} lines`, () => {
    const commands = sourceFiles(join(CLI, 'commands'));
    expect(commands.length).toBeGreaterThan(10);
    const long = commands
      .map((file) => ({ file: relative(SRC, file), lines: lineCount(readFileSync(file, 'utf8')) }))
      .filter((f) => f.lines > COMMAND_FILE_MAX_LINES);
    expect(long).toEqual([]);
  });

  it(`no function in src/cli/ is over ${FUNCTION_MAX_LINES} lines`, () => {
    const functions = sourceFiles(CLI).flatMap(functionLengths);
    expect(functions.length).toBeGreaterThan(50);
    expect(functions.filter((f) => f.lines > FUNCTION_MAX_LINES)).toEqual([]);
  });
});
