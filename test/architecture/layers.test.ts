// The layering of src/, held: which top-level folder may import which, where the SDK and the terminal
// packages may be imported, and no folder or file imported in a circle. The layers are read from the
// folder table of docs/architecture.md (layering.ts), so a folder is listed there and nowhere else;
// the rules beyond the layers, which that page states in words, are held here. Imports are read with
// TypeScript's own pre-processor (every import, export-from and import() of every file, type-only
// ones included), not with a regex.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { circles, layerCheck, parseLayerTable } from './layering.js';

// required, not imported: an ESM import of the CommonJS compiler first lexes its 9 MB for named
// exports, a second of CPU more than require() takes
const ts: typeof import('typescript') = createRequire(import.meta.url)('typescript');

const SRC = resolve(import.meta.dirname, '../../src');

/** The layers, top first: docs/architecture.md's folder table, the one list of src/'s folders. */
const LAYERS = parseLayerTable(
  readFileSync(resolve(import.meta.dirname, '../../docs/architecture.md'), 'utf8'),
);

/** Folders only some folders may import. */
const ONLY_IMPORTED_BY: Readonly<Record<string, readonly string[]>> = {
  terminal: ['cli', 'views', 'init'],
  emulator: ['cli'],
};

/** Folders that may import only these (their own files aside). */
const ONLY_IMPORTS: Readonly<Record<string, readonly string[]>> = {
  // a stand-in for Paddle shares none of our client's assumptions (test/contract/paddle-facts.test.ts):
  // Paddle's facts, and the leaf helpers that hold none (amounts, reading its seed and state files,
  // whether a destination is this machine)
  emulator: ['paddle-facts', 'money', 'files', 'text', 'errors'],
  errors: [],
};

/** Packages only some folders may import. */
const PACKAGE_HOMES: ReadonlyArray<{ pattern: RegExp; folders: readonly string[] }> = [
  { pattern: /^@paddle\/paddle-node-sdk(\/|$)/, folders: ['paddle', 'emulator'] },
  { pattern: /^(chalk|ora|@inquirer\/[^/]+)(\/|$)/, folders: ['terminal'] },
];

/**
 * Imports that break the table today, each named with the move that removes it. Empty is the goal:
 * the test fails when one is listed but no longer found, so the list only shrinks.
 */
const KNOWN_EXCEPTIONS: readonly string[] = [];

interface Import {
  file: string;
  /** the file imported, relative to src/ (a .js specifier read as its .ts source) */
  target: string;
  from: string;
  to: string;
  specifier: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** The top-level folder of a path under src/ (a file at the top counts as its own folder). */
function folderOf(path: string): string {
  const [first = '', ...rest] = relative(SRC, path).split(sep);
  return rest.length > 0 ? first : first.replace(/\.(ts|js)$/, '');
}

function importsOf(file: string): { local: Import[]; packages: Import[] } {
  const text = readFileSync(file, 'utf8');
  const specifiers = ts.preProcessFile(text, true, true).importedFiles.map((f) => f.fileName);
  const from = folderOf(file);
  const rel = relative(SRC, file);
  const local: Import[] = [];
  const packages: Import[] = [];
  for (const specifier of specifiers) {
    if (specifier.startsWith('.')) {
      const target = resolve(dirname(file), specifier);
      local.push({
        file: rel,
        target: relative(SRC, target).replace(/\.js$/, '.ts'),
        from,
        to: folderOf(target),
        specifier,
      });
    } else if (!specifier.startsWith('node:')) {
      packages.push({ file: rel, target: specifier, from, to: specifier, specifier });
    }
  }
  return { local, packages };
}

const files = sourceFiles(SRC);
const all = files.map(importsOf);
const crossing = all.flatMap((i) => i.local).filter((i) => i.from !== i.to);
const packageImports = all.flatMap((i) => i.packages);
const breaksTheTable = layerCheck(LAYERS, { onlyImportedBy: ONLY_IMPORTED_BY, onlyImports: ONLY_IMPORTS });
const describeImport = (i: Import) => `${i.file} imports ${i.specifier} (${i.from} → ${i.to})`;

describe('the layering of src/ (docs/architecture.md)', () => {
  it('reads the imports of every file', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(crossing.length).toBeGreaterThan(100);
  });

  it("places every top-level folder of src/ in a layer of docs/architecture.md's table, and names no folder that is gone", () => {
    // src/'s own entries, not the folders of the files read: a folder with no .ts file yet counts too
    const folders = readdirSync(SRC, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() || entry.name.endsWith('.ts'))
      .map((entry) => entry.name.replace(/\.ts$/, ''))
      .sort();
    const named = LAYERS.flat();
    expect(folders.length).toBeGreaterThan(20);
    expect(folders.filter((f) => !named.includes(f))).toEqual([]);
    expect(named.filter((f) => !folders.includes(f))).toEqual([]);
  });

  it('imports go down the layers only; the terminal, the emulator and errors.ts keep to their own rules', () => {
    const broken = crossing.filter(breaksTheTable).map(describeImport);
    expect(broken.filter((b) => !KNOWN_EXCEPTIONS.includes(b))).toEqual([]);
    expect(KNOWN_EXCEPTIONS.filter((known) => !broken.includes(known))).toEqual([]);
  });

  it('no folder is imported in a circle', () => {
    expect(circles(crossing)).toEqual([]);
  });

  it('no file is imported in a circle, type-only imports included', () => {
    const local = all.flatMap((i) => i.local).map((i) => ({ from: i.file, to: i.target }));
    expect(
      local.filter((i) => i.to.endsWith('.ts') && files.includes(join(SRC, i.to))).length,
    ).toBeGreaterThan(500);
    expect(circles(local)).toEqual([]);
  });

  it('the Paddle SDK is imported only in src/paddle and src/emulator; chalk, ora and prompts only in src/terminal', () => {
    const misplaced = packageImports.filter((i) =>
      PACKAGE_HOMES.some((home) => home.pattern.test(i.specifier) && !home.folders.includes(i.from)),
    );
    expect(misplaced.map((i) => `${i.file} imports ${i.specifier}`)).toEqual([]);
  });
});
