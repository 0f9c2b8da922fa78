import { describe, expect, it } from 'vitest';
import { invoiceUnavailableReason, isInvoiceAvailable } from '../../src/billing/index.js';
import { txn } from './fakes.js';

const STATUSES = ['draft', 'ready', 'billed', 'paid', 'completed', 'past_due', 'canceled'];

describe('§4.1 list rule 3: when an invoice PDF exists', () => {
  for (const status of STATUSES) {
    for (const collectionMode of ['automatic', 'manual']) {
      const expected = status === 'completed' || (status === 'billed' && collectionMode === 'manual');
      it(`§4.1 list rule 3: ${status}, ${collectionMode} collection → ${expected ? 'available' : 'none'}`, () => {
        expect(isInvoiceAvailable(txn({ id: 'txn_1', status, collectionMode }))).toBe(expected);
      });
    }
  }

  it('§4.1 list rule 3: never for a zero-value transaction, whatever its status', () => {
    for (const subtotal of ['0', '00', null, '', '-100']) {
      const zero = txn({ id: 'txn_1', status: 'completed', totals: { subtotal } as never });
      expect(isInvoiceAvailable(zero)).toBe(false);
      expect(invoiceUnavailableReason(zero)).toMatch(/zero-value/);
    }
  });

  it('§4.1 list rule 3: the reason names the status and the collection mode', () => {
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
