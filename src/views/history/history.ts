// history's views: who the customer is, the page as a table and the command for the next one; or, in
// --json mode, the billing library's result as it is (nothing else, not even a note on stderr).
import type { BillingHistoryResult } from '../../billing/history.js';
import type { CustomerRecord } from '../../billing/ports.js';
import type { Reporter } from '../../terminal/reporter.js';
import { shown } from '../../text/escape.js';
import { formatHistoryTable } from './table.js';

export type HistoryPage = Extract<BillingHistoryResult, { items: unknown }>;

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

export function renderJson(result: HistoryResult) {
  return result.page;
}

export function renderHuman(result: HistoryResult, out: Reporter): void {
  if (out.json) return;
  const { customer, page, after, next } = result;
  if (customer) {
    const archived = customer.status === 'archived' ? '  archived (a churned customer)' : '';
    out.result(`Customer ${shown(customer.email)}  ${shown(customer.id)}${archived}`);
  }
  for (const warning of page.warnings ?? []) out.warn(shown(warning));
  if (page.items.length > 0) {
    for (const line of formatHistoryTable(page.items, out.style)) out.result(line);
  } else if (after) {
    out.result(shown(`No more billing history after ${after}.`));
  } else {
    out.result('No billing history yet: nothing billed.');
  }
  if (next) out.result(`More: ${next}`);
}
