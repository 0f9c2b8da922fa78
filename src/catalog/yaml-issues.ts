// The YAML parser's errors and warnings as issues: a rule id, a message in the catalog's terms, and
// the line of the mistake itself (an uneven indent makes the parser complain about the next, correct
// line too; only the wrong one is reported).
import type { Document, LineCounter, YAMLError } from 'yaml';
import { CUSTOM_DATA_MAX_DEPTH } from '../paddle-facts/limits.js';
import type { CatalogIssue } from './issue.js';
import { dottedPath, pathAtOffset } from './positions.js';
import type { PathSegment } from './rules/finding.js';

/** A tag the core schema does not resolve (`!!set`, `!!binary`, `!foo`) would be read as plain text or a map. */
function tagMessage(yamlMessage: string): string {
  const tag = (/Unresolved tag: (\S+)/.exec(yamlMessage)?.[1] ?? '').replace('tag:yaml.org,2002:', '!!');
  return `tag ${tag} is not supported: a catalog holds plain YAML values only (maps, lists, text, numbers, true/false, null); remove the tag`;
}

/** Where the value of a tag starts: a tag stands before its node, outside the node's range. */
function afterTag(text: string, tagEnd: number): number {
  return tagEnd + (/^\s*/.exec(text.slice(tagEnd, tagEnd + 256))?.[0].length ?? 0);
}

const stackRanOut = (error: YAMLError) => error.message.includes('Maximum call stack size exceeded');

function yamlIssue(doc: Document, error: YAMLError, lineCounter: LineCounter, text: string): CatalogIssue {
  const start = error.linePos?.[0] ?? lineCounter.linePos(error.pos[0]);
  const duplicate = error.code === 'DUPLICATE_KEY';
  const tag = error.code === 'TAG_RESOLVE_FAILED';
  const path = pathAtOffset(doc, tag ? afterTag(text, error.pos[1]) : error.pos[0]);
  const firstLine = (error.message.split('\n')[0] ?? '').replace(/ at line \d+, column \d+:?$/, '');
  let message = firstLine;
  if (duplicate)
    message = `duplicate key "${String(path[path.length - 1] ?? '')}": a key may appear once in a map (the last one would silently win)`;
  else if (tag) message = tagMessage(firstLine);
  // the parser recurses once per level: thousands of levels exhaust its stack
  else if (stackRanOut(error))
    message = `nested too deeply to read; custom_data may nest at most ${CUSTOM_DATA_MAX_DEPTH} levels (custom-data-too-deep)`;
  return {
    path: dottedPath(path),
    line: start.line,
    column: start.col,
    message,
    rule: duplicate ? 'duplicate-key' : tag ? 'yaml-tag-unsupported' : 'yaml-syntax',
    severity: error.name === 'YAMLWarning' && !tag ? 'warning' : 'error',
  };
}

interface Line {
  /** offset of its first character that is not a space */
  start: number;
  indent: number;
}

/** The lines that hold something (not blank, not only a comment), by line number (1-based). */
function contentLines(text: string): Map<number, Line> {
  const lines = new Map<number, Line>();
  let offset = 0;
  text.split('\n').forEach((line, index) => {
    const indent = /^ */.exec(line)?.[0].length ?? 0;
    const rest = line.slice(indent).trim();
    if (rest !== '' && !rest.startsWith('#')) lines.set(index + 1, { start: offset + indent, indent });
    offset += line.length + 1;
  });
  return lines;
}

/** What the map holding the key at `path` is, in the catalog's words. */
function ownerOf(path: readonly PathSegment[]): string {
  const owner = path.slice(0, -1);
  const [top, key, , priceKey] = owner;
  if (top === 'products' && owner.length === 2) return `product "${String(key)}"`;
  if (top === 'products' && owner.length === 4) return `price "${String(priceKey)}"`;
  if (top === 'discounts' && owner.length === 2) return `discount "${String(key)}"`;
  return owner.length === 0 ? 'the top level' : `"${dottedPath(owner)}"`;
}

/**
 * Uneven indentation (7 spaces among 8s): the parser flags the line and the correct line after it.
 * A flagged line indented like the last unflagged line above it is such an echo and is dropped; the
 * line itself gets a message naming the map it was meant for.
 */
function unevenIndent(doc: Document, errors: readonly YAMLError[], issues: CatalogIssue[], text: string) {
  const bad = (error: YAMLError | undefined) => error?.code === 'BAD_INDENT';
  const flagged = new Set(errors.filter(bad).map((error) => error.linePos?.[0].line ?? 0));
  if (flagged.size === 0) return issues;
  const lines = contentLines(text);
  const above = (lineNumber: number) => {
    for (let number = lineNumber - 1; number > 0; number--) {
      const line = lines.get(number);
      if (line && !flagged.has(number)) return line;
    }
    return undefined;
  };
  const kept = issues.flatMap((issue, index): CatalogIssue[] => {
    const line = lines.get(issue.line);
    const previous = above(issue.line);
    if (!bad(errors[index]) || !line || !previous) return [issue];
    if (line.indent === previous.indent) return [];
    const owner = ownerOf(pathAtOffset(doc, previous.start));
    const message = `this line is indented ${line.indent} spaces and the one above it ${previous.indent}: indent it ${previous.indent}, as the other fields of ${owner}`;
    return [{ ...issue, column: line.indent + 1, message, rule: 'yaml-indent' }];
  });
  return kept.some((issue) => issue.severity === 'error') ? kept : issues;
}

/** The parser's errors and warnings, each once, at the line to fix. */
export function yamlIssues(doc: Document, lineCounter: LineCounter, text: string): CatalogIssue[] {
  // the stack can run out at more than one level, depending on how much of it the caller left: once
  const all = [...doc.errors, ...doc.warnings];
  const firstOverflow = all.findIndex(stackRanOut);
  const problems = all.filter((error, index) => !stackRanOut(error) || index === firstOverflow);
  const issues = problems.map((e) => yamlIssue(doc, e, lineCounter, text));
  return unevenIndent(doc, problems, issues, text);
}
