// The layering rules as pure functions, so a made-up table or import list can show that they catch
// what they should: the layers read from docs/architecture.md's table (the one list of src/'s
// folders), an import that breaks them, and the nodes imported in a circle.

/** The layers, top first, each the folders it names (`errors.ts` named as `errors`). */
export type Layers = readonly (readonly string[])[];

/** The header row of the table in docs/architecture.md. */
const HEADER = /^\|\s*layer\s*\|\s*folders\s*\|/;

/**
 * The folder table of a Markdown text: its rows numbered 1, 2, … top first, each naming its folders
 * in backticks in the second cell. Throws when there is no such table, a row is out of order or
 * names nothing, or a folder is named twice: a table that cannot be read must not pass as empty.
 */
export function parseLayerTable(markdown: string): Layers {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => HEADER.test(line));
  if (start < 0) throw new Error('no table with the header "| layer | folders | …"');
  const rows = lines.slice(start + 2);
  const end = rows.findIndex((line) => !line.startsWith('|'));
  const layers = (end < 0 ? rows : rows.slice(0, end)).map((row, i) => {
    const [, number = '', folders = ''] = row.split('|').map((cell) => cell.trim());
    if (number !== String(i + 1)) throw new Error(`row ${i + 1} of the table is numbered "${number}"`);
    const named = [...folders.matchAll(/`([^`]+)`/g)].map((m) => (m[1] ?? '').replace(/\.ts$/, ''));
    if (named.length === 0) throw new Error(`layer ${number} names no folder in backticks`);
    return named;
  });
  if (layers.length === 0) throw new Error('the table has no rows');
  const all = layers.flat();
  const twice = all.find((folder, i) => all.indexOf(folder) !== i);
  if (twice !== undefined) throw new Error(`the table names ${twice} twice`);
  return layers;
}

/** What the table does not say: folders only some may import, and folders that may import only some. */
export interface ImportRules {
  onlyImportedBy: Readonly<Record<string, readonly string[]>>;
  onlyImports: Readonly<Record<string, readonly string[]>>;
}

/** An import from one top-level folder to another. */
export interface Edge {
  from: string;
  to: string;
}

/**
 * A check of one import against the layers and rules: it goes up a layer, into a folder the table
 * does not name, or against a rule. Within one layer it passes (circles() holds that it goes one way).
 */
export function layerCheck(layers: Layers, rules: ImportRules): (edge: Edge) => boolean {
  const layerOf = new Map(layers.flatMap((folders, layer) => folders.map((f) => [f, layer] as const)));
  return ({ from, to }) => {
    const mine = layerOf.get(from);
    const theirs = layerOf.get(to);
    if (mine === undefined || theirs === undefined || theirs < mine) return true;
    const importers = rules.onlyImportedBy[to];
    if (importers && !importers.includes(from)) return true;
    const allowed = rules.onlyImports[from];
    return allowed !== undefined && !allowed.includes(to);
  };
}

/**
 * The nodes that import each other in a circle (strongly connected components of two or more):
 * folders, or files. Each node's reach is walked once.
 */
export function circles(edges: readonly Edge[]): string[][] {
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
