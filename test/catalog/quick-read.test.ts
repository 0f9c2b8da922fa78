// readCatalog settles a valid catalog with a plain parse and reads anything else again in full,
// with positions. The two reads must never disagree: same catalog, or the full read's issues.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fullRead, readCatalog } from '../../src/catalog/read.js';
import type { EnvironmentName } from '../../src/paddle-facts/environments.js';
import {
  anEnvironment,
  EXAMPLES,
  propertyTimeout,
  randomDocument,
  structuralMutation,
  textMutation,
} from '../support/catalog-mutations.js';

// FUZZ_RUNS=<n> for more random cases than the default run of npm test (two full reads each)
const NUM_RUNS = Number(process.env.FUZZ_RUNS) || 100;

function agreeFor(text: string, environment: EnvironmentName): void {
  expect(readCatalog('x.yaml', text, { environment })).toEqual(fullRead('x.yaml', text, { environment }));
}

function agree(text: string): void {
  agreeFor(text, 'sandbox');
  agreeFor(text, 'production');
}

describe('readCatalog: the quick read of a valid catalog agrees with the full read', {
  timeout: propertyTimeout(NUM_RUNS),
}, () => {
  it('on every example', () => {
    for (const { text } of EXAMPLES) agree(text);
  });

  it('on mutated examples, damaged text and random documents', () => {
    fc.assert(
      fc.property(fc.oneof(structuralMutation, textMutation, randomDocument), anEnvironment, agreeFor),
      {
        numRuns: NUM_RUNS,
      },
    );
  });

  it.each([
    ['a duplicate key', 'version: 1\nversion: 1\nproducts: {}\n'],
    ['an alias (the full read guards alias expansion)', 'version: 1\nx: &a {}\nproducts: *a\n'],
    [
      'a YAML 1.1 boolean-looking word, which YAML 1.2 keeps as a string',
      'version: 1\nproducts:\n  p:\n    name: yes\n    tax_category: saas\n',
    ],
    [
      'a date-looking value, a string in YAML 1.2',
      'version: 1\nproducts:\n  p:\n    name: 2025-01-01\n    tax_category: saas\n',
    ],
    ['two documents', 'version: 1\nproducts: {}\n---\nversion: 1\nproducts: {}\n'],
    [
      'a warning only',
      'version: 1\nenvironments:\n  production: {}\nproducts:\n  p:\n    name: P\n    tax_category: ebooks\n',
    ],
  ])('on %s', (_name, text) => agree(text));
});
