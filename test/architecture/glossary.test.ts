// The vocabulary, held: the glossary of docs/architecture.md names every type of the moves, the
// review and the operations once, with the file that exports it, and names none that is gone — so a
// word keeps one meaning as the code grows (a new type gets its line there, a renamed one its new
// name). Types are read with TypeScript's own parser, not a regex.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, resolve, sep } from 'node:path';
import type { Node } from 'typescript';
import { describe, expect, it } from 'vitest';

// required, not imported: an ESM import of the CommonJS compiler first lexes its 9 MB for named exports
const ts: typeof import('typescript') = createRequire(import.meta.url)('typescript');

const ROOT = resolve(import.meta.dirname, '../..');
const SRC = join(ROOT, 'src');

/** The folders whose every exported type is in the glossary. */
const FOLDERS = ['moves', 'review', 'operations'];
/** Anywhere in src/, an exported type whose name says one of these words is in the glossary. */
const WORDS = /Move|Review|Operation/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

const isExported = (node: Node) =>
  ts.canHaveModifiers(node) &&
  (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

/** Every type src/ exports where it is declared (interface, type alias, class, enum), with its file. */
function exportedTypes(): Map<string, string[]> {
  const types = new Map<string, string[]>();
  for (const file of sourceFiles(SRC)) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
    for (const statement of source.statements) {
      const declares =
        ts.isInterfaceDeclaration(statement) ||
        ts.isTypeAliasDeclaration(statement) ||
        ts.isClassDeclaration(statement) ||
        ts.isEnumDeclaration(statement);
      if (!declares || !statement.name || !isExported(statement)) continue;
      const path = relative(ROOT, file).split(sep).join('/');
      types.set(statement.name.text, [...(types.get(statement.name.text) ?? []), path]);
    }
  }
  return types;
}

/** The glossary's lines, `- \`Name\` (\`src/…\`): meaning`, from its heading to the next. */
function glossary(): Array<{ name: string; file: string }> {
  const doc = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');
  const start = doc.indexOf('\n## Glossary\n');
  if (start < 0) throw new Error('docs/architecture.md has no "## Glossary" section');
  const end = doc.indexOf('\n## ', start + 1);
  const section = doc.slice(start, end < 0 ? undefined : end);
  return [...section.matchAll(/^- `([A-Za-z0-9_]+)` \(`([^`]+)`\):/gm)].map((m) => ({
    name: m[1] as string,
    file: m[2] as string,
  }));
}

describe('the glossary of docs/architecture.md', () => {
  const types = exportedTypes();
  const entries = glossary();
  const named = entries.map((e) => e.name);

  it('names every exported type of the moves, the review and the operations', () => {
    const held = [...types]
      .filter(
        ([name, files]) =>
          WORDS.test(name) || files.some((f) => FOLDERS.some((d) => f.startsWith(`src/${d}/`))),
      )
      .map(([name]) => name);
    expect(held.length).toBeGreaterThan(40);
    expect(held.filter((name) => !named.includes(name)).sort()).toEqual([]);
  });

  it('names each once: one line, one meaning', () => {
    expect(named.filter((name, i) => named.indexOf(name) !== i)).toEqual([]);
  });

  it('names no type that is gone, each with the file that exports it', () => {
    const wrong = entries
      .filter((e) => !(types.get(e.name) ?? []).includes(e.file))
      .map((e) => `${e.name} (${e.file}): exported from ${(types.get(e.name) ?? ['nowhere']).join(', ')}`);
    expect(wrong).toEqual([]);
  });

  it('gives each exported name one declaration across the moves, the review and the operations', () => {
    const twice = [...types].filter(([name, files]) => named.includes(name) && files.length > 1);
    expect(twice).toEqual([]);
  });
});
