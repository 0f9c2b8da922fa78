// GitHub Actions formats: annotation escaping and limits, the step summary's
// Markdown, and step outputs in the multiline-safe form.
import { describe, expect, it } from 'vitest';
import type { CatalogIssue } from '../../src/catalog/issue.js';
import type { KeyResult } from '../../src/operations/results.js';
import { applySummaryMarkdown } from '../../src/views/apply/step-summary.js';
import { escapeData, escapeProperty, githubAnnotations } from '../../src/views/github/annotations.js';
import { outputLines } from '../../src/views/github/step-summary.js';
import { markdownCell, markdownTable } from '../../src/views/plan/markdown.js';

const issue = (n: number, over: Partial<CatalogIssue> = {}): CatalogIssue => ({
  path: 'products.pro',
  line: n,
  column: 5,
  message: `problem ${n}`,
  rule: 'schema',
  severity: 'error',
  ...over,
});

describe('annotations', () => {
  it('escapes % CR LF in data, and also : and , in properties', () => {
    expect(escapeData('100% a\r\nb: c, d')).toBe('100%25 a%0D%0Ab: c, d');
    expect(escapeProperty('100% a\r\nb: c, d')).toBe('100%25 a%0D%0Ab%3A c%2C d');
  });

  it('one ::error line per issue with file, line, col and title; properties escaped', () => {
    const [line] = githubAnnotations('dir,x/cat:1.yaml', [
      issue(13, { rule: 'trial-paid-and-cardless', message: 'paid, and\ncardless: 100%' }),
    ]);
    expect(line).toBe(
      '::error file=dir%2Cx/cat%3A1.yaml,line=13,col=5,title=trial-paid-and-cardless::paid, and%0Acardless: 100%25',
    );
  });

  it('at most 10 per severity, the rest summarised in one more annotation', () => {
    const issues = [
      ...Array.from({ length: 14 }, (_, i) => issue(i + 1)),
      ...Array.from({ length: 3 }, (_, i) => issue(i + 1, { severity: 'warning' })),
    ];
    const lines = githubAnnotations('catalog.yaml', issues);
    expect(lines.filter((l) => l.startsWith('::error file=catalog.yaml,line='))).toHaveLength(10);
    expect(lines).toContain(
      '::error file=catalog.yaml::…and 4 more errors (run paddle-catalog validate to see them all)',
    );
    expect(lines.filter((l) => l.startsWith('::warning'))).toHaveLength(3);
  });
});

describe('step summary', () => {
  it('table cells: outside text as a code span (no HTML, link, image, emphasis, mention or reference renders), pipes escaped, a newline as \\n', () => {
    expect(markdownCell('a|b\\c\nd <b>')).toBe('`a\\|b\\c\\nd <b>`');
    expect(markdownCell('![x](https://e.test/p.png) @everyone #1 `c`')).toBe(
      '`` ![x](https://e.test/p.png) @everyone #1 `c` ``',
    );
    expect(markdownCell('')).toBe('');
  });

  it('a table longer than the limit is cut with "N more"', () => {
    const rows = Array.from({ length: 205 }, (_, i) => [`k${i}`]);
    const lines = markdownTable(['Key'], rows);
    expect(lines.slice(0, 2)).toEqual(['| Key |', '| --- |']);
    expect(lines).toContain('| `k199` |');
    expect(lines).not.toContain('| `k200` |');
    expect(lines.at(-1)).toBe('…and 5 more.');
  });

  it('apply: the ids per key', () => {
    const results: KeyResult[] = [
      { key: 'pro', kind: 'product', action: 'create', status: 'applied', id: 'pro_1' },
      { key: 'pro/monthly', kind: 'price', action: 'create', status: 'applied', id: 'pri_1' },
    ];
    const md = applySummaryMarkdown({
      environment: 'sandbox',
      results,
      verified: true,
      failed: false,
      idsFile: 'ids.json',
    });
    expect(md).toContain('2 changes applied · ✅ verified · ids written to `ids.json`');
    expect(md).toContain('| `pro/monthly` | `price` | `pri_1` | `create` | `applied` |');
  });
});

describe('step outputs', () => {
  it('name<<delimiter, value, delimiter: safe for any value', () => {
    expect(outputLines({ has_changes: 'true', ids_file: 'a\nb' }, 'EOF_X')).toBe(
      'has_changes<<EOF_X\ntrue\nEOF_X\nids_file<<EOF_X\na\nb\nEOF_X\n',
    );
    expect(outputLines({ a: '1' })).toMatch(
      /^a<<ghadelimiter_[0-9a-f-]{36}\n1\nghadelimiter_[0-9a-f-]{36}\n$/,
    );
    expect(() => outputLines({ a: 'x EOF_X y' }, 'EOF_X')).toThrow(/delimiter/);
  });
});
