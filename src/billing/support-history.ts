// The billing history as support staff ask for it: by e-mail (churned customers included) or by
// customer id, saying who the customer is, and telling a wrong cursor from the end of the history.
import { RemoteError, UserError } from '../errors.js';
import { shown } from '../text/escape.js';
import { findCustomerByEmail, lookalikeAddresses } from './customer-lookup.js';
import { type BillingDeps, type BillingHistoryResult, getCustomerHistoryPage } from './history.js';
import type { CustomerDirectory, CustomerRecord, TransactionsGateway } from './ports.js';

export interface SupportHistoryDeps
  extends Pick<BillingDeps, 'transactions' | 'currencies' | 'acceptLanguage'> {
  directory: CustomerDirectory;
}

export type CustomerRef = { email: string } | { customerId: string };

export interface SupportHistoryPage {
  /** who it is; null when no customer has the e-mail, or for an id when `identify` was not asked */
  customer: CustomerRecord | null;
  result: BillingHistoryResult;
}

export interface SupportHistoryOptions {
  after?: string | undefined;
  /** say who the customer is (one more call for --customer, made beside the page) */
  identify?: boolean;
  /** `after` is the last item of the page before, read for this customer: nothing to check */
  afterFromPage?: boolean;
}

/**
 * A customer nobody has (no one with the e-mail, an id not in the account) is an error, never an
 * empty history: support staff must not read a typo as "nothing billed".
 */
export async function getSupportHistoryPage(
  deps: SupportHistoryDeps,
  who: CustomerRef,
  options: SupportHistoryOptions = {},
): Promise<SupportHistoryPage> {
  if ('email' in who) {
    const customer = await findCustomerByEmail(deps.directory, who.email);
    if (customer === null) throw await notFoundByEmail(deps.directory, who.email);
    return { customer, result: await checkedPage(deps, customer.id, options) };
  }
  // The customer is fetched beside the page, so saying who it is adds no wait.
  const [customer, result] = await Promise.all([
    options.identify ? identify(deps.directory, who.customerId) : null,
    checkedPage(deps, who.customerId, options),
  ]);
  // Unasked, an empty first page is still checked (one call, only then): a mistyped id is an error
  // in every mode, not an empty history. (A cursor was checked already: it is the customer's.)
  if (customer === null && options.after === undefined && 'items' in result && result.items.length === 0) {
    return { customer: await identify(deps.directory, who.customerId), result };
  }
  return { customer, result };
}

/** An address with every character beyond ASCII spelled out (`\u{212A}im@…`): what tells it apart. */
const spelledOut = (address: string) =>
  shown(address).replace(
    /[^\x20-\x7e]/gu,
    (c) => `\\u{${(c.codePointAt(0) ?? 0).toString(16).toUpperCase()}}`,
  );

/**
 * No customer has the address; one whose address only looks like it (another character that reads
 * the same, such as U+212A KELVIN SIGN for a k) is named, escaped, and never taken for it.
 */
async function notFoundByEmail(directory: CustomerDirectory, email: string): Promise<UserError> {
  const lookalikes = lookalikeAddresses(await directory.listCustomers({ search: email }), email);
  const alike =
    lookalikes.length > 0
      ? ` ${lookalikes.map((address) => `"${spelledOut(address)}"`).join(', ')} only looks like it: another character that reads the same, so not the same address.`
      : '';
  return new UserError(
    `No customer has the e-mail ${shown(email)} in this account (active or archived).${alike}`,
    'Check the address, or give the customer id with --customer.',
    { code: CUSTOMER_NOT_FOUND, ...(lookalikes.length > 0 ? { lookalikes } : {}) },
  );
}

/** The --json error code of a customer nobody has. */
const CUSTOMER_NOT_FOUND = 'customer_not_found';

async function identify(directory: CustomerDirectory, customerId: string): Promise<CustomerRecord> {
  try {
    return await directory.getCustomer(customerId);
  } catch (error) {
    if (!isNotFound(error)) throw error;
    throw new UserError(
      `No customer ${customerId} in this account.`,
      'Look the customer up by e-mail instead.',
      {
        code: CUSTOMER_NOT_FOUND,
      },
    );
  }
}

/**
 * One page. A cursor given by hand is checked beside it (one GET of the transaction, whatever the
 * page holds): another customer's transaction would page through this customer's history from its
 * date, silently skipping everything newer, and an unknown one would look like the end of it.
 */
async function checkedPage(
  deps: SupportHistoryDeps,
  customerId: string,
  { after, afterFromPage }: SupportHistoryOptions,
): Promise<BillingHistoryResult> {
  const check =
    after === undefined || afterFromPage ? null : cursorProblem(deps.transactions, customerId, after);
  const [result, problem] = await Promise.all([getCustomerHistoryPage(deps, customerId, after), check]);
  if (problem) {
    throw new UserError(
      `The cursor ${after} is not a transaction of customer ${customerId}: ${problem}.`,
      'Page on with the id printed after "More:" on the page before.',
      { code: 'cursor_not_this_customer' },
    );
  }
  return result;
}

/** Why `after` cannot mark a place in this customer's history, or null when it can. */
async function cursorProblem(
  transactions: TransactionsGateway,
  customerId: string,
  after: string,
): Promise<string | null> {
  try {
    const transaction = await transactions.getTransaction(after);
    return transaction.customerId === customerId ? null : "it is another customer's";
  } catch (error) {
    if (isNotFound(error)) return 'there is no such transaction in this account';
    throw error;
  }
}

function isNotFound(error: unknown): boolean {
  return error instanceof RemoteError && error.code === 'not_found';
}
