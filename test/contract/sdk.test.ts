// The real @paddle/paddle-node-sdk over real HTTP against the emulator, for every operation the
// tool uses. Paid trials go through the raw API, so only what the SDK itself sends is exercised here.
import { createServer } from 'node:http';
import { ApiError, type Paddle } from '@paddle/paddle-node-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { discountToSdk, priceToSdk, productToSdk } from '../../src/paddle/catalog-mapping.js';
import { createPaddle, type PaddleClient } from '../../src/paddle/sdk.js';
import { defined } from '../support/defined.js';
import { manualClock } from '../support/emulator.js';
import { marker } from '../support/marker.mjs';
import { sdkOf } from '../support/sdk.js';

const MARKER = marker('pro');
let emulator: RunningEmulator;
let paddle: Paddle;

async function apiError(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

beforeAll(async () => {
  emulator = await startEmulator();
  paddle = sdkOf(emulator);
});
afterAll(() => emulator.close());

describe('catalog operations through the SDK', () => {
  it('creates, gets and updates a product, keeping custom_data', async () => {
    const created = await paddle.products.create({
      name: 'Pro',
      taxCategory: 'saas',
      description: 'Teams',
      customData: MARKER,
    });
    expect(created).toMatchObject({ name: 'Pro', taxCategory: 'saas', status: 'active', customData: MARKER });
    const got = await paddle.products.get(created.id);
    expect(got.customData).toEqual(MARKER);
    const updated = await paddle.products.update(created.id, { name: 'Pro 2' });
    expect(updated.name).toBe('Pro 2');
    const archived = await paddle.products.archive(created.id);
    expect(archived.status).toBe('archived');
  });

  it('creates, gets, updates and lists prices; include=prices embeds them', async () => {
    const product = await paddle.products.create({
      name: 'Team',
      taxCategory: 'standard',
      customData: MARKER,
    });
    const price = await paddle.prices.create({
      productId: product.id,
      description: 'Team monthly',
      name: 'Monthly',
      unitPrice: { amount: '1000', currencyCode: 'USD' },
      billingCycle: { interval: 'month', frequency: 1 },
      trialPeriod: { interval: 'day', frequency: 14 },
      unitPriceOverrides: [{ countryCodes: ['GB'], unitPrice: { amount: '800', currencyCode: 'GBP' } }],
      quantity: { minimum: 1, maximum: 50 },
      customData: marker('team/monthly'),
    });
    expect(price).toMatchObject({
      productId: product.id,
      trialPeriod: { interval: 'day', frequency: 14 },
      quantity: { minimum: 1, maximum: 50 },
      customData: marker('team/monthly'),
    });
    expect((await paddle.prices.get(price.id)).unitPriceOverrides[0]?.countryCodes).toEqual(['GB']);
    const updated = await paddle.prices.update(price.id, { unitPriceOverrides: [] });
    expect(updated.unitPriceOverrides).toEqual([]);
    const listed = [];
    for await (const p of paddle.prices.list({ productId: [product.id] })) listed.push(p.id);
    expect(listed).toEqual([price.id]);
    const withPrices = await paddle.products.get(product.id, { include: ['prices'] });
    expect(withPrices.prices?.map((p) => p.id)).toEqual([price.id]);
  });

  it('pages through every product with for await, following next', async () => {
    const own = await startEmulator({ demo: false });
    const client = sdkOf(own);
    const made: string[] = [];
    for (let i = 0; i < 7; i++)
      made.push((await client.products.create({ name: `P${i}`, taxCategory: 'saas' })).id);
    const seen: string[] = [];
    for await (const p of client.products.list({ perPage: 3, include: ['prices'] })) seen.push(p.id);
    expect(seen).toEqual([...made].reverse());
    expect(
      own
        .requests()
        .filter((r) => r.method === 'GET')
        .map((r) => r.query.after ?? null),
    ).toEqual([null, made[4], made[1]]);
    await own.close();
  });

  it('finds a customer by exact e-mail and creates one', async () => {
    const found = [];
    for await (const c of paddle.customers.list({ email: ['demo@example.com'] })) found.push(c);
    expect(found.map((c) => c.email)).toEqual(['demo@example.com']);
    const created = await paddle.customers.create({ email: 'sdk@example.com', name: 'SDK' });
    expect(created.id).toMatch(/^ctm_[a-z0-9]{26}$/);
    const again = await apiError(paddle.customers.create({ email: 'sdk@example.com' }));
    expect(again.code).toBe('customer_already_exists');
  });
});

describe('billing history through the SDK', () => {
  it("history: one page of a customer's billed history, hasMore, and the next page by after", async () => {
    const [found] = await paddle.customers.list({ email: ['demo@example.com'] }).next();
    const demo = defined(found, 'the demo customer');
    const statuses = ['billed', 'paid', 'past_due', 'completed', 'canceled'];
    const first = paddle.transactions.list({
      customerId: [demo.id],
      status: statuses as never,
      perPage: 10,
    });
    const page = await first.next();
    expect(page).toHaveLength(10);
    expect(first.hasMore).toBe(true);
    expect(page.every((t) => statuses.includes(t.status) && t.customerId === demo.id)).toBe(true);
    const t = defined(page[0], 'a transaction');
    expect(t.details?.totals?.grandTotal).toMatch(/^\d+$/);
    expect(t.details?.totals?.grandTotalTax).toMatch(/^\d+$/);
    const last = defined(page[9], 'a tenth transaction');
    const second = await paddle.transactions
      .list({ customerId: [demo.id], status: statuses as never, perPage: 10, after: last.id })
      .next();
    expect(defined(second[0], 'a next page').id < last.id).toBe(true);
  });

  it('transactions pages hold at most 30 and iterate to the end', async () => {
    const collection = paddle.transactions.list({ perPage: 100 });
    expect(await collection.next()).toHaveLength(30);
    let count = 30;
    while (collection.hasMore) count += (await collection.next()).length;
    expect(count).toBe(collection.estimatedTotal);
  });

  it('gets a transaction and its invoice PDF link, which serves a PDF', async () => {
    const [found] = await paddle.transactions.list({ status: ['completed' as never], perPage: 1 }).next();
    const completed = defined(found, 'a completed transaction');
    const got = await paddle.transactions.get(completed.id);
    expect(got.id).toBe(completed.id);
    const pdf = await paddle.transactions.getInvoicePDF(completed.id, { disposition: 'inline' });
    const res = await fetch(pdf.url);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await res.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  it('invoice availability: an ineligible transaction gives an ApiError with our documented code', async () => {
    const [draft] = await paddle.transactions.list({ status: ['draft' as never] }).next();
    const error = await apiError(paddle.transactions.getInvoicePDF(defined(draft, 'a draft').id));
    expect(error.code).toBe('transaction_invoice_not_available');
  });
});

describe('errors through the SDK', () => {
  it('tax categories: ApiError carries the code and detail, and no field errors where Paddle sends none', async () => {
    const error = await apiError(paddle.products.create({ name: 'Books', taxCategory: 'ebooks' }));
    expect(error.code).toBe('product_tax_category_not_approved');
    expect(error.type).toBe('request_error');
    expect(error.detail).toBe('tax category not approved');
    expect(error.errors).toBeNull();
    expect(error.retryAfter).toBeNull();
    const fields = await apiError(paddle.products.create({ name: 'Books' } as never));
    expect(fields.errors).toEqual([{ field: '(root)', message: 'tax_category is required' }]);
  });

  it('trial-needs-billing-cycle: a trial on a one-time price surfaces as an ApiError with Paddle’s code', async () => {
    const product = await paddle.products.create({ name: 'Once', taxCategory: 'saas' });
    const error = await apiError(
      paddle.prices.create({
        productId: product.id,
        description: 'One-off',
        unitPrice: { amount: '500', currencyCode: 'EUR' },
        trialPeriod: { interval: 'day', frequency: 7 },
      }),
    );
    expect(error.code).toBe('price_trial_period_requires_billing_cycle');
    expect(error.detail).toBe('setting a trial_period requires billing_cycle to be set');
  });

  it('permissions: a key without the permission gives forbidden', async () => {
    const readOnly = sdkOf(emulator, emulator.addApiKey(['product.read']));
    expect((await apiError(readOnly.products.create({ name: 'X', taxCategory: 'saas' }))).code).toBe(
      'forbidden',
    );
    expect((await apiError(readOnly.products.list({ include: ['prices'] }).next())).code).toBe('forbidden');
    expect((await apiError(sdkOf(emulator, 'pdl_sdbx_apikey_unknown').products.get('pro_x'))).code).toBe(
      'invalid_token',
    );
  });

  it('429 gives an ApiError with retryAfter in whole seconds, also while paging', async () => {
    const clock = manualClock();
    const limited = await startEmulator({ demo: false, now: clock.now, faults: { rateLimit: 2 } });
    const client = sdkOf(limited);
    await client.products.list().next();
    await client.products.list().next();
    const error = await apiError(client.products.list().next());
    expect([error.code, error.type, error.retryAfter]).toEqual(['too_many_requests', 'api_error', 60]);
    clock.advance(20_000);
    expect((await apiError(client.products.create({ name: 'X', taxCategory: 'saas' }))).retryAfter).toBe(40);
    await limited.close();
  });
});

// The tool gives the SDK's resources its own sender (src/paddle/sdk.ts: timeouts, request ids);
// every request must stay byte for byte what the SDK's own client sends.
describe("the tool's sender under the SDK's resources", () => {
  interface Seen {
    method: string;
    url: string;
    body: string;
    auth: string;
  }

  /** Records each request and answers with Paddle's error envelope (enough to end the call). */
  async function recorder(): Promise<{ url: string; seen: Seen[]; close: () => void }> {
    const seen: Seen[] = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        seen.push({
          method: req.method ?? '',
          url: req.url ?? '',
          body,
          auth: req.headers.authorization ?? '',
        });
        res.writeHead(400, { 'content-type': 'application/json', 'request-id': 'req-1' });
        res.end(
          JSON.stringify({ error: { type: 'request_error', code: 'bad_request', detail: 'recorded' } }),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    return { url, seen, close: () => server.close() };
  }

  const calls = (p: PaddleClient) => [
    () =>
      p.products.create(
        productToSdk({
          name: 'Pro',
          tax_category: 'saas',
          custom_data: { ...marker('pro'), camelKey: { innerKey: 1 } },
        }),
      ),
    () =>
      p.products.update(
        'pro_1',
        productToSdk({ description: 'Teams', image_url: 'https://example.com/a.png', status: 'archived' }),
      ),
    () =>
      p.prices.create(
        priceToSdk({
          product_id: 'pro_1',
          description: 'Pro monthly',
          name: 'Monthly',
          unit_price: { amount: '1000', currency_code: 'USD' },
          billing_cycle: { interval: 'month', frequency: 1 },
          trial_period: { interval: 'day', frequency: 14, requires_payment_method: false },
          unit_price_overrides: [
            { country_codes: ['GB'], unit_price: { amount: '800', currency_code: 'GBP' } },
          ],
          quantity: { minimum: 1, maximum: 50 },
          tax_mode: 'account_setting',
          custom_data: marker('monthly'),
        }),
      ),
    () => p.prices.update('pri_1', priceToSdk({ status: 'archived' })),
    () =>
      p.discounts.create(
        discountToSdk({
          description: 'Launch',
          type: 'percentage',
          amount: '25',
          currency_code: null,
          code: 'LAUNCH25',
          enabled_for_checkout: true,
          recur: true,
          maximum_recurring_intervals: 3,
          usage_limit: 500,
          restrict_to: ['pro_1', 'pri_1'],
          expires_at: '2099-01-31T23:59:59Z',
          custom_data: marker('launch'),
        }),
      ),
    () => p.discounts.update('dsc_1', discountToSdk({ usage_limit: null, status: 'archived' })),
    () => p.customers.list({ email: ['a@example.com'] }).next(),
    () =>
      p.transactions
        .list({ customerId: ['ctm_1'], status: ['billed', 'completed'], perPage: 10, after: 'txn_1' })
        .next(),
    () => p.transactions.get('txn_1'),
    () => p.transactions.getInvoicePDF('txn_1', { disposition: 'inline' }),
  ];

  it('sends the same method, path, query and body as the SDK, and the key', async () => {
    const server = await recorder();
    try {
      const key = 'pdl_sdbx_apikey_x';
      const theirs = sdkOf({ url: server.url, apiKey: key });
      for (const call of calls(theirs)) await call().catch(() => undefined);
      const sdkSent = server.seen.splice(0);
      const ours = createPaddle({ environment: 'sandbox', baseUrl: server.url, apiKey: key });
      for (const call of calls(ours)) await call().catch(() => undefined);
      const wePut = server.seen.splice(0);
      expect(wePut.map(({ auth, ...request }) => request)).toEqual(
        sdkSent.map(({ auth, ...request }) => request),
      );
      expect(wePut.map((r) => r.auth.toLowerCase())).toEqual(sdkSent.map((r) => r.auth.toLowerCase()));
      expect(sdkSent).toHaveLength(10);
    } finally {
      server.close();
    }
  });
});
