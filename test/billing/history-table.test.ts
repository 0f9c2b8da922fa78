import { Chalk } from 'chalk';
import { describe, expect, it } from 'vitest';
import { displayWidth, formatHistoryTable } from '../../src/views/history/table.js';

const plain = new Chalk({ level: 0 });

describe('history table', () => {
  it('has a header, one row per item, amounts right-aligned, invoice yes/no', () => {
    const lines = formatHistoryTable(
      [
        {
          id: 'txn_02',
          billedAt: '2024-05-01T10:00:00Z',
          status: 'completed',
          amount: '$1,234.56',
          tax: '$1.00',
          invoiceAvailable: true,
        },
        {
          id: 'txn_01',
          billedAt: null,
          status: 'past_due',
          amount: '$9.00',
          tax: '$0.00',
          invoiceAvailable: false,
        },
      ],
      plain,
    );
    expect(lines).toEqual([
      'Billed      Status        Amount    Tax  Invoice  Transaction',
      '2024-05-01  completed  $1,234.56  $1.00  yes      txn_02',
      '—           past_due       $9.00  $0.00  no       txn_01',
    ]);
  });

  it('counts fullwidth currency signs as two columns', () => {
    expect(displayWidth('￥1,200')).toBe(7);
    expect(displayWidth('$1,200')).toBe(6);
  });
});
