// The rules of moving subscribers (docs/rules.md, subscribers-from-* and proration-*): every one at
// its file position, and a valid move that passes them all.

import { describe, it } from 'vitest';
import { stringify } from 'yaml';
import { basePrice, expectRow, type Json, type RuleRow } from '../support/catalog-rules.js';

const monthly = (fields: Json = {}): Json => ({ ...basePrice(), ...fields });
const yearly = (fields: Json = {}): Json => ({
  ...basePrice(),
  description: 'Pro yearly',
  billing_cycle: { interval: 'year', frequency: 1 },
  ...fields,
});
const oneTime = (): Json => ({
  description: 'Setup fee',
  unit_price: { amount: '5000', currency_code: 'USD' },
});

/** Product `pro` with `prices`, and product `team` with one monthly price. */
function catalog(prices: Json, team: Json = { monthly: monthly() }): string {
  return stringify({
    version: 1,
    products: {
      pro: { name: 'Pro', tax_category: 'saas', prices },
      team: { name: 'Team', tax_category: 'saas', prices: team },
    },
  });
}

const TARGET = 'products.pro.prices.monthly-2027';

const rows: RuleRow[] = [
  {
    title: 'a move between prices of one cycle and the same currencies is valid',
    text: catalog({
      monthly: monthly(),
      'monthly-2027': monthly({
        subscribers_from: ['monthly', 'team/monthly'],
        proration: 'prorated_immediately',
      }),
    }),
    expected: null,
  },
  {
    title: 'subscribers-from-unknown: a key that names no price of this catalog, with a hint',
    text: catalog({ monthly: monthly(), 'monthly-2027': monthly({ subscribers_from: ['monthy'] }) }),
    expected: {
      rule: 'subscribers-from-unknown',
      path: `${TARGET}.subscribers_from.0`,
      line: 26,
      column: 13,
      message: /"monthy" is not a price of this catalog \(did you mean "pro\/monthly"\?\)/,
    },
  },
  {
    title: 'subscribers-from-unknown: an empty list',
    text: catalog({ monthly: monthly(), 'monthly-2027': monthly({ subscribers_from: [] }) }),
    expected: {
      rule: 'subscribers-from-unknown',
      path: `${TARGET}.subscribers_from`,
      line: 25,
      column: 27,
      message: /at least one price key/,
    },
  },
  {
    title: 'subscribers-from-unknown: a source removed too early is never "meant" as the price that names it',
    text: catalog({ 'monthly-2027': monthly({ subscribers_from: ['monthly'] }) }),
    expected: {
      rule: 'subscribers-from-unknown',
      path: `${TARGET}.subscribers_from.0`,
      line: 17,
      column: 13,
      message: /^subscribers_from: "monthly" is not a price of this catalog; /,
    },
  },
  {
    title: 'subscribers-from-self: a price cannot take its own subscribers',
    text: catalog({
      monthly: monthly(),
      'monthly-2027': monthly({ subscribers_from: ['pro/monthly-2027'] }),
    }),
    expected: {
      rule: 'subscribers-from-self',
      path: `${TARGET}.subscribers_from.0`,
      line: 26,
      column: 13,
      message: /cannot take the subscribers of itself/,
    },
  },
  {
    title: 'subscribers-from-twice: one source named by two prices',
    text: catalog({
      monthly: monthly(),
      'monthly-2027': monthly({ subscribers_from: ['monthly'] }),
      'monthly-2028': monthly({ subscribers_from: ['pro/monthly'] }),
    }),
    expected: {
      rule: 'subscribers-from-twice',
      path: 'products.pro.prices.monthly-2028.subscribers_from.0',
      line: 37,
      column: 13,
      message: /already move to pro\/monthly-2027/,
    },
  },
  {
    title: 'subscribers-from-twice: one source named twice in one list',
    text: catalog({
      monthly: monthly(),
      'monthly-2027': monthly({ subscribers_from: ['monthly', 'pro/monthly'] }),
    }),
    expected: {
      rule: 'subscribers-from-twice',
      path: `${TARGET}.subscribers_from.1`,
      line: 27,
      column: 13,
      message: /names pro\/monthly twice/,
    },
  },
  {
    title: 'subscribers-from-chain: a source that itself takes subscribers',
    text: catalog({
      monthly: monthly({ subscribers_from: ['team/monthly'] }),
      'monthly-2027': monthly({ subscribers_from: ['monthly'] }),
    }),
    expected: {
      rule: 'subscribers-from-chain',
      path: `${TARGET}.subscribers_from.0`,
      line: 28,
      column: 13,
      message: /pro\/monthly itself takes subscribers/,
    },
  },
  {
    title: 'subscribers-from-billing-cycle: a move across cycles is refused',
    text: catalog({ monthly: monthly(), yearly: yearly({ subscribers_from: ['monthly'] }) }),
    expected: {
      rule: 'subscribers-from-billing-cycle',
      path: 'products.pro.prices.yearly.subscribers_from.0',
      line: 26,
      column: 13,
      message: /pro\/monthly bills every month and pro\/yearly bills every year/,
    },
  },
  {
    title: 'subscribers-from-one-time: a one-time source has no subscriptions',
    text: catalog({ setup: oneTime(), 'monthly-2027': monthly({ subscribers_from: ['setup'] }) }),
    expected: {
      rule: 'subscribers-from-one-time',
      path: `${TARGET}.subscribers_from.0`,
      line: 22,
      column: 13,
      message: /pro\/setup is a one-time price/,
    },
  },
  {
    title: 'subscribers-from-one-time: no subscriber can move to a one-time price',
    text: catalog({ monthly: monthly(), setup: { ...oneTime(), subscribers_from: ['monthly'] } }),
    expected: {
      rule: 'subscribers-from-one-time',
      path: 'products.pro.prices.setup.subscribers_from',
      line: 22,
      column: 11,
      message: /pro\/setup is a one-time price/,
    },
  },
  {
    title: 'subscribers-from-currency: an override currency the target lacks',
    text: catalog({
      monthly: monthly({
        unit_price_overrides: [
          { country_codes: ['DE'], unit_price: { amount: '900', currency_code: 'EUR' } },
        ],
      }),
      'monthly-2027': monthly({ subscribers_from: ['monthly'] }),
    }),
    expected: {
      rule: 'subscribers-from-currency',
      path: `${TARGET}.subscribers_from.0`,
      line: 32,
      column: 13,
      message: /pro\/monthly charges in EUR, which pro\/monthly-2027 does not/,
    },
  },
  {
    title: 'subscribers-from-currency: a target with an override in that currency (any country) is valid',
    text: catalog({
      monthly: monthly({ unit_price: { amount: '900', currency_code: 'EUR' } }),
      'monthly-2027': monthly({
        subscribers_from: ['monthly'],
        unit_price_overrides: [
          { country_codes: ['FR'], unit_price: { amount: '950', currency_code: 'EUR' } },
        ],
      }),
    }),
    expected: null,
  },
  {
    title: 'subscribers-from-country: a target that drops a country the source overrides in that currency',
    text: catalog({
      monthly: monthly({
        unit_price_overrides: [
          { country_codes: ['DE', 'FR'], unit_price: { amount: '900', currency_code: 'EUR' } },
        ],
      }),
      'monthly-2027': monthly({
        subscribers_from: ['monthly'],
        unit_price_overrides: [
          { country_codes: ['DE'], unit_price: { amount: '950', currency_code: 'EUR' } },
        ],
      }),
    }),
    expected: {
      rule: 'subscribers-from-country',
      path: `${TARGET}.subscribers_from.0`,
      line: 33,
      column: 13,
      message:
        /pro\/monthly has an amount in EUR for FR, which pro\/monthly-2027 does not: subscribers in FR/,
    },
  },
  {
    title: 'subscribers-from-country: a target whose base price is in that currency covers the country',
    text: catalog({
      monthly: monthly({
        unit_price_overrides: [
          { country_codes: ['FR'], unit_price: { amount: '900', currency_code: 'EUR' } },
        ],
      }),
      'monthly-2027': monthly({
        subscribers_from: ['monthly'],
        unit_price: { amount: '990', currency_code: 'EUR' },
        unit_price_overrides: [
          { country_codes: ['US'], unit_price: { amount: '1100', currency_code: 'USD' } },
        ],
      }),
    }),
    expected: null,
  },
  {
    title: 'proration-invalid: a value that is not one of the five modes, with a hint',
    text: catalog({
      monthly: monthly(),
      'monthly-2027': monthly({ subscribers_from: ['monthly'], proration: 'prorated_immediatly' }),
    }),
    expected: {
      rule: 'proration-invalid',
      path: `${TARGET}.proration`,
      line: 27,
      column: 20,
      message: /did you mean "prorated_immediately"/,
    },
  },
  {
    title: 'proration-without-subscribers-from: proration alone is refused',
    text: catalog({ monthly: monthly(), 'monthly-2027': monthly({ proration: 'do_not_bill' }) }),
    expected: {
      rule: 'proration-without-subscribers-from',
      path: `${TARGET}.proration`,
      line: 25,
      column: 20,
      message: /names no subscribers_from/,
    },
  },
];

describe('subscriber move rules', () => {
  it.each(rows)('$title', expectRow);
});
