import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { localeFromAcceptLanguage } from '../../src/billing/locale.js';
import { decimalPlacesOf, formatTotal } from '../../src/billing/money.js';
import { minorUnitsToDecimal } from '../../src/money/minor-units.js';

const nb = '\u00a0';
const nnb = '\u202f';

describe('history amounts: money formatting', () => {
  it.each([
    ['1200', 'JPY', 'en-US', '¥1,200'],
    ['50000', 'KRW', 'en-US', '₩50,000'],
    ['250000', 'VND', 'en-US', '₫250,000'],
    ['9990', 'CLP', 'en-US', `CLP${nb}9,990`],
    ['1000', 'USD', 'en-US', '$10.00'],
    ['5', 'USD', 'en-US', '$0.05'],
    ['123456', 'EUR', 'en-US', '€1,234.56'],
    ['999', 'GBP', 'en-US', '£9.99'],
    ['123456', 'EUR', 'de-DE', `1.234,56${nb}€`],
    ['123456', 'EUR', 'fr-FR', `1${nnb}234,56${nb}€`],
    ['1200', 'JPY', 'ja-JP', '￥1,200'],
    ['1000', 'USD', 'ja-JP', '$10.00'],
    ['999', 'GBP', 'de-DE', `9,99${nb}£`],
  ])('history amounts: %s %s in %s is %s', (amount, currency, locale, expected) => {
    expect(formatTotal(amount, currency, null, locale)).toBe(expected);
  });

  it('history amounts: zero-decimal currencies: "1200" means 1,200 units, not 12', () => {
    for (const code of ['JPY', 'KRW', 'VND', 'CLP']) {
      expect(decimalPlacesOf(code, null)).toBe(0);
      expect(formatTotal('1200', code, null, 'en-US')).toMatch(/1,200$/);
    }
    expect(decimalPlacesOf('USD', null)).toBe(2);
    expect(decimalPlacesOf('SEK', null)).toBe(2);
  });

  it('history amounts: decimal places come from the currencies list when it is available', () => {
    const list = new Map([
      ['USD', 2],
      ['JPY', 0],
      ['BHD', 3],
    ]);
    expect(formatTotal('12345', 'BHD', list, 'en-US')).toBe(`BHD${nb}12.345`);
    expect(formatTotal('12345', 'BHD', null, 'en-US')).toBe(`BHD${nb}123.45`);
    // a code the list does not know falls back to the table
    expect(formatTotal('1200', 'KRW', list, 'en-US')).toBe('₩1,200');
  });

  it('history amounts: a huge amount is exact (string arithmetic, no floats)', () => {
    const huge = '123456789012345678901234567';
    expect(formatTotal(huge, 'USD', null, 'en-US')).toBe('$1,234,567,890,123,456,789,012,345.67');
    expect(formatTotal(huge, 'JPY', null, 'en-US')).toBe('¥123,456,789,012,345,678,901,234,567');
    expect(formatTotal('9007199254740993', 'USD', null, 'en-US')).toBe('$90,071,992,547,409.93');
  });

  it('history amounts: no extra rounding: every digit of the amount is shown', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[1-9][0-9]{0,30}$/),
        fc.integer({ min: 0, max: 4 }),
        (digits, places) => {
          const decimal = minorUnitsToDecimal(digits, places);
          expect(decimal.replace('.', '').replace(/^0+/, '')).toBe(digits);
          const shown = formatTotal(digits, 'USD', new Map([['USD', places]]), 'en-US');
          expect(shown.replace(/[^0-9]/g, '').replace(/^0+/, '')).toBe(digits);
        },
      ),
    );
  });

  it('history amounts: missing amount is "0", missing currency is "USD"', () => {
    expect(formatTotal(undefined, 'EUR', null, 'en-US')).toBe('€0.00');
    expect(formatTotal('', 'JPY', null, 'en-US')).toBe('¥0');
    expect(formatTotal('1000', null, null, 'en-US')).toBe('$10.00');
    expect(formatTotal(null, undefined, null, 'en-US')).toBe('$0.00');
  });
});

describe('history amounts: locale from Accept-Language', () => {
  it.each([
    ['en-US', 'en-US'],
    ['de-DE,de;q=0.9,en;q=0.8', 'de-DE'],
    ['fr-FR', 'fr-FR'],
    ['ja-JP;q=0.5, en-US;q=1.0', 'ja-JP'],
    [' fr-CH , fr;q=0.9', 'fr-CH'],
    ['de', 'de'],
    ['en-gb', 'en-GB'],
  ])('history amounts: the first tag of %j is %s (q-weights ignored)', (header, locale) => {
    expect(localeFromAcceptLanguage(header)).toBe(locale);
  });

  it.each([
    [undefined],
    [null],
    [''],
    ['*'],
    ['en_US'],
    ['12-34'],
    ['not a locale'],
    [';q=0.8'],
    ['x'],
    ['!!'],
  ])('history amounts: %j falls back to en-US', (header) => {
    expect(localeFromAcceptLanguage(header)).toBe('en-US');
  });

  it('history amounts: a malformed locale formats as en-US', () => {
    expect(formatTotal('123456', 'EUR', null, localeFromAcceptLanguage('de_DE'))).toBe('€1,234.56');
  });
});
