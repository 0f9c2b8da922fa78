// The billing view re-checks what the transactions list sent against what it asked for.
import { describe, expect, it } from 'vitest';
import type { TransactionRecord } from '../../src/billing/ports.js';
import { keepRequested } from '../../src/billing/server-filter.js';

const txn = (id: string, customerId: string | null, status: string): TransactionRecord => ({
  id,
  status,
  customerId,
  billedAt: null,
  currencyCode: 'USD',
  collectionMode: 'automatic',
  totals: { subtotal: '100', grandTotal: '100', grandTotalTax: '0' },
});

describe('keepRequested', () => {
  it('history: only the customer asked for, only the statuses the view shows; the rest said', () => {
    const { kept, dropped } = keepRequested(
      [
        txn('txn_1', 'ctm_me', 'completed'),
        txn('txn_2', 'ctm_other', 'completed'),
        txn('txn_3', 'ctm_me', 'draft'),
        txn('txn_4', 'ctm_me', 'ready'),
        txn('txn_5', null, 'paid'),
        txn('txn_6', 'ctm_me', 'past_due'),
      ],
      'ctm_me',
    );
    expect(kept.map((t) => t.id)).toEqual(['txn_1', 'txn_6']);
    expect(dropped).toEqual([
      "transaction txn_2 left out: the server sent another customer's transaction",
      'transaction txn_3 left out: the server sent status draft, which this view never shows',
      'transaction txn_4 left out: the server sent status ready, which this view never shows',
      "transaction txn_5 left out: the server sent another customer's transaction",
    ]);
  });
});
