import { describe, expect, it } from 'vitest';
import { issuesOf } from '../support/catalog-rules.js';

// Line and column of each kind of issue: the offending value, a missing field at its parent, an
// unknown field or bad key at the key itself, list items by index, YAML's own errors.
const TEXT = `version: 1
products:
  pro:
    name: Pro
    tax_category: saas
    prices:
      monthly:
        description: Pro monthly
        unit_price: { amount: 10, currency_code: USD }
        unit_price_overrides:
          - country_codes: [DE, UK]
            unit_price: { amount: "900", currency_code: EUR }
      yearly:
        name: Yearly
        unit_price: { amount: "10000", currency_code: USD }
        billing_cycle: { interval: year, frequency: 1 }
        unitPrice: 3
`;

describe('issue positions', () => {
  const issues = issuesOf(TEXT);
  const at = (path: string) => issues.find((issue) => issue.path === path);

  it.each([
    ['a wrong value: at the value', 'products.pro.prices.monthly.unit_price.amount', 9, 31],
    [
      'a list item: by index, at the item',
      'products.pro.prices.monthly.unit_price_overrides.0.country_codes.1',
      11,
      33,
    ],
    ['a missing field: at the key of its parent', 'products.pro.prices.yearly.description', 13, 7],
    ['an unknown field: at its key', 'products.pro.prices.yearly.unitPrice', 17, 9],
  ])('%s', (_title, path, line, column) => {
    expect(at(path)).toMatchObject({ line, column });
  });

  it('reports every issue at once, sorted by position', () => {
    expect(issues.map((issue) => issue.line)).toEqual([9, 11, 13, 17]);
  });

  it('a bad product key: at the key', () => {
    const bad = issuesOf(TEXT.replace('  pro:', '  Pro:')).find((issue) => issue.rule === 'key-invalid');
    expect(bad).toMatchObject({ path: 'products.Pro', line: 3, column: 3 });
  });

  it('a duplicate key is an issue at the second key, and the other issues still show', () => {
    const text = TEXT.replace('      yearly:', '      monthly:');
    const duplicate = issuesOf(text).find((issue) => issue.rule === 'duplicate-key');
    expect(duplicate).toMatchObject({
      path: 'products.pro.prices.monthly',
      line: 13,
      column: 7,
      severity: 'error',
    });
    expect(duplicate?.message).toMatch(/duplicate key "monthly"/);
    expect(issuesOf(text).length).toBeGreaterThan(1);
  });

  it('a YAML syntax error is positioned and stops there', () => {
    const found = issuesOf('version: 1\nproducts:\n  pro: [a,\n   b: c: d\n');
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((issue) => issue.rule === 'yaml-syntax' && issue.line >= 3)).toBe(true);
  });

  it('an empty file is one issue at 1:1', () => {
    expect(issuesOf('')).toMatchObject([
      { line: 1, column: 1, rule: 'schema', message: expect.stringMatching(/is empty/) },
    ]);
  });

  it('a missing top-level field points at the document', () => {
    expect(issuesOf('version: 1\n')).toMatchObject([{ path: 'products', line: 1, column: 1 }]);
  });
});
