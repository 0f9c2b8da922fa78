// The billing history as support staff ask for it: by e-mail (churned customers included) or by
// customer id, saying who the customer is, and telling a wrong cursor from the end of the history.
import { RemoteError, UserError } from '../errors.js';
import { findCustomerByEmail } from './customer-lookup.js';
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

export async function getSupportHistoryPage(
  deps: SupportHistoryDeps,
  who: CustomerRef,
  options: { after?: string; identify?: boolean } = {},
): Promise<SupportHistoryPage> {
  if ('email' in who) {
    const customer = await findCustomerByEmail(deps.directory, who.email);
    // No customer: the view's own answer, an empty history.
    if (customer === null) return { customer, result: { items: [], hasMore: false } };
    return { customer, result: await checkedPage(deps, customer.id, options.after) };
  }
  // The customer is fetched beside the page, so saying who it is adds no wait.
  const [customer, result] = await Promise.all([
    options.identify ? identify(deps.directory, who.customerId) : null,
    checkedPage(deps, who.customerId, options.after),
  ]);
  // Unasked, an empty first page is still checked (one call, only then): a mistyped id is an error
  // in every mode, not an empty history. (After a cursor, checkedPage has checked it already.)
  if (customer === null && options.after === undefined && 'items' in result && result.items.length === 0) {
    return { customer: await identify(deps.directory, who.customerId), result };
  }
  return { customer, result };
}

async function identify(directory: CustomerDirectory, customerId: string): Promise<CustomerRecord> {
  try {
    return await directory.getCustomer(customerId);
  } catch (error) {
    if (!isNotFound(error)) throw error;
    throw new UserError(
      `No customer ${customerId} in this account.`,
      'Look the customer up by e-mail instead.',
    );
  }
}

/**
 * One page; an empty page after a cursor is checked (one more call, only then): a cursor that is
 * not this customer's transaction is an error, not the end of the history.
 */
async function checkedPage(
  deps: SupportHistoryDeps,
  customerId: string,
  after: string | undefined,
): Promise<BillingHistoryResult> {
  const result = await getCustomerHistoryPage(deps, customerId, after);
  if (after === undefined || 'error' in result || result.items.length > 0) return result;
  const problem = await cursorProblem(deps.transactions, customerId, after);
  if (problem !== null) {
    throw new UserError(
      `The cursor ${after} is not a transaction of customer ${customerId}: ${problem}.`,
      'Page on with the id printed after "More:" on the page before.',
    );
  }
  return result;
}

/** Why `after` cannot mark a place in this customer's history, or null when it can. */
export async function cursorProblem(
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
