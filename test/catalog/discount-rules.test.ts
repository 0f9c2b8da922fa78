import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readCatalog } from '../../src/catalog/read.js';
import { DISCOUNT_RULE } from '../../src/catalog/rules/discount.js';
import { catalogWith, errorsOf, issuesOf, type Json } from '../support/catalog-rules.js';

const DISCOUNT = 'discounts.launch';
const percentage = (): Json => ({ description: 'Launch offer', type: 'percentage', amount: '25' });
const flat = (): Json => ({ description: 'Five off', type: 'flat', amount: '500', currency_code: 'EUR' });
const withDiscounts = (discounts: Json) => catalogWith({ top: { discounts } });
const one = (fields: Json, base = percentage()) => withDiscounts({ launch: { ...base, ...fields } });

interface Row {
  title: string;
  text: string;
  /** the one expected error, or null for a valid catalog */
  expected: { rule: string; path: string; message: RegExp } | null;
}

function check({ text, expected }: Row) {
  const errors = errorsOf(text);
  if (expected === null) {
    expect(errors).toEqual([]);
    return;
  }
  expect(errors).toHaveLength(1);
  expect(errors[0]).toMatchObject({ rule: expected.rule, path: expected.path });
  expect(errors[0]?.message).toMatch(expected.message);
}

describe('discount rules', () => {
  const rows: Row[] = [
    { title: 'a percentage discount with the required fields is valid', text: one({}), expected: null },
    { title: 'a flat discount with a currency is valid', text: one({}, flat()), expected: null },
    {
      title: 'every optional field at once is valid',
      text: one({
        code: 'LAUNCH25',
        enabled_for_checkout: false,
        recur: true,
        maximum_recurring_intervals: 3,
        usage_limit: 500,
        restrict_to: ['pro', 'pro/monthly'],
        expires_at: '2099-01-31T23:59:59Z',
        custom_data: { team: 'growth' },
      }),
      expected: null,
    },
    {
      title: 'discount-percentage-amount: "0.01" and "100" are the bounds',
      text: withDiscounts({
        low: { ...percentage(), amount: '0.01' },
        high: { ...percentage(), amount: '100' },
      }),
      expected: null,
    },
    {
      title: 'discount-percentage-amount: above 100 is refused',
      text: one({ amount: '100.5' }),
      expected: {
        rule: 'discount-percentage-amount',
        path: `${DISCOUNT}.amount`,
        message: /"0\.01" to "100"/,
      },
    },
    {
      title: 'discount-percentage-amount: zero is refused',
      text: one({ amount: '0' }),
      expected: {
        rule: 'discount-percentage-amount',
        path: `${DISCOUNT}.amount`,
        message: /"0\.01" to "100"/,
      },
    },
    {
      title: 'discount-percentage-amount: a "%" sign gets the string to write',
      text: one({ amount: '25%' }),
      expected: {
        rule: 'discount-percentage-amount',
        path: `${DISCOUNT}.amount`,
        message: /write amount: "25"/,
      },
    },
    {
      title: 'discount-percentage-amount: a YAML number gets the quoted string',
      text: one({ amount: 12.5 }),
      expected: {
        rule: 'discount-percentage-amount',
        path: `${DISCOUNT}.amount`,
        message: /write amount: "12\.5"/,
      },
    },
    {
      title: 'discount-flat-amount: a decimal in major units gets the lowest-unit string',
      text: one({ amount: '5.00' }, flat()),
      expected: { rule: 'discount-flat-amount', path: `${DISCOUNT}.amount`, message: /write amount: "500"/ },
    },
    {
      title: 'discount-flat-amount: a YAML number is refused with the quoted string',
      text: one({ amount: 500 }, flat()),
      expected: { rule: 'discount-flat-amount', path: `${DISCOUNT}.amount`, message: /write amount: "500"/ },
    },
    {
      title: 'discount-currency: a flat discount needs currency_code',
      text: one({ currency_code: undefined }, flat()),
      expected: { rule: 'discount-currency', path: `${DISCOUNT}.type`, message: /needs currency_code/ },
    },
    {
      title: 'discount-currency: a flat_per_seat discount needs currency_code',
      text: one({ type: 'flat_per_seat', currency_code: undefined }, flat()),
      expected: {
        rule: 'discount-currency',
        path: `${DISCOUNT}.type`,
        message: /flat_per_seat discount needs/,
      },
    },
    {
      title: 'discount-currency: a percentage discount may carry currency_code, as Paddle keeps it',
      text: one({ currency_code: 'USD' }),
      expected: null,
    },
    {
      title: 'discount-currency: an unknown currency gets "did you mean"',
      text: one({ currency_code: 'eur' }, flat()),
      expected: {
        rule: 'discount-currency',
        path: `${DISCOUNT}.currency_code`,
        message: /did you mean "EUR"/,
      },
    },
    {
      title: 'discount-code: symbols are refused',
      text: one({ code: 'LAUNCH-25' }),
      expected: { rule: 'discount-code', path: `${DISCOUNT}.code`, message: /letters and digits/ },
    },
    {
      title: 'discount-code: more than 32 characters is refused',
      text: one({ code: 'A'.repeat(33) }),
      expected: { rule: 'discount-code', path: `${DISCOUNT}.code`, message: /1–32/ },
    },
    {
      title: 'discount-code-unique: two discounts with one code, ignoring case',
      text: withDiscounts({
        launch: { ...percentage(), code: 'LAUNCH25' },
        again: { ...flat(), code: 'launch25' },
      }),
      expected: {
        rule: 'discount-code-unique',
        path: 'discounts.again.code',
        message: /already the code of discount "launch"/,
      },
    },
    {
      title: 'discount-recurring-intervals: needs recur: true',
      text: one({ maximum_recurring_intervals: 3 }),
      expected: {
        rule: 'discount-recurring-intervals',
        path: `${DISCOUNT}.maximum_recurring_intervals`,
        message: /needs recur: true/,
      },
    },
    {
      title: 'discount-recurring-intervals: at least 1',
      text: one({ recur: true, maximum_recurring_intervals: 0 }),
      expected: {
        rule: 'discount-recurring-intervals',
        path: `${DISCOUNT}.maximum_recurring_intervals`,
        message: /at least 1/,
      },
    },
    {
      title: 'discount-usage-limit: at least 1',
      text: one({ usage_limit: 0 }),
      expected: { rule: 'discount-usage-limit', path: `${DISCOUNT}.usage_limit`, message: /at least 1/ },
    },
    {
      title: 'discount-restrict-to: an unknown price key gets "did you mean"',
      text: one({ restrict_to: ['pro/montly'] }),
      expected: {
        rule: 'discount-restrict-to',
        path: `${DISCOUNT}.restrict_to.0`,
        message: /"pro\/montly" is not a product or price of this catalog \(did you mean "pro\/monthly"\?\)/,
      },
    },
    {
      title: 'discount-restrict-to: a key named twice',
      text: one({ restrict_to: ['pro', 'pro'] }),
      expected: { rule: 'discount-restrict-to', path: `${DISCOUNT}.restrict_to.1`, message: /twice/ },
    },
    {
      title: 'discount-restrict-to: an empty list is refused (absent means everything)',
      text: one({ restrict_to: [] }),
      expected: {
        rule: 'discount-restrict-to',
        path: `${DISCOUNT}.restrict_to`,
        message: /at least one key/,
      },
    },
    {
      title: 'discount-expires-at: a date without a time is not RFC 3339',
      text: one({ expires_at: '2027-01-31' }),
      expected: { rule: 'discount-expires-at', path: `${DISCOUNT}.expires_at`, message: /RFC 3339/ },
    },
    {
      title: 'discount-expires-at: a time without a zone is refused',
      text: one({ expires_at: '2027-01-31T23:59:59' }),
      expected: { rule: 'discount-expires-at', path: `${DISCOUNT}.expires_at`, message: /time zone/ },
    },
    {
      title: 'discount-description: an empty description is refused',
      text: one({ description: '' }),
      expected: { rule: 'discount-description', path: `${DISCOUNT}.description`, message: /1–500/ },
    },
    {
      title: 'discount-description: blank is refused',
      text: one({ description: '   ' }),
      expected: { rule: 'discount-description', path: `${DISCOUNT}.description`, message: /blank/ },
    },
    {
      title: 'discount-description: a description is required',
      text: one({ description: undefined }),
      expected: {
        rule: 'discount-description',
        path: `${DISCOUNT}.description`,
        message: /missing required/,
      },
    },
    {
      title: 'discount-type: a near miss gets "did you mean"',
      text: one({ type: 'percentag' }),
      expected: { rule: 'discount-type', path: `${DISCOUNT}.type`, message: /did you mean "percentage"/ },
    },
  ];
  it.each(rows)('$title', check);

  it('discount-expired: an expires_at already past is a warning, and the catalog stays valid', () => {
    const text = one({ expires_at: '2026-01-31T00:00:00Z' });
    const result = readCatalog('c.yaml', text, {
      environment: 'sandbox',
      now: new Date('2026-06-01T00:00:00Z'),
    });
    expect(result.catalog).toBeDefined();
    expect(result.issues).toMatchObject([
      { rule: 'discount-expired', severity: 'warning', path: `${DISCOUNT}.expires_at` },
    ]);
    const later = readCatalog('c.yaml', text, {
      environment: 'sandbox',
      now: new Date('2025-06-01T00:00:00Z'),
    });
    expect(later.issues).toEqual([]);
  });

  it('discount-restrict-to: a Paddle id is kept with a warning (it exists in one environment only)', () => {
    const issues = issuesOf(one({ restrict_to: ['pro', 'pri_01gsz8x8sawmvhz1pv30nge1ke'] }));
    expect(issues).toMatchObject([
      { rule: 'discount-restrict-to', severity: 'warning', path: `${DISCOUNT}.restrict_to.1` },
    ]);
    expect(issues[0]?.message).toMatch(/one environment only/);
  });

  it('every finding has a line and column in the file', () => {
    const issues = issuesOf(one({ restrict_to: ['nope'], usage_limit: 0 }));
    expect(issues.length).toBe(2);
    for (const issue of issues) expect(issue.line).toBeGreaterThan(1);
  });

  it('a broken discount does not hide the problems of the others, nor of its valid fields', () => {
    const errors = errorsOf(
      withDiscounts({
        launch: { ...percentage(), amount: 12, restrict_to: ['nope'] },
        welcome: { ...flat(), currency_code: undefined },
      }),
    );
    expect(errors.map((e) => e.rule).sort()).toEqual([
      'discount-currency',
      'discount-percentage-amount',
      'discount-restrict-to',
    ]);
  });
});

describe('discount rules, documented', () => {
  const rules = readFileSync(new URL('../../docs/rules.md', import.meta.url), 'utf8');
  it.each(Object.values(DISCOUNT_RULE))('%s has its section in docs/rules.md', (id) => {
    expect(rules).toContain(`\n## ${id}\n`);
  });

  it('an unquoted expires_at (a YAML 1.1 timestamp) is read as the text written', () => {
    const text = `${one({}).trimEnd()}\n    expires_at: 2099-01-31T23:59:59Z\n`;
    const { catalog, issues } = readCatalog('c.yaml', text, { environment: 'sandbox' });
    expect(issues).toEqual([]);
    expect(catalog?.discounts?.launch?.expires_at).toBe('2099-01-31T23:59:59Z');
  });
});
