import { describe, expect, it } from 'vitest';
import { getBillingHistory, type HistoryItem } from '../../src/billing/history.js';
import { getInvoiceUrl, getInvoiceUrlAsSupport } from '../../src/billing/invoice.js';
import { RemoteError } from '../../src/errors.js';
import { apiError, currencies, FakeGateway, FakeMirror, txn } from './fakes.js';

const mine = txn({ id: 'txn_mine', customerId: 'ctm_alice' });
const theirs = txn({ id: 'txn_theirs', customerId: 'ctm_bob' });

function setup(
  user: { email?: string } | null = { email: 'alice@example.com' },
  rows = { 'alice@example.com': 'ctm_alice' },
) {
  const gateway = new FakeGateway([], { txn_mine: mine, txn_theirs: theirs });
  const deps = { getUser: () => user, customers: new FakeMirror(rows), transactions: gateway };
  return { deps, gateway };
}

describe('getInvoiceUrl', () => {
  it('invoice: no authenticated user → Not authenticated, no call', async () => {
    const { deps, gateway } = setup(null);
    expect(await getInvoiceUrl(deps, { transactionId: 'txn_mine' })).toEqual({ error: 'Not authenticated' });
    expect(gateway.getCalls).toEqual([]);
  });

  it('invoice: no customer row → No billing customer, no call', async () => {
    const { deps, gateway } = setup({ email: 'carol@example.com' });
    expect(await getInvoiceUrl(deps, { transactionId: 'txn_mine' })).toEqual({
      error: 'No billing customer',
    });
    expect(gateway.getCalls).toEqual([]);
  });

  it("invoice: someone else's transaction → Forbidden and no PDF request", async () => {
    const { deps, gateway } = setup();
    expect(await getInvoiceUrl(deps, { transactionId: 'txn_theirs' })).toEqual({ error: 'Forbidden' });
    expect(gateway.getCalls).toEqual(['txn_theirs']);
    expect(gateway.pdfCalls).toEqual([]);
  });

  it('invoice: own transaction → {url}, disposition attachment by default', async () => {
    const { deps, gateway } = setup();
    const result = await getInvoiceUrl(deps, { transactionId: 'txn_mine' });
    expect(result).toEqual({ url: 'https://invoices.example/txn_mine.pdf?disposition=attachment' });
    expect(Object.keys(result)).toEqual(['url']);
    expect(gateway.getCalls).toEqual(['txn_mine']);
    expect(gateway.pdfCalls).toEqual([{ id: 'txn_mine', disposition: 'attachment' }]);
  });

  it('invoice: disposition inline on request', async () => {
    const { deps, gateway } = setup();
    await getInvoiceUrl(deps, { transactionId: 'txn_mine', disposition: 'inline' });
    expect(gateway.pdfCalls).toEqual([{ id: 'txn_mine', disposition: 'inline' }]);
  });

  it('invoice: invoice URLs are never part of history items (no PDF call while listing)', async () => {
    const gateway = new FakeGateway([{ transactions: [mine], hasMore: false }]);
    const deps = {
      getUser: () => ({ email: 'alice@example.com' }),
      customers: new FakeMirror({ 'alice@example.com': 'ctm_alice' }),
      transactions: gateway,
      currencies: currencies(null),
    };
    const result = (await getBillingHistory(deps)) as { items: HistoryItem[] };
    expect(gateway.pdfCalls).toEqual([]);
    expect(JSON.stringify(result)).not.toMatch(/url|https?:/i);
  });

  it('invoice: an API error → {error: <code>} (from the get and from the PDF request)', async () => {
    const { deps } = setup();
    expect(await getInvoiceUrl(deps, { transactionId: 'txn_unknown' })).toEqual({ error: 'not_found' });
    const failing = setup();
    failing.gateway.failWith = apiError('transaction_invoice_not_available', 400);
    expect(await getInvoiceUrl(failing.deps, { transactionId: 'txn_mine' })).toEqual({
      error: 'transaction_invoice_not_available',
    });
  });

  it('invoice: other failures propagate', async () => {
    const { deps, gateway } = setup();
    gateway.failWith = new RemoteError({ code: 'timeout', detail: 'no answer in time' });
    await expect(getInvoiceUrl(deps, { transactionId: 'txn_mine' })).rejects.toThrow('no answer in time');
  });

  it('inspect sees the owned transaction before the PDF request and can stop it', async () => {
    const { deps, gateway } = setup();
    const stop = new Error('no invoice');
    await expect(
      getInvoiceUrl(deps, {
        transactionId: 'txn_mine',
        inspect: (transaction) => {
          expect(transaction.id).toBe('txn_mine');
          throw stop;
        },
      }),
    ).rejects.toBe(stop);
    expect(gateway.pdfCalls).toEqual([]);
  });
});

describe('getInvoiceUrlAsSupport', () => {
  it('makes one PDF request and no ownership check without inspect', async () => {
    const { gateway } = setup();
    expect(await getInvoiceUrlAsSupport(gateway, { transactionId: 'txn_theirs' })).toHaveProperty('url');
    expect(gateway.getCalls).toEqual([]);
    expect(gateway.pdfCalls).toHaveLength(1);
  });

  it('fetches the transaction first when inspect is given', async () => {
    const { gateway } = setup();
    const seen: string[] = [];
    await getInvoiceUrlAsSupport(gateway, { transactionId: 'txn_theirs', inspect: (t) => seen.push(t.id) });
    expect(seen).toEqual(['txn_theirs']);
    expect(gateway.getCalls).toEqual(['txn_theirs']);
  });

  it('invoice: an API error is a result in support mode too', async () => {
    const { gateway } = setup();
    gateway.failWith = apiError('forbidden');
    expect(await getInvoiceUrlAsSupport(gateway, { transactionId: 'txn_mine' })).toEqual({
      error: 'forbidden',
    });
  });
});
