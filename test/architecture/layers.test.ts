// The layering of src/, held: which top-level folder may import which, where the SDK and the terminal
// packages may be imported, and no folder or file imported in a circle. docs/architecture.md explains the
// same table; change both together. Imports are read with TypeScript's own pre-processor (every
// import, export-from and import() of every file, type-only ones included), not with a regex.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

// required, not imported: an ESM import of the CommonJS compiler first lexes its 9 MB for named
// exports, a second of CPU more than require() takes
const ts: typeof import('typescript') = createRequire(import.meta.url)('typescript');

const SRC = resolve(import.meta.dirname, '../../src');

/**
 * The layers, top first. A folder imports folders of lower layers; within one layer a folder may
 * import another of its layer, one way only (the circle check below holds that).
 */
const LAYERS: readonly (readonly string[])[] = [
  // the two entry points: the CLI (commander wiring) and the package's library
  ['cli', 'library'],
  // every renderer, one per command, and the one failure document
  ['views'],
  // the use-cases and what they print or write: apply's schedule, saved plans, export, tool-server
  // scripts, the app's ids and refs, the init wizard
  ['review', 'apply', 'saved-plan', 'export', 'tool-server', 'ids', 'refs', 'init'],
  // a subscriber move: which subscriptions it changes and each one's PATCH (pure), the run's read
  // of them, sending each, what each move came to, the refusal of a twin with subscribers left
  ['moves'],
  // a plan compiled into operations (one API write each, pure), read by every use-case that sends
  // or prints them
  ['operations'],
  // the pure planner, the gateways to Paddle with the paced caller, the billing-history library;
  // the emulator (a stand-in for Paddle) and the terminal, each reached only by some (ONLY_IMPORTED_BY)
  ['plan', 'paddle', 'billing', 'emulator', 'terminal'],
  // the catalog file: schema, rules, read and write
  ['catalog'],
  // leaf helpers that import nothing of ours but errors.ts: escaping and plurals for any message,
  // amounts in minor units, the bounded file reader and the whole-file writer
  ['text', 'money', 'files'],
  // Paddle's fixed facts, each once
  ['paddle-facts'],
  // the typed errors, usable by every folder
  ['errors'],
];

/** Folders only some folders may import. */
const ONLY_IMPORTED_BY: Readonly<Record<string, readonly string[]>> = {
  terminal: ['cli', 'views', 'init'],
  emulator: ['cli'],
};

/** Folders that may import only these (their own files aside). */
const ONLY_IMPORTS: Readonly<Record<string, readonly string[]>> = {
  // a stand-in for Paddle shares none of our client's assumptions (test/contract/paddle-facts.test.ts):
  // Paddle's facts, and the leaf helpers that hold none (amounts, reading its seed and state files)
  emulator: ['paddle-facts', 'money', 'files', 'errors'],
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
const layerOf = new Map(LAYERS.flatMap((folders, layer) => folders.map((f) => [f, layer] as const)));
const describeImport = (i: Import) => `${i.file} imports ${i.specifier} (${i.from} → ${i.to})`;

function breaksTheTable(i: Import): boolean {
  const from = layerOf.get(i.from) ?? -1;
  const to = layerOf.get(i.to) ?? -1;
  if (to < from) return true;
  const importers = ONLY_IMPORTED_BY[i.to];
  if (importers && !importers.includes(i.from)) return true;
  const allowed = ONLY_IMPORTS[i.from];
  return allowed !== undefined && !allowed.includes(i.to);
}

/**
 * The nodes that import each other in a circle (strongly connected components of two or more):
 * folders, or files. Each node's reach is walked once.
 */
function circles(edges: readonly { from: string; to: string }[]): string[][] {
  const next = new Map<string, Set<string>>();
  for (const e of edges) next.set(e.from, (next.get(e.from) ?? new Set()).add(e.to));
  const reach = new Map<string, Set<string>>();
  for (const a of next.keys()) {
    const seen = new Set<string>();
    const stack = [a];
    while (stack.length > 0) {
      for (const n of next.get(stack.pop() as string) ?? []) {
        if (seen.has(n)) continue;
        seen.add(n);
        stack.push(n);
      }
    }
    reach.set(a, seen);
  }
  const nodes = [...next.keys()].sort();
  const found: string[][] = [];
  for (const a of nodes) {
    if (found.some((c) => c.includes(a))) continue;
    const circle = nodes.filter((b) => b === a || (reach.get(a)?.has(b) && reach.get(b)?.has(a)));
    if (circle.length > 1) found.push(circle);
  }
  return found;
}

describe('the layering of src/ (docs/architecture.md)', () => {
  it('reads the imports of every file', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(crossing.length).toBeGreaterThan(100);
  });

  it('places every top-level folder of src/ in a layer, and names no folder that is gone', () => {
    const folders = [...new Set(files.map(folderOf))].sort();
    expect(folders.filter((f) => !layerOf.has(f))).toEqual([]);
    expect([...layerOf.keys()].filter((f) => !folders.includes(f))).toEqual([]);
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
