// Shared by the history/invoice end-to-end tests: a custom emulator seed for what the demo data
// lacks, look-ups straight on the wire (not through the code under test), and a temp cache dir.
import type { EmulatorSeed, RunningEmulator } from '../../src/emulator/index.js';
import { currencyTable } from '../../src/paddle-facts/currencies.js';
import { tempDir } from './catalog-files.js';
import { listAll } from './emulator.js';
import { pid } from './subscription-account.mjs';

/** A completed US$10.00 transaction of `customer`, billed on the first of `month` (1–9) 2025. */
export const completedTransaction = (n: number, customer: string, month: number) => ({
  id: pid('txn', n),
  customer_id: customer,
  status: 'completed',
  collection_mode: 'automatic',
  currency_code: 'USD',
  billed_at: `2025-0${month}-01T00:00:00.000Z`,
  created_at: `2025-0${month}-01T00:00:00.000Z`,
  details: { totals: { subtotal: '1000', tax: '0' } },
});

const EDGE_CUSTOMER = pid('ctm', 1);
const OTHER_CUSTOMER = pid('ctm', 2);
const HUGE_SUBTOTAL = '123456789012345678901234';

const totals = (subtotal: string, tax = '0') => ({ totals: { subtotal, tax } });

/** edge@example.com: a huge amount, a 3-decimal currency from the list, automatic billed, zero value. */
export const EDGE_SEED: EmulatorSeed = {
  currencies: [...currencyTable(), { code: 'BHD', decimal_places: 3 }],
  sandbox: {
    customers: [
      { id: EDGE_CUSTOMER, email: 'edge@example.com' },
      { id: OTHER_CUSTOMER, email: 'other@example.com' },
    ],
    transactions: [
      {
        id: pid('txn', 1),
        customer_id: EDGE_CUSTOMER,
        status: 'completed',
        collection_mode: 'automatic',
        currency_code: 'USD',
        billed_at: '2025-01-01T00:00:00.000Z',
        created_at: '2025-01-01T00:00:00.000Z',
        details: totals('0'),
      },
      {
        id: pid('txn', 2),
        customer_id: EDGE_CUSTOMER,
        status: 'billed',
        collection_mode: 'automatic',
        currency_code: 'USD',
        billed_at: '2025-02-01T00:00:00.000Z',
        created_at: '2025-02-01T00:00:00.000Z',
        details: totals('5000', '1000'),
      },
      {
        id: pid('txn', 3),
        customer_id: EDGE_CUSTOMER,
        status: 'billed',
        collection_mode: 'manual',
        currency_code: 'USD',
        billed_at: '2025-03-01T00:00:00.000Z',
        created_at: '2025-03-01T00:00:00.000Z',
        details: totals('0'),
      },
      {
        id: pid('txn', 4),
        customer_id: EDGE_CUSTOMER,
        status: 'completed',
        collection_mode: 'automatic',
        currency_code: 'BHD',
        billed_at: '2025-04-01T00:00:00.000Z',
        created_at: '2025-04-01T00:00:00.000Z',
        details: totals('12345', '1234'),
      },
      {
        id: pid('txn', 5),
        customer_id: EDGE_CUSTOMER,
        status: 'completed',
        collection_mode: 'manual',
        currency_code: 'USD',
        billed_at: '2025-05-01T00:00:00.000Z',
        created_at: '2025-05-01T00:00:00.000Z',
        details: totals(HUGE_SUBTOTAL, '1'),
      },
      {
        id: pid('txn', 6),
        customer_id: OTHER_CUSTOMER,
        status: 'completed',
        collection_mode: 'automatic',
        currency_code: 'EUR',
        billed_at: '2025-06-01T00:00:00.000Z',
        created_at: '2025-06-01T00:00:00.000Z',
        details: totals('1000', '190'),
      },
    ],
  },
};

export async function customerIdOf(emulator: RunningEmulator, email: string): Promise<string> {
  const [customer] = await listAll<{ id: string }>(emulator, `/customers?email=${encodeURIComponent(email)}`);
  if (customer === undefined) throw new Error(`no customer ${email}`);
  return customer.id;
}

export interface WireTransaction {
  id: string;
  status: string;
  collection_mode: string;
  currency_code: string;
  details: { totals: { subtotal: string; grand_total: string } };
}

/** Every transaction of a customer, all statuses, newest first (the API's default order). */
export async function transactionsOf(
  emulator: RunningEmulator,
  customerId: string,
): Promise<WireTransaction[]> {
  return listAll<WireTransaction>(emulator, `/transactions?customer_id=${customerId}&per_page=30`);
}

export function tempCacheHome(): Promise<string> {
  return Promise.resolve(tempDir());
}
