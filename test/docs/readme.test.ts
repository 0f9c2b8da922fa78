import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { catalogReferenceMarkdown, withReference } from '../../src/catalog/reference.js';
import { runCliInProcess } from '../helpers/run-cli-in-process.js';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

describe('README', () => {
  it('has the catalog reference generated from the current schema (regenerate with: npm run docs)', () => {
    expect(withReference(readme, catalogReferenceMarkdown())).toBe(readme);
  });

  it('gives the two set-up commands', () => {
    expect(readme).toContain('npm ci');
    expect(readme).toContain('npm test');
  });

  it("shows a churned customer's history exactly as history prints it from the demo data", async () => {
    const block = readme.match(
      /<!-- churned-history:start -->\n```\n([\s\S]*?)```\n<!-- churned-history:end -->/,
    );
    const { code, stdout } = await runCliInProcess(['history', '--email', 'churned@example.com', '--local']);
    expect(code).toBe(0);
    expect(stdout).toContain('archived (a churned customer)');
    expect(block?.[1]).toBe(stdout);
  });
});
