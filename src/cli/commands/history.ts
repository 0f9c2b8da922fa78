// `history`: one page of a customer's billing history, as the billing library returns it (views:
// src/views/history/history.ts).
import type { CustomerRecord } from '../../billing/ports.js';
import { getSupportHistoryPage } from '../../billing/support-history.js';
import { UserError } from '../../errors.js';
import { paddleIdPattern } from '../../paddle-facts/ids.js';
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
 * One page; on a terminal, offers the next one, one at a time (never all pages at once).
 * `askNext` is the prompt (injected so tests can answer it).
 */
export async function showHistoryPages(
  reporter: Reporter,
  services: BillingServices,
  who: CustomerSelector,
  flags: HistoryFlags,
  askNext: () => Promise<boolean>,
): Promise<number> {
  const deps = { ...services, acceptLanguage: flags.locale };
  let after = flags.after;
  let whose: CustomerSelector = who;
  for (let first = true; ; first = false) {
    // Human output says who it is; --json stays the view's document, with no extra call.
    const { customer, result } = await getSupportHistoryPage(deps, whose, {
      after,
      identify: first && !reporter.json,
      afterFromPage: !first,
    });
    if ('error' in result) return showBillingError(reporter, { kind: 'error', error: result });
    // The id works for every later page: one call each, whatever the e-mail's case or status.
    if (customer) whose = { customerId: customer.id };
    const page = historyResult(result, customer, after, (last) => nextPageCommand(whose, flags, last));
    show(reporter, historyView, page);
    if (!page.next || !reporter.interactive || !(await askNext())) {
      return EXIT_OK;
    }
    after = page.page.items.at(-1)?.id;
  }
}

/** The page for the views, with the command that shows the next one. */
function historyResult(
  page: historyView.HistoryPage,
  customer: CustomerRecord | null,
  after: string | undefined,
  nextCommand: (after: string) => string,
): historyView.HistoryResult {
  const last = page.items.at(-1);
  const next = page.hasMore && last ? { next: nextCommand(last.id) } : {};
  return { page, customer, after, ...next };
}

/** The command that shows the next page (the last id received as `after`). */
function nextPageCommand(who: CustomerSelector, flags: HistoryFlags, after: string): string {
  const words = ['paddle-catalog', 'history'];
  if ('email' in who) words.push('--email', shellQuote(who.email));
  else words.push('--customer', shellQuote(who.customerId));
  if (flags.locale !== 'en-US') words.push('--locale', shellQuote(flags.locale));
  if (flags.production) words.push('--production');
  if (flags.local) words.push('--local');
  words.push('--after', shellQuote(after));
  return words.join(' ');
}

function shellQuote(word: string): string {
  return /^[\w@.+,=:/-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}
