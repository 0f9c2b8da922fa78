// fast-check arbitraries for the reader fuzz suites: the valid example catalogs in catalogs/,
// mutated the ways a person (or a bad merge) breaks a file, and random YAML/JSON text.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { parse, stringify } from 'yaml';
import { ENVIRONMENTS } from '../../src/paddle-facts/environments.js';
import { ROOT } from './run-cli.js';

const DIR = join(ROOT, 'catalogs');
/** Each example with its text parsed once (a mutation copies what it changes; see edit). */
export const EXAMPLES: { name: string; text: string; root: unknown }[] = readdirSync(DIR)
  .filter((f) => f.endsWith('.yaml'))
  .map((name) => {
    const text = readFileSync(join(DIR, name), 'utf8');
    return { name, text, root: parse(text) };
  });

type Node = unknown;
type Path = (string | number)[];

/** Every path into a parsed catalog (containers and leaves), root excluded. */
function paths(node: Node, prefix: Path = []): Path[] {
  if (node === null || typeof node !== 'object') return [];
  const entries = Array.isArray(node) ? node.map((v, i) => [i, v] as const) : Object.entries(node);
  return entries.flatMap(([key, value]) => [[...prefix, key], ...paths(value, [...prefix, key])]);
}

// biome-ignore lint/suspicious/noExplicitAny: edits free-form parsed YAML
function edit(root: Node, path: Path, change: (parent: any, key: string | number) => void): Node {
  const copy = structuredClone(root);
  // biome-ignore lint/suspicious/noExplicitAny: see above
  let parent: any = copy;
  for (const segment of path.slice(0, -1)) parent = parent[segment];
  change(parent, path[path.length - 1] as string | number);
  return copy;
}

/**
 * fast-check's `unit: 'binary'` (any code point but a surrogate), drawn alike, by index: its own
 * unit maps an index back with a table of all 1.1M code points, which fast-check builds as soon as
 * a string arbitrary is made (to spell its "dangerous" keys such as __proto__ with the unit), about
 * 1.4 s per test worker. Here the way back is arithmetic.
 */
const SURROGATES = { first: 0xd800, count: 0x800 };
const anyCodePoint: fc.Arbitrary<string> = fc.nat({ max: 0x10ffff - SURROGATES.count }).map(
  (i) => String.fromCodePoint(i < SURROGATES.first ? i : i + SURROGATES.count),
  (value) => {
    const point = typeof value === 'string' ? value.codePointAt(0) : undefined;
    if (point === undefined || String.fromCodePoint(point) !== value) throw new Error('not one code point');
    if (point >= SURROGATES.first && point < SURROGATES.first + SURROGATES.count)
      throw new Error('a surrogate');
    return point < SURROGATES.first ? point : point - SURROGATES.count;
  },
);

const camel = (key: string) => key.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());

/** A value of some other type (or a plausible wrong one) for "change a type" / "replace a value". */
const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, 0, -1, 10.5, '', 'USD', '1000', 'month', [], {}, '¥', 'saas ', 1e21),
  fc.string(),
  fc.integer(),
  fc.double(),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string(), { maxKeys: 2 }),
);

type Mutation = (root: Node, path: Path) => Node;
const MUTATIONS: fc.Arbitrary<Mutation> = fc.oneof(
  fc.constant<Mutation>((root, path) =>
    edit(root, path, (p, k) => (Array.isArray(p) ? p.splice(k as number, 1) : delete p[k])),
  ),
  fc.constant<Mutation>((root, path) =>
    edit(root, path, (p, k) => {
      if (Array.isArray(p) || typeof k !== 'string') return;
      const value = p[k];
      delete p[k];
      p[camel(k) === k ? `${k}X` : camel(k)] = value;
    }),
  ),
  wrongValue.map<Mutation>((value) => (root, path) => edit(root, path, (p, k) => (p[k] = value))),
);

/** A structurally mutated example, written back as YAML or as JSON (YAML is a superset). */
export const structuralMutation: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom(...EXAMPLES),
    fc.array(fc.tuple(fc.nat(), MUTATIONS), { minLength: 1, maxLength: 3 }),
    fc.boolean(),
  )
  .map(([example, steps, asJson]) => {
    let root: Node = example.root;
    for (const [pick, mutate] of steps) {
      const all = paths(root);
      if (all.length) root = mutate(root, all[pick % all.length] as Path);
    }
    return asJson ? JSON.stringify(root, null, 2) : stringify(root);
  });

const lines = (text: string) => text.split('\n');

/** Text-level damage: a duplicated key line, a cut, random bytes, a swapped indent. */
export const textMutation: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom(...EXAMPLES),
    fc.nat(),
    fc.nat(),
    fc.string({ unit: anyCodePoint, minLength: 1, maxLength: 6 }),
  )
  .chain(([example, a, b, bytes]) => {
    const text = example.text;
    const all = lines(text);
    const keyLines = all.map((l, i) => [l, i] as const).filter(([l]) => /^\s*[\w-]+:/.test(l));
    const [keyLine, at] = keyLines[a % keyLines.length] ?? ['x: 1', 0];
    return fc.constantFrom(
      // duplicate a key line right after itself: a duplicate key in the same map
      [...all.slice(0, at + 1), keyLine, ...all.slice(at + 1)].join('\n'),
      text.slice(0, a % (text.length + 1)),
      text.slice(0, a % (text.length + 1)) + bytes + text.slice(a % (text.length + 1)),
      text.slice(0, b % (text.length + 1)) +
        String.fromCharCode(...[0, 0xfeff, 9, 13].slice(a % 4)) +
        text.slice(b % (text.length + 1)),
      all.map((l, i) => (i === at ? `  ${l}` : l)).join('\n'),
    );
  });

/** The environment a case is read for: drawn with it, so both are covered at the cost of one read. */
export const anEnvironment = fc.constantFrom(...ENVIRONMENTS);

/** Random documents: YAML of random JSON values, random catalog-ish YAML, or random text. */
export const randomDocument: fc.Arbitrary<string> = fc.oneof(
  fc.jsonValue().map((v) => stringify(v)),
  fc.jsonValue().map((v) => JSON.stringify(v)),
  fc
    .record({
      version: fc.oneof(fc.constant(1), wrongValue),
      products: fc.dictionary(
        fc.string({ maxLength: 10 }),
        fc.oneof(wrongValue, fc.object({ maxDepth: 2 })),
        {
          maxKeys: 3,
        },
      ),
    })
    .map((v) => stringify(v)),
  fc.string({ unit: 'grapheme', maxLength: 200 }),
  fc.string({ unit: anyCodePoint, maxLength: 100 }),
);

/**
 * The timeout of a property that reads `runs` of these cases: it waits on nothing but its reads,
 * a read or two a case of some 8 ms of CPU each (most of it in the two YAML parsers), so the 100 or
 * so cases of npm test are about a second, which a 2-core machine shared by several test runs (a
 * load of 20 to 40) stretches past 20 s. Half a second a case, for FUZZ_RUNS too.
 */
export const propertyTimeout = (runs: number): number => runs * 500;
