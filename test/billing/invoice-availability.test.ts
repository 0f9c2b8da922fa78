import { describe, expect, it } from 'vitest';
import { invoiceUnavailableReason, isInvoiceAvailable } from '../../src/billing/invoice-availability.js';
import { txn } from './fakes.js';

const STATUSES = ['draft', 'ready', 'billed', 'paid', 'completed', 'past_due', 'canceled'];

describe('transactions list: when an invoice PDF exists', () => {
  for (const status of STATUSES) {
    for (const collectionMode of ['automatic', 'manual']) {
      const expected = status === 'completed' || (status === 'billed' && collectionMode === 'manual');
      it(`transactions list: ${status}, ${collectionMode} collection → ${expected ? 'available' : 'none'}`, () => {
        expect(isInvoiceAvailable(txn({ id: 'txn_1', status, collectionMode }))).toBe(expected);
      });
    }
  }

  it('transactions list: never for a zero-value transaction, whatever its status', () => {
    for (const subtotal of ['0', '00', null, '', '-100']) {
      const zero = txn({ id: 'txn_1', status: 'completed', totals: { subtotal } as never });
      expect(isInvoiceAvailable(zero)).toBe(false);
      expect(invoiceUnavailableReason(zero)).toMatch(/zero-value/);
    }
  });

  it('transactions list: the reason names the status and the collection mode', () => {
    expect(
      invoiceUnavailableReason(txn({ id: 'txn_1', status: 'billed', collectionMode: 'automatic' })),
    ).toBe(
      'its status is billed and it is collected automatically; an automatically collected transaction has an invoice only once completed',
    );
    expect(invoiceUnavailableReason(txn({ id: 'txn_1', status: 'draft', collectionMode: 'manual' }))).toMatch(
      /status is draft .* manually collected .* once billed or completed/,
    );
    expect(invoiceUnavailableReason(txn({ id: 'txn_1' }))).toBeNull();
  });
});
