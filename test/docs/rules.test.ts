// docs/rules.md explains every rule id validate can emit. The ids come from the registry in code
// (src/catalog/rules/ids.ts); every finding's `rule` is typed as one of them, so an id that is not
// registered does not compile, and one that is registered without a section fails here.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RULE_IDS } from '../../src/catalog/rules/ids.js';
import { URL_CREDENTIALS_RULE } from '../../src/paddle/target.js';
import type { Problem } from '../../src/refs/check.js';

const ROOT = join(import.meta.dirname, '..', '..');
const whole = readFileSync(join(ROOT, 'docs', 'rules.md'), 'utf8');
const OTHER_TAGS = '\n# Other tags the CLI prints\n';
/** The catalog rules; after them, the tags the CLI prints outside a catalog. */
const [text = '', other = ''] = whole.split(OTHER_TAGS);
/** Every problem refs can print; `satisfies` makes a new one in the type a compile error here. */
const REFS_PROBLEMS = Object.keys({
  'unknown-id': true,
  archived: true,
  'other-environment': true,
  'product-archived': true,
} satisfies Record<Problem, true>);

/** `## id` → the section's text up to the next heading of the same level. */
function sections(markdown: string): Map<string, string> {
  const found = new Map<string, string>();
  const parts = markdown.split(/^## /m).slice(1);
  for (const part of parts) {
    const newline = part.indexOf('\n');
    found.set(part.slice(0, newline).trim(), part.slice(newline + 1));
  }
  return found;
}

describe('docs/rules.md', () => {
  const byId = sections(text);

  it('has a section for every rule id validate can emit, and none for an id it cannot', () => {
    expect([...RULE_IDS].filter((id) => !byId.has(id))).toEqual([]);
    expect([...byId.keys()].filter((id) => !(RULE_IDS as readonly string[]).includes(id))).toEqual([]);
  });

  it('ids are stable kebab-case names, each registered once', () => {
    for (const id of RULE_IDS) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(new Set(RULE_IDS).size).toBe(RULE_IDS.length);
  });

  it.each([...RULE_IDS])('%s: says how to fix it and links to where to read more', (id) => {
    const section = byId.get(id) ?? '';
    expect(section).toContain('Fix:');
    expect(section).toMatch(/\]\((https:\/\/|\.\.\/|[a-z-]+\.md)/); // Paddle, or another page of ours
  });

  it('links every rule from the index at its top, once', () => {
    const index = text.slice(0, text.indexOf('\n## '));
    for (const id of RULE_IDS) expect(index.split(`[${id}](#${id})`).length - 1, id).toBe(1);
  });

  it("explains the other tags the CLI prints: refs' problems and the refused API URL", () => {
    expect(whole).toContain(OTHER_TAGS);
    const start = other.indexOf('### Problems found by refs');
    const refs = other.slice(start, other.indexOf('\n### ', start));
    for (const problem of REFS_PROBLEMS) expect(refs, problem).toContain(`- \`${problem}\`: `);
    expect(other).toContain(`### ${URL_CREDENTIALS_RULE}\n`);
    expect(other).toMatch(/Fix:[\s\S]*\]\(https:\/\//);
  });

  it('refers to no document users do not have', () => {
    expect(whole).not.toMatch(/§|\bthe seed\b/i);
  });
});
