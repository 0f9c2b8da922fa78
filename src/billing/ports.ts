// What the billing-history view needs from the outside world, as small types of our
// own. The Paddle-backed implementations live in src/paddle/; apps and tests can bring their own.

import type { CatalogStatus, TransactionStatus } from '../paddle-facts/statuses.js';

export type { TransactionStatus };

/** The statuses a billing history shows: never draft or ready. */
export const HISTORY_STATUSES: readonly TransactionStatus[] = [
  'billed',
  'paid',
  'past_due',
  'completed',
  'canceled',
];

/**
 * The part of a transaction this module reads. It stays inside src/billing: what
 * leaves is a HistoryItem.
 */
export interface TransactionRecord {
  id: string;
  status: string;
  customerId: string | null;
  billedAt: string | null;
  currencyCode: string | null;
  /** "manual" for invoices, "automatic" otherwise */
  collectionMode: string | null;
  /** strings of digits in the lowest currency unit; null when the API sent no totals */
  totals: { subtotal: string | null; grandTotal: string | null; grandTotalTax: string | null };
}

export interface TransactionQuery {
  /** never empty: a customer-facing caller always filters */
  customerId: string[];
  status: readonly TransactionStatus[];
  perPage: number;
  after?: string;
}

export interface TransactionPage {
  transactions: TransactionRecord[];
  /** from the collection's pagination, never from estimatedTotal */
  hasMore: boolean;
}

export type InvoiceDisposition = 'attachment' | 'inline';

/** The read side of the transactions API. Failures are thrown as RemoteError (src/errors.ts). */
export interface TransactionsGateway {
  /** Exactly one page. */
  listTransactions(query: TransactionQuery): Promise<TransactionPage>;
  getTransaction(transactionId: string): Promise<TransactionRecord>;
  /** The invoice PDF URL, valid for one hour. */
  getInvoicePdfUrl(transactionId: string, disposition: InvoiceDisposition): Promise<string>;
}

/**
 * The mirror of customers: customer id by e-mail, read on the server with
 * elevated access that carries no user session. Resolves null when there is no row.
 */
export interface CustomerMirror {
  findCustomerIdByEmail(email: string): Promise<string | null>;
}

/** A customer as support staff see it: Paddle keeps churned customers as `archived`. */
export interface CustomerRecord {
  id: string;
  email: string;
  status: CatalogStatus;
}

/** Which customers a directory query asks for: by the `email` filter or the `search` text. */
export type CustomerQuery = { email: string } | { search: string };

/**
 * The account's own customer list (the CLI reads Paddle directly instead of a mirror). Every
 * query includes archived customers; what comes back is checked by the caller, never trusted.
 */
export interface CustomerDirectory {
  listCustomers(query: CustomerQuery): Promise<CustomerRecord[]>;
  getCustomer(customerId: string): Promise<CustomerRecord>;
}

/** The authenticated user of the request, or null. */
export interface BillingUser {
  email?: string | null;
}

/** Decimal places per currency code from the currencies list, or null when it is not available. */
export interface CurrencySource {
  decimalPlaces(): Promise<ReadonlyMap<string, number> | null>;
}
