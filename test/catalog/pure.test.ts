import { describe, expect, it } from 'vitest';
import type { CatalogIssue } from '../../src/catalog/issue.js';
import { amountMessage, majorToMinorUnits } from '../../src/catalog/rules/amount.js';
import { closest, toSnakeCase } from '../../src/catalog/rules/did-you-mean.js';
import { suggestKey } from '../../src/catalog/rules/keys.js';
import { githubAnnotations } from '../../src/views/github/annotations.js';

describe('did you mean', () => {
  it.each([
    ['unitPrice', 'unit_price'],
    ['TaxCategory', 'tax_category'],
  ])('toSnakeCase(%s) = %s', (input, output) => expect(toSnakeCase(input)).toBe(output));

  it.each([
    ['nmae', ['name', 'description'], 'name'],
    ['USD', ['usd'], 'usd'],
    ['professional-servicesoft', ['saas', 'professional-services'], 'professional-services'],
    ['colour', ['name', 'description', 'prices'], undefined],
  ])('closest(%s)', (input, candidates, expected) => expect(closest(input, candidates)).toBe(expected));
});

describe('amounts in the lowest unit', () => {
  it.each([
    ['10.00', 'USD', '1000'],
    ['10.5', 'EUR', '1050'],
    ['0.99', 'GBP', '99'],
    ['1200', 'JPY', '1200'],
    ['1200.0', 'JPY', '1200'],
    ['12.5', 'JPY', undefined],
    ['10.001', 'USD', undefined],
  ])('%s %s is "%s" in the lowest unit', (decimal, currency, minor) => {
    expect(majorToMinorUnits(decimal, currency)).toBe(minor);
  });

  it('keeps 20-digit YAML numbers exact by reading the source text', () => {
    expect(amountMessage(12345678901234567000, '12345678901234567890', 'USD')).toContain(
      '"12345678901234567890"',
    );
  });

  it('VND and CLP have no decimals', () => {
    expect(amountMessage(50000, '50000', 'VND')).toMatch(/= ₫50,000/);
    expect(amountMessage(990, '990', 'CLP')).toMatch(/= CLP\s?990/);
  });
});

describe('keys', () => {
  it.each([
    ['Pro Plan', 'pro-plan'],
    ['proMonthly', 'pro-monthly'],
    ['!!!', undefined],
  ])('suggestKey(%s) = %s', (input, output) => expect(suggestKey(input)).toBe(output));
});

describe('GitHub annotations', () => {
  const issue = (n: number, severity: 'error' | 'warning' = 'error'): CatalogIssue => ({
    path: `products.p${n}`,
    line: n,
    column: 3,
    message: `bad: 100%, really\nyes`,
    rule: 'amount-not-minor-units',
    severity,
  });

  it('escapes data and properties the way @actions/core does', () => {
    expect(githubAnnotations('cat,a:log.yaml', [issue(1)])).toEqual([
      '::error file=cat%2Ca%3Alog.yaml,line=1,col=3,title=amount-not-minor-units::bad: 100%25, really%0Ayes',
    ]);
  });

  it('emits at most 10 per severity, then one summary line', () => {
    const lines = githubAnnotations('c.yaml', [
      ...Array.from({ length: 13 }, (_, i) => issue(i + 1)),
      issue(20, 'warning'),
    ]);
    expect(lines.filter((line) => line.startsWith('::error'))).toHaveLength(11);
    expect(lines[10]).toMatch(/and 3 more errors/);
    expect(lines.filter((line) => line.startsWith('::warning'))).toHaveLength(1);
  });
});
