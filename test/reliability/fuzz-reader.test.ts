// Fuzzing: readCatalog over mutated examples and random text never throws, positions
// every issue inside the file, and returns a catalog only when there is no error.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CatalogIssue } from '../../src/catalog/issue.js';
import { readCatalog } from '../../src/catalog/read.js';
import type { EnvironmentName } from '../../src/paddle-facts/environments.js';
import {
  anEnvironment,
  EXAMPLES,
  propertyTimeout,
  randomDocument,
  structuralMutation,
  textMutation,
} from '../support/catalog-mutations.js';

// FUZZ_RUNS=5000 for a deeper search than the default run of npm test, where each case is one full
// read of a YAML text (milliseconds each) and the seed is fixed (test/setup/fuzz-seed.ts)
const NUM_RUNS = Number(process.env.FUZZ_RUNS) || 120;

/** The checks every read result must pass, for any input text, read for either environment. */
function checkResult(text: string, environment: EnvironmentName): void {
  const result = readCatalog('fuzz.yaml', text, { environment });
  const lines = text.split('\n');
  // one expect per case: a few hundred cases of a dozen issues each, and each expect costs
  const misplaced = result.issues.flatMap((issue) =>
    positionProblems(issue, lines).map((problem) => `${problem}: ${JSON.stringify(issue)}`),
  );
  expect(misplaced).toEqual([]);
  if (result.catalog) expect(result.issues.filter((i) => i.severity === 'error')).toEqual([]);
  else expect(result.issues.some((i) => i.severity === 'error')).toBe(true);
}

/** What is wrong with where an issue points or what it says; none when it is placed and complete. */
function positionProblems(issue: CatalogIssue, lines: string[]): string[] {
  const lineLength = lines[issue.line - 1]?.length ?? 0;
  const checks: [boolean, string][] = [
    [Number.isInteger(issue.line) && issue.line >= 1, 'line is not a positive integer'],
    [Number.isInteger(issue.column) && issue.column >= 1, 'column is not a positive integer'],
    [issue.line <= lines.length, `line past the file's ${lines.length} lines`],
    // a column may point just past the last character (end of line / end of file)
    [issue.column <= lineLength + 1, `column past its line of ${lineLength} characters`],
    // '' is the document itself; a key may be anything the file says, dots and all
    [typeof issue.path === 'string', 'path is not a string'],
    [issue.message.trim() !== '', 'no message'],
    [issue.rule.trim() !== '', 'no rule'],
    [issue.severity === 'error' || issue.severity === 'warning', 'severity is neither error nor warning'],
  ];
  return checks.filter(([holds]) => !holds).map(([, problem]) => problem);
}

describe('fuzz: readCatalog', { timeout: propertyTimeout(NUM_RUNS) }, () => {
  it('the unmodified examples are valid (the base of every mutation)', () => {
    for (const { text } of EXAMPLES)
      expect(readCatalog('x.yaml', text, { environment: 'sandbox' }).catalog).toBeDefined();
  });

  it('structural mutations (drop a field, change a type, camelCase a key, replace a value): positioned issues, never a throw', () => {
    fc.assert(fc.property(structuralMutation, anEnvironment, checkResult), { numRuns: NUM_RUNS });
  });

  it('text damage (duplicated key line, truncation, random bytes, bad indent): positioned issues, never a throw', () => {
    fc.assert(fc.property(textMutation, anEnvironment, checkResult), { numRuns: NUM_RUNS });
  });

  it('random YAML and JSON documents and random text: positioned issues, never a throw', () => {
    fc.assert(fc.property(randomDocument, anEnvironment, checkResult), { numRuns: NUM_RUNS });
  });

  it('a duplicated key is an error with rule "duplicate key" at the second occurrence', () => {
    const text = 'version: 1\nproducts:\n  pro:\n    name: Pro\n    name: Pro 2\n    tax_category: saas\n';
    const { catalog, issues } = readCatalog('dup.yaml', text, { environment: 'sandbox' });
    expect(catalog).toBeUndefined();
    expect(issues).toContainEqual(
      expect.objectContaining({ rule: 'duplicate-key', line: 5, severity: 'error' }),
    );
  });
});
