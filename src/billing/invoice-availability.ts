// When a transaction has an invoice PDF: automatically
// collected and completed, or manually collected and billed or completed; never zero-value.
import type { TransactionRecord } from './ports.js';

type Facts = Pick<TransactionRecord, 'status' | 'collectionMode' | 'totals'>;

/** A string of digits in minor units that is above zero; anything else (missing, "0", "-5") is not. */
function isPositive(amount: string | null): boolean {
  return amount !== null && /^\d+$/.test(amount) && /[1-9]/.test(amount);
}

/** Why this transaction has no invoice PDF, in plain words; null when it has one. */
export function invoiceUnavailableReason(txn: Facts): string | null {
  if (!isPositive(txn.totals.subtotal)) {
    return (
      `it is a zero-value transaction (subtotal ${txn.totals.subtotal ?? 'missing'}), such as the one that ` +
      'starts a free trial; zero-value transactions never have an invoice'
    );
  }
  const manual = txn.collectionMode === 'manual';
  if (txn.status === 'completed' || (txn.status === 'billed' && manual)) return null;
  const collection = manual ? 'manually collected (an invoice)' : 'collected automatically';
  const when = manual
    ? 'a manually collected transaction has an invoice once billed or completed'
    : 'an automatically collected transaction has an invoice only once completed';
  return `its status is ${txn.status} and it is ${collection}; ${when}`;
}

/** subtotal > 0 and (completed, or billed with manual collection). */
export function isInvoiceAvailable(txn: Facts): boolean {
  return invoiceUnavailableReason(txn) === null;
}
