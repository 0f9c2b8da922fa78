// `invoice <txn_id>`: the invoice PDF URL of a transaction (the billing library's "get invoice URL"), valid
// for one hour. With --email/--customer the ownership check applies; without, support mode.
import { resolve } from 'node:path';
import {
  FORBIDDEN,
  getCustomerInvoiceUrl,
  getInvoiceUrl,
  getInvoiceUrlAsSupport,
  type InvoiceRequest,
  type InvoiceUrlResult,
  NO_BILLING_CUSTOMER,
} from '../../billing/invoice.js';
import { invoiceUnavailableReason } from '../../billing/invoice-availability.js';
import { downloadPdf } from '../../billing/pdf-download.js';
import type { TransactionRecord } from '../../billing/ports.js';
import { UserError } from '../../errors.js';
import { checkFolderWritable, checkOutputFile } from '../../files/output-file.js';
import { INVOICE_URL_LIFETIME_MS } from '../../paddle-facts/api.js';
import { idProblem } from '../../paddle-facts/ids.js';
import { openInBrowser } from '../../terminal/browser.js';
import type { Reporter } from '../../terminal/reporter.js';
import { shown } from '../../text/escape.js';
import { showBillingError } from '../../views/billing-error.js';
import { EXIT_OK } from '../../views/exit-codes.js';
import * as invoiceView from '../../views/invoice.js';
import { show } from '../../views/view.js';
import {
  type BillingServices,
  type CustomerFlags,
  type CustomerSelector,
  customerSelector,
  withBillingServices,
} from '../billing-options.js';
import type { RegisterCommand } from '../command.js';
import { addTargetOptions, type TargetFlags } from '../target-options.js';

interface InvoiceFlags extends CustomerFlags, TargetFlags {
  inline?: boolean;
  open?: boolean;
  download?: string;
  force?: boolean;
}

const EXAMPLES = `
Examples:
  $ paddle-catalog invoice txn_01h…                           # a download URL, valid for 1 hour
  $ paddle-catalog invoice txn_01h… --email jo@example.com    # only if it is this customer's
  $ paddle-catalog invoice txn_01h… --inline --open           # open it in the browser
  $ paddle-catalog invoice txn_01h… --download invoice.pdf   # --force replaces an existing file`;

export const registerInvoice: RegisterCommand = (program, run) => {
  addTargetOptions(
    program
      .command('invoice')
      .description("a transaction's invoice PDF URL, valid for 1 hour")
      .argument('<txn_id>', 'the transaction id (txn_…)')
      .option('--email <email>', 'only if the transaction belongs to the customer with this e-mail')
      .option('--customer <ctm_id>', 'only if the transaction belongs to this customer id')
      .option('--inline', 'a URL that opens in the browser instead of downloading (disposition inline)')
      .option('--open', 'open the URL in the browser ($BROWSER, or the system default on a terminal)')
      .option('--download <file>', 'save the PDF to this file')
      .option('--force', 'with --download: replace the file if it exists'),
  )
    .action(
      run(async ({ reporter }, transactionId: string, flags: InvoiceFlags) => {
        const problem = idProblem(transactionId, 'txn');
        if (problem) {
          throw new UserError(`Not a transaction id (txn_…): ${JSON.stringify(transactionId)}: ${problem}.`);
        }
        const who = customerSelector(flags, false);
        const download = await downloadTarget(reporter, flags);
        return withBillingServices(reporter, flags, async (services) => {
          const request: InvoiceRequest = {
            transactionId,
            disposition: flags.inline ? 'inline' : 'attachment',
            // says why there is no invoice instead of asking the API for nothing, in both modes
            inspect: refuseWithoutInvoice,
          };
          const result = await requestInvoice(services, who, request);
          if ('error' in result) {
            const explanation = explain(result.error, transactionId, who);
            return showBillingError(reporter, { kind: 'error', error: result, explanation });
          }
          return deliver(reporter, result.url, flags, download);
        });
      }),
    )
    .addHelpText('after', EXAMPLES);
};

function requestInvoice(
  services: BillingServices,
  who: CustomerSelector | null,
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

function explain(code: string, transactionId: string, who: CustomerSelector | null): string | undefined {
  const whose = who === null ? '' : 'email' in who ? who.email : who.customerId;
  if (code === NO_BILLING_CUSTOMER) return `no Paddle customer has the e-mail ${whose}.`;
  if (code === FORBIDDEN) {
    return `transaction ${transactionId} is not one of ${whose}'s; no PDF was requested.`;
  }
  return undefined;
}

/** The --download file, checked before any call: not a folder, not there unless --force, writable. */
async function downloadTarget(reporter: Reporter, flags: InvoiceFlags): Promise<string | undefined> {
  if (flags.download === undefined) {
    if (flags.force) throw new UserError('--force only makes sense with --download <file>.');
    return undefined;
  }
  const path = resolve(reporter.io.cwd, flags.download);
  await checkOutputFile(
    path,
    flags.download,
    flags.force,
    'Use --force to replace it, or give another file with --download.',
    'invoice.pdf',
  );
  await checkFolderWritable(path, flags.download);
  return path;
}

async function deliver(
  reporter: Reporter,
  url: string,
  flags: InvoiceFlags,
  download: string | undefined,
): Promise<number> {
  const expires = new Date(Date.now() + INVOICE_URL_LIFETIME_MS);
  // The PDF first: a failed download prints nothing that looks like success.
  const saved =
    download === undefined
      ? {}
      : { download: { file: download, size: await downloadPdf(url, download, flags.force === true) } };
  show(reporter, invoiceView, { url, expires, ...saved, local: flags.local === true });
  if (flags.open) {
    const outcome = await openInBrowser(reporter.io, url);
    reporter.info(outcome.opened ? 'opened in the browser' : `not opening a browser: ${outcome.reason}`);
  }
  return EXIT_OK;
}
