// The emulator's errors held to Paddle's recorded answers (paddle-answers.ts, each with its source):
// the same type, code, detail, documentation_url and errors[] (none where Paddle sends none). What
// the emulator says of its own flags is in its X-Emulator-Hint header and request log only; the
// CLI's hints work from Paddle's code alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiFailure } from '../../src/emulator/api-error.js';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { hintForRemoteError } from '../../src/paddle/error-hints.js';
import { call, priceBody, productBody } from '../support/emulator.js';
import { RECORDED_ANSWERS } from './paddle-answers.js';

let emulator: RunningEmulator;
const slots: Record<string, string> = {};

/** The recorded request or answer with its `{…}` slots filled in. */
function fill<T>(value: T): T {
  return JSON.parse(
    JSON.stringify(value).replace(
      /\{(product|archived|customer|email|discount|code|used)\}/g,
      (_, k: string) => slots[k] as string,
    ),
  );
}

beforeAll(async () => {
  const used = { description: 'Used', type: 'percentage', amount: '10', usage_limit: 20, times_used: 10 };
  slots.used = 'dsc_01h000000000000000000000t1';
  emulator = await startEmulator({ seed: { sandbox: { discounts: [{ id: slots.used, ...used }] } } });
  slots.product = (await call(emulator, 'POST', '/products', { body: productBody() })).body.data.id;
  slots.archived = (await call(emulator, 'POST', '/products', { body: productBody() })).body.data.id;
  await call(emulator, 'PATCH', `/products/${slots.archived}`, { body: { status: 'archived' } });
  const customer = (await call(emulator, 'GET', '/customers')).body.data[0];
  slots.customer = customer.id;
  slots.email = customer.email;
  const discount = { description: 'Held', type: 'percentage', amount: '10', code: 'HELDCODE' };
  slots.discount = (await call(emulator, 'POST', '/discounts', { body: discount })).body.data.id;
  slots.code = 'heldcode';
});
afterAll(() => emulator.close());

describe('the emulator answers as Paddle does', () => {
  it.each(RECORDED_ANSWERS.map((a) => [a.name, a] as const))('%s', async (_, answer) => {
    const { method, path, body } = fill(answer.request);
    const res = await call(emulator, method, path, { body });
    expect(res.status).toBe(answer.status);
    expect(res.body.error).toEqual(fill(answer.error));
    expect(res.body.meta.request_id).toBe(res.headers.get('request-id'));
  });
});

describe('list query fields: Paddle names them only where its answer is recorded', () => {
  it.each(['/products', '/prices', '/customers', '/discounts'])(
    '%s (not recorded): a negative per_page names the parameter as sent',
    async (path) => {
      const res = await call(emulator, 'GET', `${path}?per_page=-1`);
      expect(res.body.error.code).toBe('invalid_field');
      expect(res.body.error.errors).toEqual([
        { field: 'per_page', message: 'must be greater than or equal to 0. Provided: -1' },
      ]);
    },
  );

  it("/transactions' collection_mode follows the recorded TransactionsRequest pattern", async () => {
    const res = await call(emulator, 'GET', '/transactions?collection_mode=sometimes');
    expect(res.body.error.errors[0].field).toBe('TransactionsRequest.CollectionMode[0]');
  });
});

describe("the emulator's own words stay out of Paddle's fields", () => {
  it('an unapproved tax category: the flag is named in X-Emulator-Hint and in the request log', async () => {
    const res = await call(emulator, 'POST', '/products', { body: productBody({ tax_category: 'ebooks' }) });
    expect(res.body.error.detail).toBe('tax category not approved');
    expect(res.headers.get('x-emulator-hint')).toContain('--approve-tax-categories ebooks');
    expect(emulator.requests().at(-1)?.hint).toContain('--approve-tax-categories ebooks');
  });

  it('cardless trial: a cardless trial without early access names --cardless-trials in the header only', async () => {
    const cardless = { interval: 'day', frequency: 7, requires_payment_method: false };
    const res = await call(emulator, 'POST', '/prices', {
      body: priceBody(slots.product as string, { trial_period: cardless }),
    });
    expect(res.body.error).toMatchObject({ code: 'bad_request', detail: 'Invalid request.' });
    expect(JSON.stringify(res.body)).not.toContain('emulator');
    expect(res.headers.get('x-emulator-hint')).toContain('--cardless-trials');
  });

  it('a hint beyond printable ASCII goes in the header with those characters escaped, whole in the log', () => {
    const failure = new ApiFailure(400, 'bad_request', 'Invalid request.').withHint('café\r\nX-Other: 1 😀');
    expect(failure.headers['x-emulator-hint']).toBe('caf\\u{e9}\\u{d}\\u{a}X-Other: 1 \\u{1f600}');
    expect(failure.hint).toBe('café\r\nX-Other: 1 😀');
  });

  it('an answer Paddle gives no hint for has no X-Emulator-Hint', async () => {
    const res = await call(emulator, 'POST', '/products', { body: { name: 'foo' } });
    expect(res.headers.get('x-emulator-hint')).toBeNull();
    expect(emulator.requests().at(-1)?.hint).toBeUndefined();
  });
});

describe('the CLI hints from the code of the recorded answer alone', () => {
  it.each([
    ['product_tax_category_not_approved', /needs approval/],
    ['price_trial_period_requires_billing_cycle', /needs a recurring price/],
    ['trial_is_either_paid_or_cardless', /either paid .* or cardless/],
    ['trial_currency_mismatch', /one trial override for each price override/],
    ['discount_code_conflict', /codes are unique in the account.*--adopt/],
    ['discount_restricted_product_not_active', /restrict_to names only active products and prices/],
    ['discount_restricted_product_price_not_active', /restrict_to names only active products and prices/],
    [
      'discount_usage_limit_less_than_times_used',
      /usage_limit cannot go below the times it was already used/,
    ],
  ])('%s', (code, hint) => {
    const answer = RECORDED_ANSWERS.find((a) => a.error.code === code);
    expect(answer?.error.errors).toBeUndefined();
    const { code: c, detail } = answer?.error ?? { code: '', detail: '' };
    expect(hintForRemoteError({ code: c, detail, status: 400 })).toMatch(hint);
  });
});
