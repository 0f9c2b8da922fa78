// `history`: its options, the support desk's use-case (src/support-desk/history.ts: the pages) with the
// terminal's ports, and the views (src/views/history/history.ts).
import { UserError } from '../../errors.js';
import { paddleIdPattern } from '../../paddle-facts/ids.js';
import { browseHistory, type HistoryResult } from '../../support-desk/history.js';
import { confirm } from '../../terminal/prompts.js';
import type { Reporter } from '../../terminal/reporter.js';
import { showBillingError } from '../../views/billing-error.js';
import { EXIT_OK } from '../../views/exit-codes.js';
import * as historyView from '../../views/history/history.js';
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

export interface HistoryFlags extends CustomerFlags, TargetFlags {
  after?: string;
  locale: string;
  cache?: boolean;
}

const EXAMPLES = `
Examples:
  $ paddle-catalog history --local --email demo@example.com     # the emulator's demo customer
  $ paddle-catalog history --email jo@example.com
  $ paddle-catalog history --customer ctm_01h… --after txn_01h…  # the next page
  $ paddle-catalog --json history --email jo@example.com`;

export const registerHistory: RegisterCommand = (program, run) => {
  addTargetOptions(
    program
      .command('history')
      .description("one page of a customer's billing history, newest first: 10 transactions per page")
      .option('--email <email>', "the customer's e-mail address")
      .option('--customer <ctm_id>', 'the customer id, instead of --email')
      .option('--after <txn_id>', 'the page after this transaction (printed after "More:")')
      .option('--locale <tags>', 'Accept-Language value for amounts: its first tag is used', 'en-US')
      .option('--no-cache', 'fetch the currencies list again instead of using the 24-hour cache'),
  )
    .action(
      run(async ({ reporter }, flags: HistoryFlags) => {
        const who = customerSelector(flags, true);
        if (flags.after !== undefined && !paddleIdPattern('txn').test(flags.after)) {
          throw new UserError(`--after takes a transaction id (txn_…), not ${JSON.stringify(flags.after)}.`);
        }
        return withBillingServices(reporter, flags, (services) =>
          showHistoryPages(reporter, services, who, flags, () => confirm(reporter, 'Load the next page?')),
        );
      }),
    )
    .addHelpText('after', EXAMPLES);
};

/**
 * The history use-case with the terminal's ports: each page through the view; on a terminal, the next
 * page offered with `askNext` (injected so tests can answer it).
 */
export async function showHistoryPages(
  reporter: Reporter,
  services: BillingServices,
  who: CustomerSelector,
  flags: HistoryFlags,
  askNext: () => Promise<boolean>,
): Promise<number> {
  // Human output says who it is; --json stays the view's document, with no extra call.
  const ask = { ...flags, who, identify: !reporter.json };
  const ports = {
    show: (page: HistoryResult) => show(reporter, historyView, page),
    ...(reporter.interactive ? { askNext } : {}),
  };
  const error = await browseHistory(services, ask, ports);
  return error ? showBillingError(reporter, { kind: 'error', error }) : EXIT_OK;
}
