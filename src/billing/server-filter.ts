// The transactions list is asked for one customer and the statuses the view shows (never drafts or
// ready ones), but a broken or hostile server may ignore its filters. What it sends is checked
// again here: another customer's transaction, or a draft, never reaches the page.
import { HISTORY_STATUSES, type TransactionRecord } from './ports.js';

export interface FilteredPage {
  kept: TransactionRecord[];
  /** one line per transaction left out, saying why (shown as warnings) */
  dropped: string[];
}

export function keepRequested(transactions: readonly TransactionRecord[], customerId: string): FilteredPage {
  const shown: readonly string[] = HISTORY_STATUSES;
  const kept: TransactionRecord[] = [];
  const dropped: string[] = [];
  for (const txn of transactions) {
    if (txn.customerId !== customerId) {
      dropped.push(`transaction ${txn.id} left out: the server sent another customer's transaction`);
    } else if (!shown.includes(txn.status)) {
      dropped.push(
        `transaction ${txn.id} left out: the server sent status ${txn.status}, which this view never shows`,
      );
    } else kept.push(txn);
  }
  return { kept, dropped };
}
