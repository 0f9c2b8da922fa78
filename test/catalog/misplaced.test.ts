// Indentation mistakes and repeated keys, as a newcomer makes them: each gets one finding at the
// line to fix, saying where the lines belong, and a repeated key hides no problem of any copy.
import { describe, expect, it } from 'vitest';
import { errorsOf } from '../support/catalog-rules.js';

const lines = (...text: string[]) => `${text.join('\n')}\n`;

const HEAD = ['version: 1', 'products:', '  pro:', '    name: Pro', '    tax_category: saas', '    prices:'];
const MONTHLY = [
  '      monthly:',
  '        description: Pro monthly',
  '        unit_price: { amount: "1000", currency_code: USD }',
];

const brief = (text: string) =>
  errorsOf(text).map(({ line, column, rule, message }) => ({ line, column, rule, message }));

describe('field-misplaced: a field one level off is named with where it belongs', () => {
  it('billing_cycle and trial_period one level out (beside the price keys) belong under the price above', () => {
    const text = lines(
      ...HEAD,
      ...MONTHLY,
      '      billing_cycle:',
      '        interval: month',
      '        frequency: 1',
      '      trial_period: { interval: day, frequency: 14 }',
    );
    expect(brief(text)).toEqual([
      {
        line: 10,
        column: 7,
        rule: 'field-misplaced',
        message:
          '"billing_cycle" is a price field, not a price: indent it one level in, under price "monthly"',
      },
      {
        line: 13,
        column: 7,
        rule: 'field-misplaced',
        message:
          '"trial_period" is a price field, not a price: indent it one level in, under price "monthly"',
      },
    ]);
  });

  it('a price field the price above lacks (description) is named once, not also as missing there', () => {
    const text = lines(
      ...HEAD,
      '      monthly:',
      '        unit_price: { amount: "1000", currency_code: USD }',
      '      description: Pro monthly',
    );
    const errors = brief(text);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ line: 9, rule: 'field-misplaced' });
    expect(errors[0]?.message).toMatch(
      /under price "monthly", or one level out, beside "prices", if it is product "pro"'s/,
    );
  });

  it('a product field one level in (under prices:, after the last price) belongs beside prices', () => {
    const text = lines(
      'version: 1',
      'products:',
      '  pro:',
      '    name: Pro',
      '    prices:',
      ...MONTHLY,
      '      tax_category: saas',
    );
    expect(brief(text)).toEqual([
      {
        line: 9,
        column: 7,
        rule: 'field-misplaced',
        message:
          '"tax_category" is a product field, not a price: indent it one level out, beside "prices" under product "pro"',
      },
    ]);
  });

  it('a product field one level out (beside the product keys) belongs under the product above', () => {
    const text = lines(...HEAD, ...MONTHLY, '  description: Everything in Starter');
    expect(brief(text)).toEqual([
      {
        line: 10,
        column: 3,
        rule: 'field-misplaced',
        message:
          '"description" is a product field, not a product: indent it one level in, under product "pro"',
      },
    ]);
  });

  it('a tax_category written as a map (the lines below it one level too deep) says so, not "unknown tax category"', () => {
    const text = lines(
      'version: 1',
      'products:',
      '  pro:',
      '    name: Pro',
      '    tax_category:',
      '      description: Everything',
      '      prices:',
      '        monthly:',
      '          description: Pro monthly',
      '          unit_price: { amount: "1000", currency_code: USD }',
    );
    expect(brief(text)).toEqual([
      {
        line: 6,
        column: 7,
        rule: 'field-misplaced',
        message:
          '"description", "prices" are indented under "tax_category", one level too deep: indent them one level out, beside "tax_category" under product "pro"',
      },
    ]);
  });

  it('trial_period one level too deep, inside billing_cycle, belongs beside it', () => {
    const text = lines(
      ...HEAD,
      ...MONTHLY,
      '        billing_cycle:',
      '          interval: month',
      '          frequency: 1',
      '          trial_period: { interval: day, frequency: 14 }',
    );
    expect(brief(text)).toEqual([
      {
        line: 13,
        column: 11,
        rule: 'field-misplaced',
        message:
          '"trial_period" is indented under "billing_cycle", one level too deep: indent it one level out, beside "billing_cycle" under price "monthly"',
      },
    ]);
  });

  it('a price field two levels out (among the product fields) belongs under the last price', () => {
    const text = lines(...HEAD, ...MONTHLY, '    billing_cycle: { interval: month, frequency: 1 }');
    expect(brief(text)).toEqual([
      {
        line: 10,
        column: 5,
        rule: 'field-misplaced',
        message:
          '"billing_cycle" is a price field, not a product\'s: indent it two levels in, under price "monthly"',
      },
    ]);
  });

  it('a price keyed like a field but holding a price is a price (no false alarm)', () => {
    const text = lines(...HEAD, '      name:', '        description: A price keyed name', MONTHLY[2] ?? '');
    expect(errorsOf(text)).toEqual([]);
  });
});

describe('yaml-indent: a line indented 7 spaces among 8s', () => {
  it('is reported on its own line only, naming the price whose fields it is among', () => {
    const text = lines(
      ...HEAD,
      ...MONTHLY,
      '       billing_cycle: { interval: month, frequency: 1 }',
      '        name: Monthly',
    );
    expect(brief(text)).toEqual([
      {
        line: 10,
        column: 8,
        rule: 'yaml-indent',
        message:
          'this line is indented 7 spaces and the one above it 8: indent it 8, as the other fields of price "monthly"',
      },
    ]);
  });

  it('two such lines in a row are both reported, the correct line after them is not', () => {
    const text = lines(
      ...HEAD,
      ...MONTHLY,
      '       name: Monthly',
      '       quantity: { minimum: 1, maximum: 5 }',
      '        tax_mode: internal',
    );
    expect(brief(text).map((error) => [error.line, error.rule])).toEqual([
      [10, 'yaml-indent'],
      [11, 'yaml-indent'],
    ]);
  });
});

describe('duplicate-key: every copy of a repeated key is checked (all problems at once)', () => {
  it('the problems of the copy the later one shadows are reported with the duplicate', () => {
    const text = lines(
      ...HEAD,
      '      monthly:',
      '        description: Pro monthly',
      '        unit_price: { amount: "10.00", currency_code: USD }',
      '        unit_price_overrides:',
      '          - country_codes: [GB, gb]',
      '            unit_price: { amount: "800", currency_code: GBP }',
      ...MONTHLY,
      '        billing_cycle: { interval: monthly, frequency: 1 }',
    );
    expect(brief(text).map((error) => [error.line, error.rule])).toEqual([
      [9, 'amount-not-minor-units'],
      [11, 'country-codes-invalid'],
      [13, 'duplicate-key'],
      [16, 'billing-cycle-invalid'],
    ]);
  });

  it('a key written three times: the problems of all three copies', () => {
    const copy = (amount: string) => [
      '      monthly:',
      '        description: Pro monthly',
      `        unit_price: { amount: ${amount}, currency_code: USD }`,
    ];
    const text = lines(...HEAD, ...copy('"1.00"'), ...copy('"2.00"'), ...copy('"3.00"'));
    expect(brief(text).map((error) => [error.line, error.rule])).toEqual([
      [9, 'amount-not-minor-units'],
      [10, 'duplicate-key'],
      [12, 'amount-not-minor-units'],
      [13, 'duplicate-key'],
      [15, 'amount-not-minor-units'],
    ]);
  });

  it('a problem outside the copies is reported once', () => {
    const text = lines(
      'version: 1',
      'products:',
      '  pro:',
      '    name: Pro',
      '    tax_category: food',
      '    prices:',
      ...MONTHLY,
      ...MONTHLY,
    );
    expect(brief(text).map((error) => [error.line, error.rule])).toEqual([
      [5, 'tax-category-unknown'],
      [10, 'duplicate-key'],
    ]);
  });
});
