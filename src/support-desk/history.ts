// `history`, the support desk's use-case: a customer's billing history, one page at a time (never
// all pages at once), each shown as it comes and the next one loaded only when the person asks for
// it (ports: the CLI shows through its view and asks on the terminal).
import type { ErrorResult } from '../billing/api-error.js';
import type { BillingHistoryResult } from '../billing/history.js';
import type { CustomerRecord } from '../billing/ports.js';
import {
  type CustomerRef,
  getSupportHistoryPage,
  type SupportHistoryDeps,
} from '../billing/support-history.js';

type HistoryPage = Extract<BillingHistoryResult, { items: unknown }>;

/** A page of a customer's history (a customer nobody has is an error, never a page). */
export interface HistoryResult {
  page: HistoryPage;
  /** who it is, when this page's look-up said so (the first page) */
  customer: CustomerRecord | null;
  /** the cursor this page follows */
  after?: string | undefined;
  /** the command that shows the next page; absent on the last */
  next?: string;
}

export interface HistoryAsk {
  who: CustomerRef;
  /** the page after this transaction; absent: the newest */
  after?: string | undefined;
  locale: string;
  /** say who the customer is on the first page (one more call for an id) */
  identify: boolean;
  /** what the next page's command repeats */
  production?: boolean | undefined;
  local?: boolean | undefined;
}

export interface HistoryPorts {
  show(result: HistoryResult): void;
  /** asked after a page that has a next one: load it? Absent: one page only (off a terminal). */
  askNext?: () => Promise<boolean>;
}

/** Shows pages until the last, or until the person stops; an error result of the library as it came. */
export async function browseHistory(
  services: Omit<SupportHistoryDeps, 'acceptLanguage'>,
  ask: HistoryAsk,
  ports: HistoryPorts,
): Promise<ErrorResult | undefined> {
  const deps = { ...services, acceptLanguage: ask.locale };
  let after = ask.after;
  let whose: CustomerRef = ask.who;
  for (let first = true; ; first = false) {
    const { customer, result } = await getSupportHistoryPage(deps, whose, {
      after,
      identify: first && ask.identify,
      afterFromPage: !first,
    });
    if ('error' in result) return result;
    // The id works for every later page: one call each, whatever the e-mail's case or status.
    if (customer) whose = { customerId: customer.id };
    const page = historyResult(result, customer, after, (last) => nextPageCommand(whose, ask, last));
    ports.show(page);
    if (!page.next || !ports.askNext || !(await ports.askNext())) return undefined;
    after = page.page.items.at(-1)?.id;
  }
}

/** The page for the views, with the command that shows the next one. */
function historyResult(
  page: HistoryPage,
  customer: CustomerRecord | null,
  after: string | undefined,
  nextCommand: (after: string) => string,
): HistoryResult {
  const last = page.items.at(-1);
  const next = page.hasMore && last ? { next: nextCommand(last.id) } : {};
  return { page, customer, after, ...next };
}

/** The command that shows the next page (the last id received as `after`). */
function nextPageCommand(who: CustomerRef, ask: HistoryAsk, after: string): string {
  const words = ['paddle-catalog', 'history'];
  if ('email' in who) words.push('--email', shellQuote(who.email));
  else words.push('--customer', shellQuote(who.customerId));
  if (ask.locale !== 'en-US') words.push('--locale', shellQuote(ask.locale));
  if (ask.production) words.push('--production');
  if (ask.local) words.push('--local');
  words.push('--after', shellQuote(after));
  return words.join(' ');
}

function shellQuote(word: string): string {
  return /^[\w@.+,=:/-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}
