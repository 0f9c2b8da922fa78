// The pure side of init: keys from names, amounts from major units, trials by kind, account settings.
import { describe, expect, it } from 'vitest';
import { readCatalog } from '../../src/catalog/read.js';
import type { CatalogProduct } from '../../src/catalog/schema.js';
import { catalogToYaml } from '../../src/catalog/write.js';
import {
  amountFromMajorUnits,
  keyProblem,
  slugKey,
  starterCatalog,
  trialPeriod,
} from '../../src/init/starter.js';

describe('amountFromMajorUnits', () => {
  it.each([
    ['10.00', 'USD', '1000'],
    ['1200', 'JPY', '1200'],
    ['10.5', 'USD', '1050'],
    ['10', 'EUR', '1000'],
    ['0.99', 'GBP', '99'],
    ['0', 'USD', '0'],
    [' 7.5 ', 'CHF', '750'],
    ['1200.', 'KRW', '1200'],
    ['123456789012345678.99', 'USD', '12345678901234567899'],
    // as people write prices: a decimal comma, thousands separators, a currency sign
    ['120,00', 'EUR', '12000'],
    ['120,5', 'EUR', '12050'],
    ['1.200,50', 'EUR', '120050'],
    ['1,200.50', 'USD', '120050'],
    ['1,200', 'JPY', '1200'],
    ['$10', 'USD', '1000'],
  ])('%s %s → "%s", exactly (no floats)', (typed, currency, amount) => {
    expect(amountFromMajorUnits(typed, currency)).toEqual({ amount });
  });

  it.each([
    ['10.001', 'USD', 'USD has 2 decimal places; 10.001 cannot be charged exactly'],
    ['1200.5', 'JPY', 'JPY has no decimal places; 1200.5 cannot be charged exactly'],
    ['10,0001', 'EUR', 'EUR has 2 decimal places; 10,0001 cannot be charged exactly'],
    ['-5', 'USD', 'enter an amount like 10.00 (or 10,00)'],
    ['', 'USD', 'enter an amount like 10.00 (or 10,00)'],
    ['ten', 'JPY', 'enter an amount like 1200'],
    ['1,2,3', 'USD', 'enter an amount like 10.00 (or 10,00)'],
  ])('%s %s is refused: %s', (typed, currency, error) => {
    expect(amountFromMajorUnits(typed, currency)).toEqual({ error });
  });
});

describe('slugKey', () => {
  it('makes a catalog key from a name', () => {
    expect(slugKey('Pro Plan', [])).toBe('pro-plan');
    expect(slugKey('  Crème Brûlée — Team (EU) ', [])).toBe('creme-brulee-team-eu');
    expect(slugKey('!!!', [], 'product')).toBe('product');
    expect(slugKey('x'.repeat(80), [])).toHaveLength(63);
  });

  it('keys are unique: a taken key gets a number', () => {
    expect(slugKey('Pro', ['pro'])).toBe('pro-2');
    expect(slugKey('Pro', ['pro', 'pro-2'])).toBe('pro-3');
    const long = 'y'.repeat(63);
    expect(slugKey(long, [long])).toBe(`${'y'.repeat(61)}-2`);
  });

  it('keyProblem explains a bad or taken key', () => {
    expect(keyProblem('monthly', ['yearly'])).toBeUndefined();
    expect(keyProblem('Monthly', [])).toMatch(/lower-case/);
    expect(keyProblem('-x', [])).toMatch(/starting with a letter or digit/);
    expect(keyProblem('yearly', ['yearly'])).toBe('"yearly" is already used here; keys must be unique');
  });
});

describe('trialPeriod', () => {
  const length = { interval: 'day' as const, frequency: 14 };
  it('free trial: a free trial is only interval and frequency', () => {
    expect(trialPeriod({ kind: 'free', ...length })).toEqual(length);
  });
  it('paid trial: a paid trial has a unit_price', () => {
    const unitPrice = { amount: '100', currency_code: 'USD' as const };
    expect(trialPeriod({ kind: 'paid', ...length, unitPrice })).toEqual({ ...length, unit_price: unitPrice });
  });
  it('cardless trial: a cardless trial has requires_payment_method false', () => {
    expect(trialPeriod({ kind: 'cardless', ...length })).toEqual({
      ...length,
      requires_payment_method: false,
    });
  });
});

describe('starterCatalog', () => {
  const product = (tax_category: CatalogProduct['tax_category'], cardless = false): CatalogProduct => ({
    name: 'P',
    tax_category,
    prices: {
      monthly: {
        description: 'P monthly',
        unit_price: { amount: '500', currency_code: 'USD' },
        billing_cycle: { interval: 'month', frequency: 1 },
        ...(cardless && { trial_period: { interval: 'day', frequency: 7, requires_payment_method: false } }),
      },
    },
  });

  it('declares nothing for saas and standard without cardless trials', () => {
    expect(starterCatalog({ a: product('saas'), b: product('standard') })).toEqual({
      version: 1,
      products: { a: product('saas'), b: product('standard') },
    });
  });

  it('approval and cardless trial: declares what the sandbox account must have, and validates', () => {
    const catalog = starterCatalog({
      a: product('ebooks', true),
      b: product('ebooks'),
      c: product('website-hosting'),
    });
    expect(catalog.environments).toEqual({
      sandbox: { approved_tax_categories: ['ebooks', 'website-hosting'], cardless_trials: true },
    });
    const { issues } = readCatalog('c.yaml', catalogToYaml(catalog), { environment: 'sandbox' });
    expect(issues).toEqual([]);
  });
});
