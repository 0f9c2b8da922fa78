// "get billing history": one page of the authenticated user's transactions,
// trimmed to six display fields. Every dependency is injected, so an app can use it as is.

import { apiErrorResult, type ErrorResult } from './api-error.js';
import { isInvoiceAvailable } from './invoice-availability.js';
import { localeFromAcceptLanguage } from './locale.js';
import { formatTotal } from './money.js';
import {
  type BillingUser,
  type CurrencySource,
  type CustomerMirror,
  HISTORY_STATUSES,
  type TransactionRecord,
  type TransactionsGateway,
} from './ports.js';
import { keepRequested } from './server-filter.js';

/** The view asks for 10 per page (the API allows up to 30). */
const HISTORY_PAGE_SIZE = 10;

export interface BillingDeps {
  /** the authenticated user of this request, or null: then nothing is asked of Paddle */
  getUser(): Promise<BillingUser | null> | BillingUser | null;
  customers: CustomerMirror;
  transactions: TransactionsGateway;
  /** the request's Accept-Language header value: its first tag formats the amounts */
  acceptLanguage?: string | null | undefined;
  currencies: CurrencySource;
}

/** Exactly these fields: nothing else of the raw transaction reaches the app's client. */
export interface HistoryItem {
  id: string;
  billedAt: string | null;
  status: string;
  amount: string;
  tax: string;
  invoiceAvailable: boolean;
}

/**
 * `warnings` appears only when the server sent what was not asked for (another customer's
 * transaction, a status the view never shows): those are left out and said here.
 */
export type BillingHistoryResult =
  | { items: HistoryItem[]; hasMore: boolean; warnings?: string[] }
  | ErrorResult;

export const NOT_AUTHENTICATED = 'Not authenticated';

/** The user's e-mail, or null when there is no authenticated user with one. */
export async function authenticatedEmail(deps: Pick<BillingDeps, 'getUser'>): Promise<string | null> {
  const user = await deps.getUser();
  const email = user?.email?.trim();
  return email ? email : null;
}

export async function getBillingHistory(
  deps: BillingDeps,
  input: { after?: string | undefined } = {},
): Promise<BillingHistoryResult> {
  const email = await authenticatedEmail(deps);
  if (email === null) return { error: NOT_AUTHENTICATED };
  // The id comes from the server-side mirror, never from the client's input: nobody can ask for
  // someone else's history.
  const customerId = await deps.customers.findCustomerIdByEmail(email);
  if (customerId === null) return { items: [], hasMore: false };
  return getCustomerHistoryPage(deps, customerId, input.after);
}

/**
 * One page for a customer id that is already trusted: support staff who looked it up themselves
 * (the CLI's --customer), or the action above after resolving it.
 */
export async function getCustomerHistoryPage(
  deps: Pick<BillingDeps, 'transactions' | 'currencies' | 'acceptLanguage'>,
  customerId: string,
  after?: string,
): Promise<BillingHistoryResult> {
  try {
    const page = await deps.transactions.listTransactions({
      customerId: [customerId],
      status: HISTORY_STATUSES,
      perPage: HISTORY_PAGE_SIZE,
      ...(after ? { after } : {}),
    });
    const currencies = await deps.currencies.decimalPlaces();
    const locale = localeFromAcceptLanguage(deps.acceptLanguage);
    const { kept, dropped } = keepRequested(page.transactions, customerId);
    return {
      items: kept.map((txn) => toHistoryItem(txn, currencies, locale)),
      hasMore: page.hasMore,
      ...(dropped.length > 0 ? { warnings: dropped } : {}),
    };
  } catch (error) {
    return apiErrorResult(error);
  }
}

function toHistoryItem(
  txn: TransactionRecord,
  currencies: ReadonlyMap<string, number> | null,
  locale: string,
): HistoryItem {
  return {
    id: txn.id,
    billedAt: txn.billedAt,
    status: txn.status,
    amount: formatTotal(txn.totals.grandTotal, txn.currencyCode, currencies, locale),
    tax: formatTotal(txn.totals.grandTotalTax, txn.currencyCode, currencies, locale),
    invoiceAvailable: isInvoiceAvailable(txn),
  };
}
