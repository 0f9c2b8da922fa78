// Fakes of OUR billing ports (never of the SDK), recording every call.
import type {
  CurrencySource,
  CustomerMirror,
  InvoiceDisposition,
  TransactionPage,
  TransactionQuery,
  TransactionRecord,
  TransactionsGateway,
} from '../../src/billing/ports.js';
import { RemoteError } from '../../src/errors.js';

export function txn(overrides: Partial<TransactionRecord> & { id: string }): TransactionRecord {
  return {
    status: 'completed',
    customerId: 'ctm_alice',
    billedAt: '2024-05-01T10:00:00.000000Z',
    currencyCode: 'USD',
    collectionMode: 'automatic',
    ...overrides,
    totals: { subtotal: '1000', grandTotal: '1200', grandTotalTax: '200', ...overrides.totals },
  };
}

export function apiError(code: string, status = 403): RemoteError {
  return new RemoteError({
    status,
    type: 'request_error',
    code,
    detail: `${code} detail`,
    requestId: 'req_1',
  });
}

export class FakeGateway implements TransactionsGateway {
  readonly listCalls: TransactionQuery[] = [];
  readonly getCalls: string[] = [];
  readonly pdfCalls: { id: string; disposition: InvoiceDisposition }[] = [];
  failWith?: unknown;

  constructor(
    private readonly pages: TransactionPage[] = [],
    private readonly byId: Record<string, TransactionRecord> = {},
  ) {}

  async listTransactions(query: TransactionQuery): Promise<TransactionPage> {
    this.listCalls.push(query);
    if (this.failWith) throw this.failWith;
    return this.pages[this.listCalls.length - 1] ?? { transactions: [], hasMore: false };
  }

  async getTransaction(id: string): Promise<TransactionRecord> {
    this.getCalls.push(id);
    if (this.failWith) throw this.failWith;
    const found = this.byId[id];
    if (!found) throw apiError('not_found', 404);
    return found;
  }

  async getInvoicePdfUrl(id: string, disposition: InvoiceDisposition): Promise<string> {
    this.pdfCalls.push({ id, disposition });
    if (this.failWith) throw this.failWith;
    return `https://invoices.example/${id}.pdf?disposition=${disposition}`;
  }
}

export class FakeMirror implements CustomerMirror {
  readonly lookups: string[] = [];
  constructor(private readonly rows: Record<string, string> = {}) {}
  async findCustomerIdByEmail(email: string): Promise<string | null> {
    this.lookups.push(email);
    return this.rows[email] ?? null;
  }
}

export function currencies(list: Record<string, number> | null): CurrencySource & { calls: number } {
  const source = {
    calls: 0,
    async decimalPlaces() {
      source.calls += 1;
      return list ? new Map(Object.entries(list)) : null;
    },
  };
  return source;
}
