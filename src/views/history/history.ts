// history's views: who the customer is, the page as a table and the command for the next one; or, in
// --json mode, the billing library's result as it is (nothing else, not even a note on stderr).
import type { HistoryResult } from '../../support-desk/history.js';
import type { Reporter } from '../../terminal/reporter.js';
import { shown } from '../../text/escape.js';
import { formatHistoryTable } from './table.js';

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
