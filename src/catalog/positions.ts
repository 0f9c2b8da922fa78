// Where in the YAML file a dotted path lives. The index is built once per file (one walk of the
// tree), so positioning thousands of issues stays linear.
import type { Document, LineCounter, Node } from 'yaml';
import type { PathSegment } from './rules/finding.js';
import { yamlLib } from './yaml-lib.js';

export interface Position {
  line: number;
  column: number;
}

interface Entry {
  node: Node | null;
  /** the key of the pair that holds the node (absent for list items and the root) */
  keyNode?: Node;
}

export function dottedPath(path: readonly PathSegment[]): string {
  return path.join('.');
}

function keyText(key: unknown): string {
  return yamlLib().isScalar(key) ? String(key.value) : String(key);
}

export class NodeIndex {
  private readonly entries = new Map<string, Entry>();

  constructor(
    doc: Document,
    private readonly lineCounter: LineCounter,
  ) {
    this.add('', { node: doc.contents as Node | null });
  }

  private add(path: string, entry: Entry): void {
    this.entries.set(path, entry);
    const { node } = entry;
    const prefix = path === '' ? '' : `${path}.`;
    const { isMap, isSeq } = yamlLib();
    if (isMap(node)) {
      for (const pair of node.items) {
        this.add(prefix + keyText(pair.key), { node: pair.value as Node | null, keyNode: pair.key as Node });
      }
    } else if (isSeq(node)) {
      node.items.forEach((item, index) => {
        this.add(prefix + index, { node: item as Node | null });
      });
    }
  }

  private position(node: Node | null | undefined): Position {
    const offset = node?.range?.[0] ?? 0;
    const { line, col } = this.lineCounter.linePos(offset);
    return { line: Math.max(line, 1), column: Math.max(col, 1) };
  }

  /**
   * The position of the node at `path`: its value when it exists; for a missing field, the key of
   * the nearest ancestor that exists (the parent that lacks it).
   */
  locate(path: readonly PathSegment[]): Position {
    const exact = this.entries.get(dottedPath(path));
    if (exact) return this.position(exact.node ?? exact.keyNode);
    for (let length = path.length - 1; length >= 0; length--) {
      const entry = this.entries.get(dottedPath(path.slice(0, length)));
      if (entry) return this.position(entry.keyNode ?? entry.node);
    }
    return { line: 1, column: 1 };
  }

  /** The position of a key itself (an unknown field, a bad product key). */
  locateKey(path: readonly PathSegment[]): Position {
    const entry = this.entries.get(dottedPath(path));
    return entry?.keyNode ? this.position(entry.keyNode) : this.locate(path);
  }

  /** The YAML node at `path` (for the source text of a scalar), if it exists. */
  nodeAt(path: readonly PathSegment[]): Node | null | undefined {
    return this.entries.get(dottedPath(path))?.node;
  }
}

/** The path of the deepest map key or list item that contains `offset` (for YAML errors). */
export function pathAtOffset(doc: Document, offset: number): PathSegment[] {
  const { isMap, isPair, isSeq } = yamlLib();
  const path: PathSegment[] = [];
  let node: unknown = doc.contents;
  const within = (n: unknown) => {
    const range = (n as Node | null)?.range;
    return range != null && range[0] <= offset && offset < range[2];
  };
  while (isMap(node) || isSeq(node)) {
    let next: unknown;
    if (isMap(node)) {
      const pair = node.items.find((p) => isPair(p) && (within(p.key) || within(p.value)));
      if (!pair) break;
      path.push(keyText(pair.key));
      if (within(pair.key)) break;
      next = pair.value;
    } else {
      const index = node.items.findIndex(within);
      if (index < 0) break;
      path.push(index);
      next = node.items[index];
    }
    node = next;
  }
  return path;
}
