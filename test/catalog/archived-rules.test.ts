// The rules of a product or price kept in the catalog with `status: archived` (docs/rules.md):
// each at its file position, and the retirement they exist for (a price rise in one change) valid.
import { describe, it } from 'vitest';
import { stringify } from 'yaml';
import { basePrice, expectRow, type Json, type RuleRow } from '../support/catalog-rules.js';

const monthly = (fields: Json = {}): Json => ({ ...basePrice(), ...fields });
const catalog = (prices: Json, product: Json = {}) =>
  stringify({ version: 1, products: { pro: { name: 'Pro', tax_category: 'saas', ...product, prices } } });

const rows: RuleRow[] = [
  {
    title:
      'a price rise in one change: the old price archived, its subscribers moving to the new one, is valid',
    text: catalog({
      monthly: monthly({ status: 'archived' }),
      'monthly-2027': monthly({ subscribers_from: ['monthly'] }),
    }),
    expected: null,
  },
  {
    title: 'an archived product whose prices are all archived is valid',
    text: catalog({ monthly: monthly({ status: 'archived' }) }, { status: 'archived' }),
    expected: null,
  },
  {
    title: 'status-invalid: a status other than active or archived, with a hint',
    text: catalog({ monthly: monthly({ status: 'archive' }) }),
    expected: {
      rule: 'status-invalid',
      path: 'products.pro.prices.monthly.status',
      line: 16,
      column: 17,
      message: /did you mean "archived"/,
    },
  },
  {
    title: 'product-archived-price-active: an archived product with a price that is not archived',
    text: catalog({ monthly: monthly() }, { status: 'archived' }),
    expected: {
      rule: 'product-archived-price-active',
      path: 'products.pro.prices.monthly',
      line: 9,
      column: 9,
      message: /product pro is archived, but its price pro\/monthly is not/,
    },
  },
  {
    title: 'subscribers-to-archived: an archived price that takes subscribers',
    text: catalog({
      monthly: monthly(),
      'monthly-2027': monthly({ status: 'archived', subscribers_from: ['monthly'] }),
    }),
    expected: {
      rule: 'subscribers-to-archived',
      path: 'products.pro.prices.monthly-2027.subscribers_from',
      line: 27,
      column: 11,
      message: /pro\/monthly-2027 is archived, so no subscriber may move to it \(from pro\/monthly\)/,
    },
  },
];

describe('archived product and price rules', () => {
  it.each(rows)('$title', expectRow);
});
