// `invoice <txn_id>`: its options, the support desk's use-case (src/support-desk/invoice.ts: the URL, the
// download, the browser given as a port) and its views.
import { checkTransactionId, downloadTarget, fetchInvoice } from '../../support-desk/invoice.js';
import { openInBrowser } from '../../terminal/browser.js';
import type { Reporter } from '../../terminal/reporter.js';
import { showBillingError } from '../../views/billing-error.js';
import { EXIT_OK } from '../../views/exit-codes.js';
import * as invoiceView from '../../views/invoice.js';
import { show } from '../../views/view.js';
import { type CustomerFlags, customerSelector, withBillingServices } from '../billing-options.js';
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
      run(async ({ reporter }, transactionId: string, flags: InvoiceFlags) =>
        runInvoice(reporter, transactionId, flags),
      ),
    )
    .addHelpText('after', EXAMPLES);
};

/** The invoice asked for, through the billing library, and what came of it. */
async function runInvoice(reporter: Reporter, transactionId: string, flags: InvoiceFlags): Promise<number> {
  checkTransactionId(transactionId);
  const who = customerSelector(flags, false);
  const force = flags.force === true;
  const download = await downloadTarget(reporter.io.cwd, flags.download, force);
  const ask = { transactionId, who, inline: flags.inline === true, download, force };
  const openUrl = flags.open ? (url: string) => openInBrowser(reporter.io, url) : undefined;
  return withBillingServices(reporter, flags, async (services) => {
    const outcome = await fetchInvoice(services, ask, openUrl);
    if (outcome.kind === 'error') return showBillingError(reporter, outcome);
    const { url, expires, opened } = outcome;
    show(reporter, invoiceView, {
      url,
      expires,
      download: outcome.download,
      local: flags.local === true,
    });
    if (opened)
      reporter.info(opened.opened ? 'opened in the browser' : `not opening a browser: ${opened.reason}`);
    return EXIT_OK;
  });
}
