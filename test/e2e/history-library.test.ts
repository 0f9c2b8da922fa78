// The billing history library with the real SDK over HTTP against the emulator (in-process, no CLI).
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { remoteCurrencies } from '../../src/billing/currencies-source.js';
import {
  type BillingDeps,
  getBillingHistory,
  getCustomerHistoryPage,
  type HistoryItem,
} from '../../src/billing/history.js';
import { getInvoiceUrl } from '../../src/billing/invoice.js';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { paddleBillingServices } from '../../src/paddle/transactions-gateway.js';
import {
  customerIdOf,
  EDGE_SEED,
  tempCacheHome,
  transactionsOf,
  type WireTransaction,
} from '../support/billing-fixtures.js';
import { defined } from '../support/defined.js';
import { pid } from '../support/subscription-account.mjs';

const nb = '\u00a0';
let demo: RunningEmulator;
let edge: RunningEmulator;
let cacheDir: string;
let demoId: string;
let demoTransactions: WireTransaction[];

beforeAll(async () => {
  [demo, edge] = await Promise.all([startEmulator(), startEmulator({ demo: false, seed: EDGE_SEED })]);
  cacheDir = await tempCacheHome();
  demoId = await customerIdOf(demo, 'demo@example.com');
  demoTransactions = await transactionsOf(demo, demoId);
});
afterAll(async () => {
  await Promise.all([demo.close(), edge.close(), rm(cacheDir, { recursive: true, force: true })]);
});
beforeEach(() => {
  demo.reset();
  edge.reset();
});

function deps(
  emulator: RunningEmulator,
  email: string | null,
  options: { key?: string; locale?: string } = {},
): BillingDeps {
  const target = {
    environment: 'sandbox' as const,
    baseUrl: emulator.url,
    apiKey: options.key ?? emulator.apiKey,
  };
  return {
    ...paddleBillingServices(target),
    getUser: () => (email ? { email } : null),
    acceptLanguage: options.locale,
    currencies: remoteCurrencies({ baseUrl: emulator.url, cacheDir }),
  };
}

type Page = { items: HistoryItem[]; hasMore: boolean };

async function allPages(d: BillingDeps): Promise<{ pages: Page[]; items: HistoryItem[] }> {
  const pages: Page[] = [];
  let after: string | undefined;
  do {
    const page = (await getBillingHistory(d, { after })) as Page;
    pages.push(page);
    after = page.items.at(-1)?.id;
  } while (pages.at(-1)?.hasMore);
  return { pages, items: pages.flatMap((p) => p.items) };
}

describe('billing history against the emulator', () => {
  it('history: pages through 25+ transactions with after, 10 at a time, none twice', async () => {
    const { pages, items } = await allPages(deps(demo, 'demo@example.com'));
    const shown = demoTransactions.filter((t) => !['draft', 'ready'].includes(t.status));
    expect(shown.length).toBeGreaterThanOrEqual(25);
    expect(items.map((i) => i.id)).toEqual(shown.map((t) => t.id));
    expect(pages.map((p) => p.items.length)).toEqual([10, 10, 10, shown.length - 30]);
    expect(pages.map((p) => p.hasMore)).toEqual([true, true, true, false]);
  });

  it('history: draft and ready are never shown', async () => {
    expect(demoTransactions.some((t) => t.status === 'draft')).toBe(true);
    expect(demoTransactions.some((t) => t.status === 'ready')).toBe(true);
    const { items } = await allPages(deps(demo, 'demo@example.com'));
    expect(new Set(items.map((i) => i.status))).toEqual(
      new Set(['billed', 'paid', 'past_due', 'completed', 'canceled']),
    );
  });

  it('history: one page is one request, with the customer filter', async () => {
    const d = deps(demo, 'demo@example.com');
    await d.currencies.decimalPlaces(); // warm the currencies cache
    demo.reset();
    await getCustomerHistoryPage(d, demoId);
    expect(demo.requests()).toEqual([
      {
        method: 'GET',
        path: '/transactions',
        query: { customer_id: demoId, status: 'billed,paid,past_due,completed,canceled', per_page: '10' },
        at: expect.any(String),
        status: 200,
      },
    ]);
  });

  it('history: the customer is looked up by e-mail on the server (customers list, exact email, archived too)', async () => {
    await getBillingHistory(deps(demo, 'demo@example.com'));
    const lookups = demo.requests().filter((r) => r.path === '/customers');
    expect(lookups).toEqual([
      {
        method: 'GET',
        path: '/customers',
        query: { email: 'demo@example.com', status: 'active,archived', per_page: '200' },
        at: expect.any(String),
        status: 200,
      },
    ]);
  });

  it('history amounts: every currency class, en-US', async () => {
    const { items } = await allPages(deps(demo, 'demo@example.com'));
    const amounts = new Set(items.map((i) => i.amount));
    for (const expected of [
      '¥5,280',
      '₩42,900',
      '₫275,000',
      `CLP${nb}11,781`,
      '$31.32',
      '€29.75',
      '£26.40',
      '€1,428.00',
    ]) {
      expect(amounts).toContain(expected);
    }
    expect(new Set(items.map((i) => i.tax))).toContain('¥480');
  });

  it.each([
    ['en-US', '€29.75', '¥5,280'],
    ['de-DE,de;q=0.9', `29,75${nb}€`, `5.280${nb}¥`],
    ['fr-FR', `29,75${nb}€`, `5${'\u202f'}280${nb}JPY`],
    ['ja-JP', '€29.75', '￥5,280'],
    ['en_US', '€29.75', '¥5,280'],
    ['12-!!', '€29.75', '¥5,280'],
    ['', '€29.75', '¥5,280'],
  ])('history amounts: locale from Accept-Language %j', async (locale, eur, jpy) => {
    const { items } = await allPages(deps(demo, 'demo@example.com', { locale }));
    const amounts = items.map((i) => i.amount);
    expect(amounts).toContain(eur);
    expect(amounts).toContain(jpy);
  });

  it('history amounts: a huge amount is exact, and a currency list decimal place (BHD 3) is used', async () => {
    const page = (await getBillingHistory(deps(edge, 'edge@example.com'))) as Page;
    const byId = new Map(page.items.map((i) => [i.id, i]));
    expect(byId.get(pid('txn', 5))?.amount).toBe('$1,234,567,890,123,456,789,012.35');
    expect(byId.get(pid('txn', 4))?.amount).toBe(`BHD${nb}13.579`);
  });

  it('history: zero-value and manual/automatic invoice availability', async () => {
    const page = (await getBillingHistory(deps(edge, 'edge@example.com'))) as Page;
    const available = Object.fromEntries(page.items.map((i) => [i.id, i.invoiceAvailable]));
    expect(available).toEqual({
      [pid('txn', 5)]: true, // completed manual
      [pid('txn', 4)]: true, // completed automatic
      [pid('txn', 3)]: false, // billed manual but zero value
      [pid('txn', 2)]: false, // billed automatic
      [pid('txn', 1)]: false, // completed, zero value (trial)
    });
    const { items } = await allPages(deps(demo, 'demo@example.com'));
    const billedManual = items.find((i) => i.status === 'billed');
    expect(billedManual?.invoiceAvailable).toBe(true);
    for (const status of ['paid', 'past_due', 'canceled']) {
      expect(items.filter((i) => i.status === status).length, status).toBeGreaterThan(0);
      expect(items.filter((i) => i.status === status).every((i) => !i.invoiceAvailable)).toBe(true);
    }
  });

  it('history: items carry exactly the six fields', async () => {
    const page = (await getBillingHistory(deps(demo, 'demo@example.com'))) as Page;
    for (const item of page.items) {
      expect(Object.keys(item).sort()).toEqual([
        'amount',
        'billedAt',
        'id',
        'invoiceAvailable',
        'status',
        'tax',
      ]);
    }
  });

  it('history: an unknown customer → {items: [], hasMore: false} and no transactions call', async () => {
    expect(await getBillingHistory(deps(demo, 'nobody@example.com'))).toEqual({ items: [], hasMore: false });
    expect(demo.requests().filter((r) => r.path === '/transactions')).toEqual([]);
  });

  it('history: a key without transaction.read → {error: "forbidden"}', async () => {
    const key = demo.addApiKey(['customer.read']);
    expect(await getBillingHistory(deps(demo, 'demo@example.com', { key }))).toEqual({ error: 'forbidden' });
  });
});

describe('invoice URL against the emulator', () => {
  const completed = () =>
    defined(
      demoTransactions.find((t) => t.status === 'completed' && t.details.totals.subtotal !== '0'),
      'a completed transaction',
    );

  it('invoice: own transaction → {url} with a get and one PDF request; the URL serves a PDF', async () => {
    const txn = completed();
    const result = await getInvoiceUrl(deps(demo, 'demo@example.com'), { transactionId: txn.id });
    expect(Object.keys(result)).toEqual(['url']);
    const calls = demo.requests().filter((r) => r.path !== '/customers');
    expect(calls.map((r) => `${r.method} ${r.path} ${r.query.disposition ?? ''}`.trim())).toEqual([
      `GET /transactions/${txn.id}`,
      `GET /transactions/${txn.id}/invoice attachment`,
    ]);
    const pdf = await fetch((result as { url: string }).url);
    expect((await pdf.text()).startsWith('%PDF-')).toBe(true);
  });

  it('invoice: another customer → Forbidden and no PDF request', async () => {
    const result = await getInvoiceUrl(deps(demo, 'alice@example.com'), { transactionId: completed().id });
    expect(result).toEqual({ error: 'Forbidden' });
    expect(demo.requests().some((r) => r.path.endsWith('/invoice'))).toBe(false);
  });

  it('invoice: unknown customer → No billing customer; no user → Not authenticated', async () => {
    expect(await getInvoiceUrl(deps(demo, 'nobody@example.com'), { transactionId: completed().id })).toEqual({
      error: 'No billing customer',
    });
    expect(await getInvoiceUrl(deps(demo, null), { transactionId: completed().id })).toEqual({
      error: 'Not authenticated',
    });
  });

  it('invoice: unknown transaction → not_found; no transaction.read → forbidden', async () => {
    expect(await getInvoiceUrl(deps(demo, 'demo@example.com'), { transactionId: pid('txn', 999) })).toEqual({
      error: 'not_found',
    });
    const key = demo.addApiKey(['customer.read']);
    expect(
      await getInvoiceUrl(deps(demo, 'demo@example.com', { key }), { transactionId: completed().id }),
    ).toEqual({
      error: 'forbidden',
    });
  });

  it('invoice: an ineligible transaction → the API code (the emulator documents its own)', async () => {
    const zero = defined(
      demoTransactions.find((t) => t.details.totals.subtotal === '0'),
      'a zero transaction',
    );
    expect(await getInvoiceUrl(deps(demo, 'demo@example.com'), { transactionId: zero.id })).toEqual({
      error: 'transaction_invoice_not_available',
    });
  });
});

describe('the transactions gateway over the SDK', () => {
  const gateway = () =>
    paddleBillingServices({ environment: 'sandbox', baseUrl: demo.url, apiKey: demo.apiKey }).transactions;

  it('transactions list: the list is never sent without the customer filter', async () => {
    await expect(
      gateway().listTransactions({ customerId: [], status: ['completed'], perPage: 10 }),
    ).rejects.toThrow(/without a customer filter/);
    expect(demo.requests()).toEqual([]);
  });

  it('transactions list: the status filter is always sent, so draft and ready never come back', async () => {
    const page = await gateway().listTransactions({
      customerId: [demoId],
      status: ['billed', 'paid', 'past_due', 'completed', 'canceled'],
      perPage: 30,
    });
    expect(page.transactions.some((t) => t.status === 'draft' || t.status === 'ready')).toBe(false);
    expect(demo.requests()[0]?.query.status).toBe('billed,paid,past_due,completed,canceled');
  });

  it('transactions list: one page per call, even when more exist (hasMore from the collection)', async () => {
    const page = await gateway().listTransactions({
      customerId: [demoId],
      status: ['completed'],
      perPage: 5,
    });
    expect(page.transactions).toHaveLength(5);
    expect(page.hasMore).toBe(true);
    expect(demo.requests()).toHaveLength(1);
  });

  it('returns our own records, not SDK classes', async () => {
    const record = await gateway().getTransaction(defined(demoTransactions[0], 'a transaction').id);
    expect(Object.getPrototypeOf(record)).toBe(Object.prototype);
    expect(Object.keys(record).sort()).toEqual([
      'billedAt',
      'collectionMode',
      'currencyCode',
      'customerId',
      'id',
      'status',
      'totals',
    ]);
  });
});
