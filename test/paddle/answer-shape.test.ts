// Answers are checked for shape before use (src/paddle/answer-shape.ts), paging has an end
// (src/paddle/paging-guard.ts): table tests.
import { describe, expect, it } from 'vitest';
import { RemoteError } from '../../src/errors.js';
import {
  checkAnswer,
  checkList,
  invoiceUrl,
  priceAnswer,
  productAnswer,
} from '../../src/paddle/answer-shape.js';
import { MAX_LIST_SECONDS, MAX_PAGES, pagingGuard } from '../../src/paddle/paging-guard.js';

const product = {
  id: 'pro_01h00000000000000000000000',
  name: 'Pro',
  tax_category: 'saas',
  description: null,
  custom_data: { paddle_catalog: { key: 'pro' } },
  status: 'active',
  type: 'standard',
  prices: [],
};
const price = {
  id: 'pri_01h00000000000000000000000',
  product_id: 'pro_01h00000000000000000000000',
  description: 'Pro monthly',
  name: null,
  unit_price: { amount: '1000', currency_code: 'USD' },
  billing_cycle: { interval: 'month', frequency: 1 },
  trial_period: null,
  unit_price_overrides: [],
  quantity: { minimum: 1, maximum: 100 },
  tax_mode: 'account_setting',
  custom_data: null,
  status: 'active',
};

function failure(run: () => unknown): RemoteError {
  try {
    run();
  } catch (error) {
    if (error instanceof RemoteError) return error;
    throw error;
  }
  throw new Error('expected an invalid_response');
}

describe('answers as Paddle sends them pass, unchanged', () => {
  it('a product list and a price come back as the very objects that arrived', () => {
    const page = [product];
    expect(checkList(productAnswer, page, 'a product list', 'list products')[0]).toBe(product);
    expect(checkAnswer(priceAnswer, price, 'a price', 'create price')).toBe(price);
  });
});

describe('answers that are not what they claim are invalid_response', () => {
  it.each([
    ['data null', null],
    ['data an object', {}],
    ['an item that is not an object', ['pro_01h00000000000000000000000']],
    ['an id that climbs out of a URL path', [{ ...product, id: 'pro_01/../../customers' }]],
    ['an id of another kind', [{ ...product, id: 'ctm_01h000' }]],
    ['a status Paddle does not have', [{ ...product, status: 'deleted' }]],
    ['custom_data that is a list', [{ ...product, custom_data: ['x'] }]],
    [
      'a price amount that is a number',
      [{ ...product, prices: [{ ...price, unit_price: { amount: 1000, currency_code: 'USD' } }] }],
    ],
    [
      'a currency that is no code',
      [{ ...product, prices: [{ ...price, unit_price: { amount: '1', currency_code: 'usd!' } }] }],
    ],
  ])('%s', (_what, data) => {
    const error = failure(() => checkList(productAnswer, data, 'a product list', 'list products'));
    expect(error.code).toBe('invalid_response');
    expect(error.details.operation).toBe('list products');
    expect(error.message).toMatch(
      /^the answer is not a product list as Paddle sends it \(.+\); nothing was done with it$/,
    );
  });

  it.each([
    ['https://sandbox-api.paddle.com/invoice.pdf', true],
    ['http://127.0.0.1:4010/invoice.pdf', true],
    ['http://evil.example/invoice.pdf', false],
    ['javascript:alert(1)', false],
    ['file:///etc/passwd', false],
    ['not a url', false],
  ])('invoice URL %s accepted: %s', (url, ok) => {
    expect(invoiceUrl.safeParse(url).success).toBe(ok);
  });
});

describe('paging ends', () => {
  it('the same next page twice is an error', () => {
    const next = pagingGuard('list products');
    expect(next('https://x/products?after=a')).toBe('https://x/products?after=a');
    expect(next('https://x/products?after=b')).toBe('https://x/products?after=b');
    expect(failure(() => next('https://x/products?after=a')).message).toBe(
      'stopped paging: the server sent the same next page twice',
    );
  });

  it(`new cursors forever stop at the page bound (${MAX_PAGES} pages)`, () => {
    const next = pagingGuard('list products', 5);
    // the first page needs no link; pages 2 to 5 are followed, a sixth is not
    for (let page = 2; page <= 5; page++) next(`https://x/products?after=${page}`);
    const error = failure(() => next('https://x/products?after=6'));
    expect(error.code).toBe('invalid_response');
    expect(error.message).toBe('stopped paging: the list goes on past 5 pages');
  });

  it(`a list read stops after ${MAX_LIST_SECONDS} s, however few pages`, () => {
    let now = 0;
    const next = pagingGuard('list products', MAX_PAGES, MAX_LIST_SECONDS, () => now);
    now = MAX_LIST_SECONDS * 1000;
    expect(next('https://x/products?after=2')).toBe('https://x/products?after=2');
    now += 1;
    expect(failure(() => next('https://x/products?after=3')).message).toBe(
      `stopped paging: the list took more than ${MAX_LIST_SECONDS} s to read (2 pages)`,
    );
  });
});
