// Every relative link in README.md and docs/*.md leads somewhere: the file exists, and an anchor
// names a heading of the page it points at (as GitHub makes anchors from headings).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/run-cli.js';

const PAGES = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** The text outside fenced code blocks: links inside them are examples, not links. */
const prose = (markdown: string) => markdown.replace(/^```[\s\S]*?^```/gm, '');

/** GitHub's anchors for a page's headings: lower case, punctuation dropped, spaces as hyphens. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  for (const [, heading = ''] of prose(markdown).matchAll(/^#{1,6} +(.+?) *#*$/gm)) {
    const base = heading
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    let anchor = base;
    for (let n = 1; anchors.has(anchor); n++) anchor = `${base}-${n}`;
    anchors.add(anchor);
  }
  for (const [, name = ''] of markdown.matchAll(/<a (?:name|id)="([^"]+)"/g)) anchors.add(name);
  return anchors;
}

/** The relative link targets of a page: `[text](target)`, without web and mail addresses. */
const linksOf = (markdown: string) =>
  [...prose(markdown).matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1] ?? '')
    .filter((target) => !/^[a-z][a-z+.-]*:/i.test(target));

describe('links in README.md and docs/', () => {
  it('finds the pages and their links', () => {
    expect(PAGES.length).toBeGreaterThan(5);
    expect(linksOf(readFileSync(join(ROOT, 'README.md'), 'utf8')).length).toBeGreaterThan(5);
  });

  it.each(PAGES)('%s: every relative link and anchor resolves', (page) => {
    const text = readFileSync(join(ROOT, page), 'utf8');
    const broken: string[] = [];
    for (const target of linksOf(text)) {
      const [path = '', anchor] = target.split('#');
      const file = path ? join(ROOT, dirname(page), path) : join(ROOT, page);
      if (!existsSync(file)) broken.push(`${target}: no file ${relative(ROOT, file)}`);
      else if (anchor !== undefined && !anchorsOf(readFileSync(file, 'utf8')).has(anchor))
        broken.push(`${target}: no heading with that anchor`);
    }
    expect(broken).toEqual([]);
  });

  it('makes anchors as GitHub does', () => {
    const anchors = anchorsOf(
      '## Safe under faults, crashes and mistakes (tested)\n### `ids --json`\n## A\n## A\n',
    );
    expect([...anchors]).toEqual(['safe-under-faults-crashes-and-mistakes-tested', 'ids---json', 'a', 'a-1']);
  });
});
