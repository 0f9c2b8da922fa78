// The rules of a move's first billing date (docs/rules.md, bills-from-*): each at its file position,
// and a valid one.
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { basePrice, errorsOf, type Json } from '../support/catalog-rules.js';

const monthly = (fields: Json = {}): Json => ({ ...basePrice(), ...fields });

function catalog(target: Json): string {
  return stringify({
    version: 1,
    products: {
      pro: { name: 'Pro', tax_category: 'saas', prices: { monthly: monthly(), next: monthly(target) } },
    },
  });
}

const AT = 'products.pro.prices.next';

const rows = [
  {
    title: 'a move with bills_from and do_not_bill is valid',
    text: catalog({ subscribers_from: ['monthly'], bills_from: '2026-03-01' }),
    expected: null,
  },
  {
    title: 'bills-from-invalid: a date-time is not a date',
    text: catalog({ subscribers_from: ['monthly'], bills_from: '2026-03-01T00:00:00Z' }),
    expected: {
      rule: 'bills-from-invalid',
      path: `${AT}.bills_from`,
      line: 27,
      column: 21,
      message: /YYYY-MM-DD/,
    },
  },
  {
    title: 'bills-from-without-subscribers-from: bills_from alone is refused',
    text: catalog({ bills_from: '2026-03-01' }),
    expected: {
      rule: 'bills-from-without-subscribers-from',
      path: `${AT}.bills_from`,
      line: 25,
      column: 21,
      message: /names no subscribers_from/,
    },
  },
  {
    title: 'bills-from-proration: a mode that bills now is refused, naming the one that works',
    text: catalog({ subscribers_from: ['monthly'], proration: 'full_immediately', bills_from: '2026-03-01' }),
    expected: {
      rule: 'bills-from-proration',
      path: `${AT}.proration`,
      line: 27,
      column: 20,
      message:
        /full_immediately bills this price before bills_from 2026-03-01 \(when apply runs\); use do_not_bill/,
    },
  },
  {
    title: 'bills-from-proration: a next-period mode bills the days before the date, so it is refused too',
    text: catalog({
      subscribers_from: ['monthly'],
      proration: 'prorated_next_billing_period',
      bills_from: '2026-03-01',
    }),
    expected: {
      rule: 'bills-from-proration',
      path: `${AT}.proration`,
      line: 27,
      column: 20,
      message: /days before/,
    },
  },
];

describe('bills_from rules', () => {
  it.each(rows)('$title', ({ text, expected }) => {
    const errors = errorsOf(text);
    if (expected === null) {
      expect(errors).toEqual([]);
      return;
    }
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      rule: expected.rule,
      path: expected.path,
      line: expected.line,
      column: expected.column,
    });
    expect(errors[0]?.message).toMatch(expected.message);
  });
});
