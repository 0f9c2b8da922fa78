// "get invoice URL": the caller's own transaction only, one PDF request.
import { apiErrorResult, type ErrorResult } from './api-error.js';
import { authenticatedEmail, type BillingDeps, NOT_AUTHENTICATED } from './history.js';
import type { InvoiceDisposition, TransactionRecord, TransactionsGateway } from './ports.js';

export type InvoiceUrlResult = { url: string } | ErrorResult;

export const NO_BILLING_CUSTOMER = 'No billing customer';
export const FORBIDDEN = 'Forbidden';

export interface InvoiceRequest {
  /** supplied by the client: never trusted until the ownership check */
  transactionId: string;
  /** "attachment" (default) downloads, "inline" opens in the browser */
  disposition?: InvoiceDisposition | undefined;
  /**
   * Sees the fetched transaction before the PDF is requested; may throw to stop there (the CLI
   * explains why a transaction has no invoice instead of asking the API for nothing).
   */
  inspect?: (transaction: TransactionRecord) => void;
}

export async function getInvoiceUrl(
  deps: Pick<BillingDeps, 'getUser' | 'customers' | 'transactions'>,
  request: InvoiceRequest,
): Promise<InvoiceUrlResult> {
  // Who asks, and which customer that is, exactly as for the billing history.
  const email = await authenticatedEmail(deps);
  if (email === null) return { error: NOT_AUTHENTICATED };
  const customerId = await deps.customers.findCustomerIdByEmail(email);
  if (customerId === null) return { error: NO_BILLING_CUSTOMER };
  return getCustomerInvoiceUrl(deps.transactions, customerId, request);
}

/** The URL for a customer id that is already trusted (resolved above, or given by support staff). */
export async function getCustomerInvoiceUrl(
  transactions: TransactionsGateway,
  customerId: string,
  request: InvoiceRequest,
): Promise<InvoiceUrlResult> {
  return apiErrorsAsResults(async () => {
    // Ownership before any PDF request: someone else's transaction is Forbidden, and no link is made.
    const transaction = await transactions.getTransaction(request.transactionId);
    if (transaction.customerId !== customerId) return { error: FORBIDDEN };
    request.inspect?.(transaction);
    return requestPdf(transactions, request);
  });
}

/**
 * Support staff (the CLI without --email/--customer): no ownership check. The transaction is
 * fetched only when `inspect` wants to see it; otherwise this is a single PDF request.
 */
export async function getInvoiceUrlAsSupport(
  transactions: TransactionsGateway,
  request: InvoiceRequest,
): Promise<InvoiceUrlResult> {
  return apiErrorsAsResults(async () => {
    if (request.inspect) request.inspect(await transactions.getTransaction(request.transactionId));
    return requestPdf(transactions, request);
  });
}

// The URL only, asked for one transaction at a time and never for a history page: each link costs
// a call and expires after an hour.
async function requestPdf(transactions: TransactionsGateway, request: InvoiceRequest) {
  const url = await transactions.getInvoicePdfUrl(request.transactionId, request.disposition ?? 'attachment');
  return { url };
}

// An error Paddle answered with is a result (`{error: code}`); anything else (network, a bug) propagates.
async function apiErrorsAsResults(call: () => Promise<InvoiceUrlResult>): Promise<InvoiceUrlResult> {
  try {
    return await call();
  } catch (error) {
    return apiErrorResult(error);
  }
}
