import { describe, expect, it } from 'vitest';
import { type BillingDeps, getBillingHistory, type HistoryItem } from '../../src/billing/history.js';
import { RemoteError } from '../../src/errors.js';
import { apiError, currencies, FakeGateway, FakeMirror, txn } from './fakes.js';

function setup(options: {
  user?: { email?: string | null } | null;
  gateway?: FakeGateway;
  rows?: Record<string, string>;
  acceptLanguage?: string;
  currencyList?: Record<string, number> | null;
}) {
  const gateway = options.gateway ?? new FakeGateway();
  const mirror = new FakeMirror(options.rows ?? { 'alice@example.com': 'ctm_alice' });
  const deps: BillingDeps = {
    getUser: async () => (options.user === undefined ? { email: 'alice@example.com' } : options.user),
    customers: mirror,
    transactions: gateway,
    acceptLanguage: options.acceptLanguage,
    currencies: currencies(options.currencyList ?? null),
  };
  return { deps, gateway, mirror };
}

const onePage = (items = [txn({ id: 'txn_01' })], hasMore = false) =>
  new FakeGateway([{ transactions: items, hasMore }]);

describe('getBillingHistory', () => {
  it('history: no authenticated user → Not authenticated, no billing call', async () => {
    for (const user of [null, {}, { email: null }, { email: '' }, { email: '   ' }]) {
      const { deps, gateway, mirror } = setup({ user });
      expect(await getBillingHistory(deps)).toEqual({ error: 'Not authenticated' });
      expect(gateway.listCalls).toEqual([]);
      expect(mirror.lookups).toEqual([]);
    }
  });

  it("history: the customer id comes from the mirror by the user's e-mail, never from the input", async () => {
    const { deps, gateway, mirror } = setup({ gateway: onePage() });
    const sneaky = { after: undefined, customerId: 'ctm_mallory' } as { after?: string };
    await getBillingHistory(deps, sneaky);
    expect(mirror.lookups).toEqual(['alice@example.com']);
    expect(gateway.listCalls[0]?.customerId).toEqual(['ctm_alice']);
  });

  it('history: no customer row → {items: [], hasMore: false}, no error, no list call', async () => {
    const { deps, gateway } = setup({ rows: {} });
    expect(await getBillingHistory(deps)).toEqual({ items: [], hasMore: false });
    expect(gateway.listCalls).toEqual([]);
  });

  it('history: one list call with customerId, the five statuses, perPage 10 and the cursor', async () => {
    const { deps, gateway } = setup({ gateway: onePage() });
    await getBillingHistory(deps, { after: 'txn_09' });
    expect(gateway.listCalls).toEqual([
      {
        customerId: ['ctm_alice'],
        status: ['billed', 'paid', 'past_due', 'completed', 'canceled'],
        perPage: 10,
        after: 'txn_09',
      },
    ]);
  });

  it('history: without a cursor, no after is sent', async () => {
    const { deps, gateway } = setup({ gateway: onePage() });
    await getBillingHistory(deps);
    expect(gateway.listCalls).toHaveLength(1);
    expect(gateway.listCalls[0]).not.toHaveProperty('after');
  });

  it('history: the result is {items, hasMore} with hasMore from the collection', async () => {
    for (const hasMore of [true, false]) {
      const { deps } = setup({ gateway: onePage([txn({ id: 'txn_01' })], hasMore) });
      const result = await getBillingHistory(deps);
      expect(Object.keys(result).sort()).toEqual(['hasMore', 'items']);
      expect(result).toMatchObject({ hasMore });
    }
  });

  it('history: each item has exactly id, billedAt, status, amount, tax, invoiceAvailable', async () => {
    const { deps } = setup({
      gateway: onePage([
        txn({ id: 'txn_01', totals: { subtotal: '1000', grandTotal: '1190', grandTotalTax: '190' } }),
        txn({ id: 'txn_02', status: 'billed', collectionMode: 'manual', billedAt: null }),
      ]),
    });
    const result = (await getBillingHistory(deps)) as { items: HistoryItem[] };
    expect(result.items[0]).toEqual({
      id: 'txn_01',
      billedAt: '2024-05-01T10:00:00.000000Z',
      status: 'completed',
      amount: '$11.90',
      tax: '$1.90',
      invoiceAvailable: true,
    });
    expect(result.items[1]).toMatchObject({ billedAt: null, status: 'billed', invoiceAvailable: true });
  });

  it.each([
    ['completed', 'automatic', '1000', true],
    ['completed', 'manual', '1000', true],
    ['billed', 'manual', '1000', true],
    ['billed', 'automatic', '1000', false],
    ['paid', 'automatic', '1000', false],
    ['past_due', 'manual', '1000', false],
    ['canceled', 'manual', '1000', false],
    ['completed', 'automatic', '0', false],
    ['billed', 'manual', '0', false],
    ['completed', 'automatic', '000', false],
  ])(
    'history: invoiceAvailable for %s, %s collection, subtotal %s is %s',
    async (status, mode, subtotal, expected) => {
      const { deps } = setup({
        gateway: onePage([
          txn({ id: 'txn_01', status, collectionMode: mode, totals: { subtotal } as never }),
        ]),
      });
      const result = (await getBillingHistory(deps)) as { items: HistoryItem[] };
      expect(result.items[0]?.invoiceAvailable).toBe(expected);
    },
  );

  it('history: the raw transaction is not returned (no customer id, totals, collection mode)', async () => {
    const { deps } = setup({ gateway: onePage() });
    const text = JSON.stringify(await getBillingHistory(deps));
    for (const raw of ['ctm_alice', 'customerId', 'totals', 'collectionMode', 'currencyCode', 'subtotal']) {
      expect(text).not.toContain(raw);
    }
  });

  it('history amounts: amounts use the currencies list, locale of Accept-Language, no extra rounding', async () => {
    const { deps } = setup({
      gateway: onePage([
        txn({
          id: 'txn_01',
          currencyCode: 'JPY',
          totals: { grandTotal: '1200', grandTotalTax: '109' } as never,
        }),
        txn({
          id: 'txn_02',
          currencyCode: 'EUR',
          totals: { grandTotal: '123456', grandTotalTax: '19711' } as never,
        }),
      ]),
      acceptLanguage: 'de-DE,de;q=0.9,en;q=0.8',
      currencyList: { JPY: 0, EUR: 2 },
    });
    const result = (await getBillingHistory(deps)) as { items: HistoryItem[] };
    expect(result.items.map((item) => [item.amount, item.tax])).toEqual([
      ['1.200\u00a0¥', '109\u00a0¥'],
      ['1.234,56\u00a0€', '197,11\u00a0€'],
    ]);
  });

  it('history amounts: missing amount is "0" and missing currency "USD"', async () => {
    const { deps } = setup({
      gateway: onePage([
        txn({ id: 'txn_01', currencyCode: null, totals: { grandTotal: null, grandTotalTax: null } as never }),
      ]),
    });
    const result = (await getBillingHistory(deps)) as { items: HistoryItem[] };
    expect(result.items[0]).toMatchObject({ amount: '$0.00', tax: '$0.00' });
  });

  it('history: an API error → {error: <code>}', async () => {
    const gateway = new FakeGateway();
    gateway.failWith = apiError('forbidden');
    const { deps } = setup({ gateway });
    expect(await getBillingHistory(deps)).toEqual({ error: 'forbidden' });
  });

  it('history: the answer behind {error} is its cause, which JSON leaves out', async () => {
    const gateway = new FakeGateway();
    const answer = apiError('forbidden');
    gateway.failWith = answer;
    const result = await getBillingHistory(setup({ gateway }).deps);
    expect('error' in result && result.cause).toBe(answer);
    expect(JSON.stringify(result)).toBe('{"error":"forbidden"}');
  });

  it('history: other failures propagate (network, bugs)', async () => {
    const network = new FakeGateway();
    network.failWith = new RemoteError({ code: 'network_error', detail: 'ECONNREFUSED' });
    await expect(getBillingHistory(setup({ gateway: network }).deps)).rejects.toThrow('ECONNREFUSED');
    const bug = new FakeGateway();
    bug.failWith = new TypeError('boom');
    await expect(getBillingHistory(setup({ gateway: bug }).deps)).rejects.toThrow(TypeError);
  });

  it('history: the next page is requested with the id of the last item received', async () => {
    const gateway = new FakeGateway([
      { transactions: [txn({ id: 'txn_20' }), txn({ id: 'txn_19' })], hasMore: true },
      { transactions: [txn({ id: 'txn_18' })], hasMore: false },
    ]);
    const { deps } = setup({ gateway });
    const first = (await getBillingHistory(deps)) as { items: HistoryItem[]; hasMore: boolean };
    const second = await getBillingHistory(deps, { after: first.items.at(-1)?.id });
    expect(gateway.listCalls.map((call) => call.after)).toEqual([undefined, 'txn_19']);
    expect(second).toMatchObject({ hasMore: false, items: [{ id: 'txn_18' }] });
  });
});
