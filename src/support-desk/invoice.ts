// `invoice`, the support desk's use-case: a transaction's invoice PDF URL (the billing library's "get
// invoice URL"), valid for one hour; with a customer given, only if the transaction is theirs
// (support mode without). Then, as asked, the PDF saved to a file and the URL opened in a browser
// (a port: the CLI gives it the terminal's).
import { resolve } from 'node:path';
import type { ErrorResult } from '../billing/api-error.js';
import type { BillingDeps } from '../billing/history.js';
import {
  FORBIDDEN,
  getCustomerInvoiceUrl,
  getInvoiceUrl,
  getInvoiceUrlAsSupport,
  type InvoiceRequest,
  type InvoiceUrlResult,
  NO_BILLING_CUSTOMER,
} from '../billing/invoice.js';
import { invoiceUnavailableReason } from '../billing/invoice-availability.js';
import { downloadPdf } from '../billing/pdf-download.js';
import type { TransactionRecord } from '../billing/ports.js';
import type { CustomerRef } from '../billing/support-history.js';
import { UserError } from '../errors.js';
import { checkFolderWritable, checkOutputFile } from '../files/output-file.js';
import { INVOICE_URL_LIFETIME_MS } from '../paddle-facts/api.js';
import { idProblem } from '../paddle-facts/ids.js';
import { shown } from '../text/escape.js';

/** Opening a URL for the person at the terminal: opened, or why not (said to them). */
export type OpenUrl = (url: string) => Promise<{ opened: true } | { opened: false; reason: string }>;

export interface InvoiceAsk {
  transactionId: string;
  /** whose it must be; null: support mode, no ownership check */
  who: CustomerRef | null;
  inline: boolean;
  /** the --download file, checked already (downloadTarget) */
  download?: string;
  force: boolean;
}

export type InvoiceOutcome =
  | { kind: 'error'; error: ErrorResult; explanation?: string }
  | {
      kind: 'url';
      url: string;
      expires: Date;
      download?: { file: string; size: number };
      /** --open: whether the browser opened it */
      opened?: Awaited<ReturnType<OpenUrl>>;
    };

/** A transaction id, checked before any call. */
export function checkTransactionId(transactionId: string): void {
  const problem = idProblem(transactionId, 'txn');
  if (problem) {
    throw new UserError(`Not a transaction id (txn_…): ${JSON.stringify(transactionId)}: ${problem}.`);
  }
}

/** The --download file, checked before any call: not a folder, not there unless --force, writable. */
export async function downloadTarget(
  cwd: string,
  download: string | undefined,
  force: boolean,
): Promise<string | undefined> {
  if (download === undefined) {
    if (force) throw new UserError('--force only makes sense with --download <file>.');
    return undefined;
  }
  const path = resolve(cwd, download);
  await checkOutputFile(
    path,
    download,
    force,
    'Use --force to replace it, or give another file with --download.',
    'invoice.pdf',
  );
  await checkFolderWritable(path, download);
  return path;
}

/**
 * The URL, then the PDF saved when asked (before anything is shown: a failed download shows nothing
 * that looks like success), then the URL opened when `openUrl` is given (--open).
 */
export async function fetchInvoice(
  services: Pick<BillingDeps, 'customers' | 'transactions'>,
  ask: InvoiceAsk,
  openUrl?: OpenUrl,
): Promise<InvoiceOutcome> {
  const request: InvoiceRequest = {
    transactionId: ask.transactionId,
    disposition: ask.inline ? 'inline' : 'attachment',
    // says why there is no invoice instead of asking the API for nothing, in both modes
    inspect: refuseWithoutInvoice,
  };
  const result = await requestInvoice(services, ask.who, request);
  if ('error' in result) {
    return { kind: 'error', error: result, explanation: explain(result.error, ask.transactionId, ask.who) };
  }
  const { url } = result;
  const expires = new Date(Date.now() + INVOICE_URL_LIFETIME_MS);
  const download =
    ask.download === undefined
      ? {}
      : { download: { file: ask.download, size: await downloadPdf(url, ask.download, ask.force) } };
  const opened = openUrl ? { opened: await openUrl(url) } : {};
  return { kind: 'url', url, expires, ...download, ...opened };
}

function requestInvoice(
  services: Pick<BillingDeps, 'customers' | 'transactions'>,
  who: CustomerRef | null,
  request: InvoiceRequest,
): Promise<InvoiceUrlResult> {
  if (who === null) return getInvoiceUrlAsSupport(services.transactions, request);
  if ('customerId' in who) return getCustomerInvoiceUrl(services.transactions, who.customerId, request);
  return getInvoiceUrl({ ...services, getUser: () => ({ email: who.email }) }, request);
}

/** No invoice for this transaction, said plainly before any PDF request (--json: with the API's code for it). */
function refuseWithoutInvoice(transaction: TransactionRecord): void {
  const reason = invoiceUnavailableReason(transaction);
  if (reason === null) return;
  throw new UserError(
    shown(`Transaction ${transaction.id} has no invoice PDF: ${reason}.`),
    'No PDF was requested. Invoices exist for completed transactions and for billed manual invoices, never for zero-value ones.',
    { code: 'transaction_invoice_not_available' },
  );
}

function explain(code: string, transactionId: string, who: CustomerRef | null): string | undefined {
  const whose = who === null ? '' : 'email' in who ? who.email : who.customerId;
  if (code === NO_BILLING_CUSTOMER) return `no Paddle customer has the e-mail ${whose}.`;
  if (code === FORBIDDEN) {
    return `transaction ${transactionId} is not one of ${whose}'s; no PDF was requested.`;
  }
  return undefined;
}
