// docs/rules.md explains every rule id validate can emit. The ids come from the registry in code
// (src/catalog/rules/ids.ts); every finding's `rule` is typed as one of them, so an id that is not
// registered does not compile, and one that is registered without a section fails here.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RULE_IDS } from '../../src/catalog/rules/ids.js';

const ROOT = join(import.meta.dirname, '..', '..');
const text = readFileSync(join(ROOT, 'docs', 'rules.md'), 'utf8');

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
    expect(section).toMatch(/\]\((https:\/\/|\.\.\/)/);
  });

  it('refers to no document users do not have', () => {
    expect(text).not.toMatch(/§|\bthe seed\b/i);
  });
});
