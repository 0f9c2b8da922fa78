import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { catalogReferenceMarkdown, withReference } from '../../src/catalog/reference.js';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

describe('README', () => {
  it('has the catalog reference generated from the current schema (regenerate with: npm run docs)', () => {
    expect(withReference(readme, catalogReferenceMarkdown())).toBe(readme);
  });

  it('gives the two set-up commands', () => {
    expect(readme).toContain('npm ci');
    expect(readme).toContain('npm test');
  });
});
