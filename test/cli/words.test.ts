// Words a newcomer met that were wrong: counts that did not agree with their noun, a hint that
// pointed at the wrong amount, a near miss without its "did you mean".
import { describe, expect, it } from 'vitest';
import { renderHuman, type ScriptsResult } from '../../src/views/plan/scripts.js';
import { captureReporter } from '../support/capture.js';
import { errorsOf } from '../support/catalog-rules.js';

const scripts = (calls: number, deferred: string[], files: string[] = []): ScriptsResult => ({
  environment: 'sandbox',
  options: {},
  plan: { catalog: 'default', groups: [], discounts: [], duplicates: [], orphans: [] },
  format: 'tool-server',
  scripts: [{ name: '01-pro', calls, code: '// …' }],
  files,
  leftovers: [],
  held: [],
  deferred,
  requests: 2,
});

describe('plan --emit tool-server: counts agree with their nouns', () => {
  it('one API call is "1 API call", in the script heading and beside the file', () => {
    const printed = captureReporter();
    renderHuman(scripts(1, []), printed.reporter);
    expect(printed.out.stdout).toContain('script 1 of 1, 1 API call =====');
    const written = captureReporter();
    renderHuman(scripts(1, [], ['scripts/01-pro.js']), written.reporter);
    expect(written.out.stdout).toContain('scripts/01-pro.js  (1 API call)');
    expect(written.out.stdout).not.toContain('1 API calls');
  });

  it('one change that waits is "1 change waits", two are "2 changes wait"', () => {
    const one = captureReporter();
    renderHuman(scripts(3, ['pro/yearly']), one.reporter);
    expect(one.out.stderr).toContain('1 change waits for ids');
    const two = captureReporter();
    renderHuman(scripts(3, ['pro/yearly', 'launch']), two.reporter);
    expect(two.out.stderr).toContain('2 changes wait for ids');
  });
});

const amountIn = (amount: string, currency = 'USD') =>
  ['version: 1', 'products:', '  pro:', '    name: Pro', '    tax_category: saas', '    prices:', '      m:']
    .concat([
      '        description: Pro monthly',
      `        unit_price: { amount: "${amount}", currency_code: ${currency} }`,
    ])
    .join('\n');

describe('amount-not-minor-units: the hint is the amount the user wrote, in the lowest unit', () => {
  it.each([
    ['$120', 'USD', '"12000" (= $120.00)'],
    ['120,00', 'EUR', '"12000" (= €120.00)'],
    ['1,200.50', 'USD', '"120050" (= $1,200.50)'],
    ['1.200,50', 'EUR', '"120050" (= €1,200.50)'],
    ['120 EUR', 'EUR', '"12000" (= €120.00)'],
    ['¥1,200', 'JPY', '"1200" (= ¥1,200)'],
  ])('%s %s → write amount: %s', (amount, currency, hint) => {
    const [error] = errorsOf(amountIn(amount, currency));
    expect(error?.rule).toBe('amount-not-minor-units');
    expect(error?.message).toBe(
      `amount is a string of digits in the lowest currency unit, without a currency sign or separators: for ${amount} write amount: ${hint}`,
    );
  });
});

describe('did you mean: a word cut short gets its whole form', () => {
  it('discount type "percent" → "percentage"', () => {
    const text = `${amountIn('1000')}\ndiscounts:\n  d:\n    description: Ten off\n    type: percent\n    amount: "10"\n`;
    const [error] = errorsOf(text);
    expect(error?.rule).toBe('discount-type');
    expect(error?.message).toMatch(/"percent" is not a valid type \(did you mean "percentage"\?\)/);
  });

  it('billing_cycle interval "monthly" → "month", as before', () => {
    const text = `${amountIn('1000')}\n        billing_cycle: { interval: monthly, frequency: 1 }\n`;
    expect(errorsOf(text)[0]?.message).toMatch(/did you mean "month"/);
  });
});

describe('did you mean: a short word is not taken for a long name it merely begins', () => {
  it('tax_category "software" suggests no category that needs approval', () => {
    const text = amountIn('1000').replace('tax_category: saas', 'tax_category: software');
    const [error] = errorsOf(text);
    expect(error?.rule).toBe('tax-category-unknown');
    expect(error?.message).not.toContain('software-programming-services"?');
  });
});
