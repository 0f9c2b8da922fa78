// Nothing a catalog says is changed on its way to Paddle without an error: what YAML can say and
// JSON cannot carry exactly, a key named like the marker, and amounts and custom_data past their
// bounds are refused by the reader with file position and rule id (docs/rules.md has each).
import { describe, expect, it } from 'vitest';
import { fullRead, readCatalog } from '../../src/catalog/read.js';
import { USER_CUSTOM_DATA_MAX_BYTES } from '../../src/catalog/rules/custom-data.js';
import { AMOUNT_MAX } from '../../src/paddle-facts/limits.js';
import { catalogWith, errorsOf, issuesOf, type Json, jsonOfSize, PRICE } from '../support/catalog-rules.js';

const HEAD = 'version: 1\nproducts:\n  pro:\n    name: Pro\n    tax_category: saas\n';
/** A catalog whose product's custom_data holds `line` (indented under custom_data). */
const withCustomData = (line: string) => `${HEAD}    custom_data:\n      ${line}\n`;

function onlyError(text: string) {
  const errors = errorsOf(text);
  expect(errors, JSON.stringify(errors)).toHaveLength(1);
  // the quick read never lets such a file through where the full read would not
  expect(readCatalog('catalog.yaml', text, { environment: 'sandbox' })).toEqual(
    fullRead('catalog.yaml', text, { environment: 'sandbox' }),
  );
  return errors[0];
}

describe('utf8-invalid: a file that is not UTF-8 is refused, never decoded with replacement characters', () => {
  const read = (bytes: Uint8Array) => readCatalog('catalog.yaml', bytes, { environment: 'sandbox' });

  it('utf8-invalid: a stray byte in a name is an error at its line and column', () => {
    const text = Buffer.from(HEAD.replace('name: Pro', 'name: Pro\xff'), 'latin1');
    expect(read(Buffer.from(HEAD)).catalog).toBeDefined();
    expect(read(text)).toEqual({
      issues: [
        expect.objectContaining({ rule: 'utf8-invalid', line: 4, column: 14, severity: 'error', path: '' }),
      ],
    });
    expect(read(text).issues[0]?.message).toContain('byte 0xff');
  });

  it.each([
    ['a lone continuation byte', [0x80]],
    ['a truncated sequence', [0xe2, 0x82]],
    ['an overlong encoding', [0xc0, 0xaf]],
    ['a UTF-16 surrogate', [0xed, 0xa0, 0x80]],
  ])('utf8-invalid: %s is refused at its column', (_name, bad) => {
    const bytes = Buffer.concat([
      Buffer.from(`${HEAD}    description: ab`),
      Buffer.from(bad),
      Buffer.from('\n'),
    ]);
    expect(read(bytes).issues).toEqual([
      expect.objectContaining({ rule: 'utf8-invalid', line: 6, column: 20 }),
    ]);
  });

  it('utf8-invalid: valid UTF-8 (a BOM, accents, an emoji, a real U+FFFD) is read as written', () => {
    const text = `\ufeff${HEAD.replace('name: Pro', 'name: Pró 🚀 \ufffd')}`;
    expect(read(Buffer.from(text)).catalog?.products.pro?.name).toBe('Pró 🚀 \ufffd');
  });
});

describe('yaml-tag-unsupported: only the core schema’s tags are read', () => {
  it.each([
    ['!!set', 'tags: !!set {a, b}', '!!set'],
    ['!!omap', 'order: !!omap [{a: 1}]', '!!omap'],
    ['!!binary', 'blob: !!binary aGVsbG8=', '!!binary'],
    ['!!timestamp', 'since: !!timestamp 2025-01-01', '!!timestamp'],
    ['!!js/function', 'run: !!js/function "function () {}"', '!!js/function'],
    ['a custom tag', 'x: !foo bar', '!foo'],
  ])('yaml-tag-unsupported: %s is an error at the tagged value, not a warning', (_name, line, tag) => {
    expect(onlyError(withCustomData(line))).toMatchObject({
      rule: 'yaml-tag-unsupported',
      path: `products.pro.custom_data.${line.split(':')[0]}`,
      line: 7,
      column: line.indexOf('!') + 7,
      message: expect.stringContaining(`tag ${tag} is not supported`),
    });
  });

  it('yaml-tag-unsupported: a %YAML 1.1 directive does not bring YAML 1.1 types back', () => {
    const text = `%YAML 1.1\n---\n${withCustomData('tags: !!set {a, b}')}`;
    expect(onlyError(text)).toMatchObject({ rule: 'yaml-tag-unsupported', line: 9 });
  });

  it('yaml-tag-unsupported: core tags (!!str, !!int, !!map) are read as YAML 1.2 says', () => {
    const text = withCustomData('code: !!str 0012\n      n: !!int "7"\n      m: !!map {a: 1}');
    expect(issuesOf(text)).toEqual([]);
    const product = readCatalog('c.yaml', text, { environment: 'sandbox' }).catalog?.products.pro;
    expect(product?.custom_data).toEqual({ code: '0012', n: 7, m: { a: 1 } });
  });
});

describe('number-inexact: numbers JSON cannot carry exactly are refused', () => {
  it.each([
    ['.nan', 'NaN'],
    ['.inf', 'Infinity'],
    ['-.Inf', '-Infinity'],
    ['123456789012345678901234567890', 'beyond the whole numbers'],
    [String(2 ** 53), 'beyond the whole numbers'],
  ])('number-inexact: %s in custom_data is an error at the value', (value, message) => {
    expect(onlyError(withCustomData(`n: ${value}`))).toMatchObject({
      rule: 'number-inexact',
      path: 'products.pro.custom_data.n',
      line: 7,
      column: 10,
      message: expect.stringContaining(message),
    });
  });

  it('number-inexact: the largest exact integer, decimals and a quoted big number pass', () => {
    const lines = `a: ${2 ** 53 - 1}\n      b: -${2 ** 53 - 1}\n      c: 1.5\n      d: "123456789012345678901234567890"`;
    expect(issuesOf(withCustomData(lines))).toEqual([]);
  });

  it('number-inexact: inside a list too, at the item', () => {
    expect(onlyError(withCustomData('list: [1, .nan]'))).toMatchObject({
      rule: 'number-inexact',
      path: 'products.pro.custom_data.list.1',
    });
  });
});

describe('proto-key: a __proto__ key is refused, not dropped', () => {
  it('proto-key: in custom_data, at the key', () => {
    expect(onlyError(withCustomData('__proto__: {admin: true}\n      plan: pro'))).toMatchObject({
      rule: 'proto-key',
      path: 'products.pro.custom_data.__proto__',
      line: 7,
      column: 7,
    });
  });

  it('proto-key: anywhere, a nested one too', () => {
    const errors = errorsOf(withCustomData('a:\n        __proto__: 1'));
    expect(errors).toEqual([expect.objectContaining({ rule: 'proto-key', line: 8, column: 9 })]);
  });
});

describe('custom-data-marker-key: a user key named like the marker is refused', () => {
  const marker = { paddle_catalog: { key: 'other' } };
  it.each([
    ['a product', { product: { custom_data: marker } }, 'products.pro.custom_data.paddle_catalog'],
    ['a price', { price: { custom_data: { a: 1, ...marker } } }, `${PRICE}.custom_data.paddle_catalog`],
    [
      'a discount',
      {
        top: {
          discounts: { launch: { description: 'L', type: 'percentage', amount: '5', custom_data: marker } },
        },
      },
      'discounts.launch.custom_data.paddle_catalog',
    ],
  ])('custom-data-marker-key: on %s', (_name, change: Json, path) => {
    expect(onlyError(catalogWith(change))).toMatchObject({
      rule: 'custom-data-marker-key',
      path,
      message: expect.stringContaining("the tool's own marker"),
    });
  });
});

describe('custom-data-too-large: custom_data fits the size bound with the marker', () => {
  it('custom-data-too-large: one byte over is an error at custom_data', () => {
    const text = catalogWith({ price: { custom_data: jsonOfSize(USER_CUSTOM_DATA_MAX_BYTES + 1) } });
    expect(onlyError(text)).toMatchObject({
      rule: 'custom-data-too-large',
      path: `${PRICE}.custom_data`,
      message: expect.stringContaining(`${USER_CUSTOM_DATA_MAX_BYTES + 1} bytes`),
    });
  });

  it('custom-data-too-large: exactly at the bound passes; bytes are counted, not characters', () => {
    expect(
      issuesOf(catalogWith({ product: { custom_data: jsonOfSize(USER_CUSTOM_DATA_MAX_BYTES) } })),
    ).toEqual([]);
    const accents = { blob: 'é'.repeat(USER_CUSTOM_DATA_MAX_BYTES / 2) };
    expect(onlyError(catalogWith({ product: { custom_data: accents } }))?.rule).toBe('custom-data-too-large');
  });
});

describe("custom-data-too-large: the features apply writes into a product's custom_data count", () => {
  // 1,000 limits of 1,000 with names of 63 characters: about 70 KB of custom_data once written
  const names = Array.from({ length: 1_000 }, (_, i) => `f${String(i).padStart(4, '0')}`.padEnd(63, '_'));
  const declared = Object.fromEntries(names.map((name) => [name, { type: 'limit' }]));
  const each = (value: number) => Object.fromEntries(names.map((name) => [name, value]));

  it('custom-data-too-large: 1,000 features a product includes are an error at its features, not a failed apply', () => {
    expect(
      onlyError(catalogWith({ top: { features: declared }, product: { features: each(1_000) } })),
    ).toMatchObject({
      rule: 'custom-data-too-large',
      path: 'products.pro.features',
      message: expect.stringContaining('with the features apply writes into it (0 of them your own keys)'),
    });
  });

  it('custom-data-too-large: what an add-on adds counts too, beside its own keys', () => {
    const text = catalogWith({
      top: { features: declared },
      product: { adds: each(1_000), custom_data: { team: 'billing' } },
    });
    expect(onlyError(text)).toMatchObject({ rule: 'custom-data-too-large', path: 'products.pro.adds' });
  });

  it('custom-data-too-large: features not included (0, false) are not written, so they do not count', () => {
    expect(issuesOf(catalogWith({ top: { features: declared }, product: { features: each(0) } }))).toEqual(
      [],
    );
  });
});

describe('amount-too-large: every amount has an upper bound', () => {
  const over = `1${AMOUNT_MAX}`;
  const money = (amount: string, currency_code = 'USD') => ({ amount, currency_code });

  it.each([
    ['the unit price', { unit_price: money(over) }, 'unit_price.amount'],
    [
      'an override',
      { unit_price_overrides: [{ country_codes: ['DE'], unit_price: money(over, 'EUR') }] },
      'unit_price_overrides.0.unit_price.amount',
    ],
    [
      "a paid trial's price",
      { trial_period: { interval: 'day', frequency: 7, unit_price: money(over) } },
      'trial_period.unit_price.amount',
    ],
  ])('amount-too-large: %s', (_name, price: Json, path) => {
    expect(onlyError(catalogWith({ price }))).toMatchObject({
      rule: 'amount-too-large',
      path: `${PRICE}.${path}`,
      message: expect.stringContaining(`above the largest amount the tool sends, ${AMOUNT_MAX}`),
    });
  });

  it("amount-too-large: a flat discount's amount", () => {
    const discount = { description: 'L', type: 'flat', amount: over, currency_code: 'USD' };
    expect(onlyError(catalogWith({ top: { discounts: { launch: discount } } }))).toMatchObject({
      rule: 'amount-too-large',
      path: 'discounts.launch.amount',
    });
  });

  it('amount-too-large: the bound itself and leading zeros pass', () => {
    expect(issuesOf(catalogWith({ price: { unit_price: money(AMOUNT_MAX) } }))).toEqual([]);
    expect(issuesOf(catalogWith({ price: { unit_price: money(`000${AMOUNT_MAX}`) } }))).toEqual([]);
  });
});
