// A repeated key leaves its earlier copies unread: in the parsed tree the last copy wins. Their
// problems must show too (every problem at once), so each earlier copy is read again in a version of
// the document where it is the copy that wins; the reader keeps the issues inside it.
import type { Document, LineCounter, Pair, YAMLMap } from 'yaml';
import type { CatalogIssue } from './issue.js';
import { yamlLib } from './yaml-lib.js';

export interface ShadowedVersion {
  doc: Document;
  /** whether an issue lies inside one of the copies this version reads */
  holds(issue: Pick<CatalogIssue, 'line' | 'column'>): boolean;
}

const keyText = (pair: Pair) => (yamlLib().isScalar(pair.key) ? String(pair.key.value) : String(pair.key));

/** The pairs of a map, grouped by key, for the keys that appear more than once. */
function repeated(map: YAMLMap): Pair[][] {
  const groups = new Map<string, Pair[]>();
  for (const pair of map.items) groups.set(keyText(pair), [...(groups.get(keyText(pair)) ?? []), pair]);
  return [...groups.values()].filter((pairs) => pairs.length > 1);
}

/** The most copies any key has in one map (1 when no key repeats). */
function mostCopies(doc: Document): number {
  let most = 1;
  yamlLib().visit(doc, {
    Map(_, map) {
      for (const pairs of repeated(map)) most = Math.max(most, pairs.length);
    },
  });
  return most;
}

/** A copy of `doc` in which the `n`-th copy of each repeated key is kept (the last, if it has fewer). */
function version(doc: Document, n: number): { doc: Document; kept: [number, number][] } {
  const copy = doc.clone();
  const kept: [number, number][] = [];
  const { isMap, visit } = yamlLib();
  visit(copy, {
    Map(_, map) {
      if (!isMap(map)) return;
      for (const pairs of repeated(map)) {
        const keep = pairs[Math.min(n, pairs.length - 1)];
        if (n < pairs.length - 1 && keep) {
          const start = (keep.key as { range?: [number, number, number] } | null)?.range?.[0];
          const end = (keep.value as { range?: [number, number, number] } | null)?.range?.[2];
          if (start !== undefined) kept.push([start, end ?? start + 1]);
        }
        map.items = map.items.filter((pair) => !pairs.includes(pair) || pair === keep);
      }
    },
  });
  return { doc: copy, kept };
}

/** One version of the document per earlier copy of a repeated key (none when no key repeats). */
export function shadowedVersions(doc: Document, lineCounter: LineCounter): ShadowedVersion[] {
  const versions: ShadowedVersion[] = [];
  const offsetOf = ({ line, column }: Pick<CatalogIssue, 'line' | 'column'>) =>
    (lineCounter.lineStarts[line - 1] ?? 0) + column - 1;
  for (let n = 0; n < mostCopies(doc) - 1; n++) {
    const { doc: copy, kept } = version(doc, n);
    versions.push({
      doc: copy,
      holds: (issue) => kept.some(([start, end]) => offsetOf(issue) >= start && offsetOf(issue) < end),
    });
  }
  return versions;
}
