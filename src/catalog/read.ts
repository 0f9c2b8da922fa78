// Reads a catalog file: YAML with positions → structure (zod) → rules, every problem at once as an
// issue with its dotted path and the line and column of the node that causes it.
import { resolve } from 'node:path';
import { CORE_SCHEMA, load } from 'js-yaml';
import type { Document, LineCounter } from 'yaml';
import { UserError } from '../errors.js';
import { readRegularFile } from '../files/bounded-read.js';
import type { EnvironmentName } from '../paddle-facts/environments.js';
import { inexactValues, type KeyedFinding } from './exact-values.js';
import { type CatalogIssue, InvalidCatalogError } from './issue.js';
import { misplacedFields, withMisplaced } from './misplaced.js';
import { dottedPath, NodeIndex } from './positions.js';
import { inputFromCatalog, inputFromRaw } from './rule-input-of.js';
import { type Finding, otherEnvironment, type PathSegment, type RuleContext } from './rules/finding.js';
import { runRules } from './rules/index.js';
import {
  type Catalog,
  catalogSchema,
  type EnvironmentSettings,
  environmentsSchema,
  settingsFor,
} from './schema.js';
import { shadowedVersions } from './shadowed.js';
import { decodeCatalog } from './utf8.js';
import { yamlIssues } from './yaml-issues.js';
import { yamlLib } from './yaml-lib.js';
import { explainZodIssue, type Source } from './zod-issues.js';

export interface ReadOptions {
  environment: EnvironmentName;
  /** the moment dates in the catalog are compared with; default: now */
  now?: Date;
  /** what the target is, when known: Paddle refuses what only the emulator can do (RuleContext) */
  target?: RuleContext['target'];
}

export interface ReadResult {
  /** present when the catalog has no error (warnings allowed) */
  catalog?: Catalog;
  /** sorted by position */
  issues: CatalogIssue[];
}

type Json = Record<string, unknown>;
const isMapping = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function valueAt(root: unknown, path: readonly PathSegment[]): unknown {
  let value = root;
  for (const segment of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Json)[String(segment)];
  }
  return value;
}

/** The target's settings as declared; undefined when `environments` is broken (its own issue says so). */
function ruleContext(rawEnvironments: unknown, { environment, now, target }: ReadOptions): RuleContext {
  const parsed = environmentsSchema.safeParse(rawEnvironments ?? {});
  const declared: Partial<Record<EnvironmentName, EnvironmentSettings>> | undefined = parsed.data;
  return {
    environment,
    settings: declared ? (declared[environment] ?? {}) : undefined,
    otherSettings: declared?.[otherEnvironment(environment)],
    now: now ?? new Date(),
    ...(target ? { target } : {}),
  };
}

/**
 * The errors of every cross-field rule validate runs, over a catalog already parsed (a saved plan's
 * own copy): the same rules as a catalog file, without positions, as there is no file to point in.
 */
export function catalogRuleErrors(catalog: Catalog, options: ReadOptions): Finding[] {
  const findings = runRules(inputFromCatalog(catalog), ruleContext(catalog.environments, options));
  return findings.filter((finding) => finding.severity === 'error');
}

const byPosition = (a: CatalogIssue, b: CatalogIssue) => a.line - b.line || a.column - b.column;

/**
 * Most catalogs are valid, and a valid one needs no positions. A plain parse (js-yaml, ~10× faster
 * than building a positioned document) settles those; anything else — a parse error, a duplicate
 * key, an alias, a single issue, even a warning — is read again in full, with positions.
 */
export function readCatalog(file: string, source: string | Uint8Array, options: ReadOptions): ReadResult {
  const decoded = typeof source === 'string' ? { text: source } : decodeCatalog(source);
  if ('issue' in decoded) return { issues: [decoded.issue] };
  return quickRead(decoded.text, options) ?? fullRead(file, decoded.text, options);
}

/** What the two parsers may read differently (tabs near indentation, a lone CR): full read only. */
const UNUSUAL_WHITESPACE = /\t|\r(?!\n)/;

function quickRead(text: string, options: ReadOptions): ReadResult | undefined {
  if (UNUSUAL_WHITESPACE.test(text)) return undefined;
  let raw: unknown;
  try {
    // YAML 1.2 core schema, as the full read: other tags throw; duplicate keys throw; aliases go to the full read's guard
    raw = load(text, { schema: CORE_SCHEMA, json: false, maxAliases: 0 });
  } catch {
    return undefined;
  }
  if (inexactValues(raw).length > 0) return undefined;
  const parsed = catalogSchema.safeParse(raw);
  if (!parsed.success) return undefined;
  const context = ruleContext(isMapping(raw) ? raw.environments : undefined, options);
  if (runRules(inputFromCatalog(parsed.data), context).length > 0) return undefined;
  return { catalog: parsed.data, issues: [] };
}

/**
 * The read with positions: every problem at once, each at its node.
 * @internal The quick-read test holds the quick path to this full read's answers.
 */
export function fullRead(file: string, text: string, options: ReadOptions): ReadResult {
  const { LineCounter, parseDocument } = yamlLib();
  const lineCounter = new LineCounter();
  // the core schema whatever a %YAML directive says, and no YAML 1.1 types (!!set, !!binary…) behind it
  const doc = parseDocument(text, {
    lineCounter,
    uniqueKeys: true,
    merge: false,
    prettyErrors: true,
    schema: 'core',
    resolveKnownTags: false,
  });
  const issues = yamlIssues(doc, lineCounter, text);
  // Duplicate keys leave a well-formed tree behind: keep going so every other problem shows too.
  if (doc.errors.some((e) => e.code !== 'DUPLICATE_KEY')) return { issues: issues.sort(byPosition) };
  const read = analyse(file, doc, lineCounter, options);
  issues.push(...read.issues);
  // the copies a duplicate key shadows are read too, each in a version of the file where it wins
  const seen = new Set(issues.map(issueId));
  for (const version of shadowedVersions(doc, lineCounter)) {
    for (const issue of analyse(file, version.doc, lineCounter, options).issues) {
      if (version.holds(issue) && !seen.has(issueId(issue))) issues.push(issue);
      seen.add(issueId(issue));
    }
  }
  issues.sort(byPosition);
  const valid = read.catalog !== undefined && !issues.some((issue) => issue.severity === 'error');
  return valid ? { catalog: read.catalog, issues } : { issues };
}

const issueId = (issue: CatalogIssue) => `${issue.line}:${issue.column}:${issue.rule}:${issue.message}`;

/** Structure and rules of a parsed document; `catalog` when its structure is valid. */
function analyse(file: string, doc: Document, lineCounter: LineCounter, options: ReadOptions): ReadResult {
  let raw: unknown;
  try {
    raw = doc.toJS({ maxAliasCount: 100 });
  } catch (error) {
    const message = String((error as Error).message);
    return { issues: [{ path: '', line: 1, column: 1, message, rule: 'yaml-syntax', severity: 'error' }] };
  }
  if (raw === null || raw === undefined) {
    const message = `${file} is empty; a catalog starts with "version: 1" and "products:"`;
    return { issues: [{ path: '', line: 1, column: 1, message, rule: 'schema', severity: 'error' }] };
  }

  const parsed = catalogSchema.safeParse(raw);
  let index: NodeIndex | undefined;
  const positions = () => {
    index ??= new NodeIndex(doc, lineCounter);
    return index;
  };
  const source: Source = { value: (path) => valueAt(raw, path), node: (path) => positions().nodeAt(path) };
  const structural = parsed.success
    ? []
    : parsed.error.issues.flatMap((issue) => explainZodIssue(issue, source));
  const input = parsed.success ? inputFromCatalog(parsed.data) : inputFromRaw(raw);
  const context = ruleContext(isMapping(raw) ? raw.environments : undefined, options);
  const findings = [...structural, ...runRules(input, context)];
  const explained = parsed.success ? findings : withMisplaced(findings, misplacedFields(raw));
  const issues = [...inexactValues(raw), ...explained].map((finding) => toIssue(finding, positions()));
  return parsed.success ? { catalog: parsed.data, issues } : { issues };
}

function toIssue(finding: KeyedFinding, index: NodeIndex): CatalogIssue {
  const { line, column } = finding.atKey ? index.locateKey(finding.path) : index.locate(finding.path);
  const { message, rule, severity } = finding;
  return { path: dottedPath(finding.path), line, column, message, rule, severity };
}

/**
 * The file's bytes (`file` as the user wrote it, relative to `cwd`), for readCatalog to decode
 * strictly; a missing or unreadable file is the user's to fix, not a crash.
 */
export async function readCatalogFile(file: string, cwd: string = process.cwd()): Promise<Uint8Array> {
  try {
    return await readRegularFile(resolve(cwd, file), file);
  } catch (error) {
    if (error instanceof UserError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') {
      throw new UserError(
        `catalog file not found: ${file}`,
        'Start one with `paddle-catalog init`, or copy an example from the catalogs/ folder of paddle-catalog.',
      );
    }
    if (code === 'EISDIR')
      throw new UserError(`${file} is a directory; give the path of a catalog YAML file`);
    throw new UserError(`cannot read ${file} (${code ?? (error as Error).message})`);
  }
}

export interface LoadedCatalog {
  file: string;
  catalog: Catalog;
  environment: EnvironmentName;
  /** the target's settings as the catalog declares them */
  settings: EnvironmentSettings;
  /** warnings only: a catalog with an error is never loaded */
  warnings: CatalogIssue[];
}

/** For plan and apply: the validated catalog, or InvalidCatalogError with every issue. */
export async function loadCatalog(
  file: string,
  environment: EnvironmentName,
  cwd?: string,
): Promise<LoadedCatalog> {
  const { catalog, issues } = readCatalog(file, await readCatalogFile(file, cwd), { environment });
  if (!catalog) throw new InvalidCatalogError(file, issues, environment);
  return { file, catalog, environment, settings: settingsFor(catalog, environment), warnings: issues };
}
