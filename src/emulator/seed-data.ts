// Built-in demo data (used without --seed): a few customers, one of them demo@example.com with a
// realistic history across every status, both collection modes, several currencies including the
// zero-decimal ones, and the zero-value transaction that starts a free trial; and one churned
// (archived) customer, whom Paddle's customer list shows only when asked. Fixed dates, so the data
// is the same on every start.
import type { AccountSeed, SeedTransaction } from './types.js';

export const DEMO_CUSTOMERS = [
  { email: 'demo@example.com', name: 'Demo Customer' },
  { email: 'alice@example.com', name: 'Alice Martin' },
  { email: 'bob@example.com', name: 'Bob Tanaka' },
  { email: 'churned@example.com', name: 'Casey Moreau', status: 'archived' },
];

type Row = [status: string, mode: string, currency: string, subtotal: string, tax: string, date: string];

// demo@example.com: a trial, two years of monthly renewals, then one-off invoices and the rest
const DEMO_HISTORY: Row[] = [
  ['completed', 'automatic', 'USD', '0', '0', '2024-01-02T09:15:00.000Z'],
  ...Array.from({ length: 18 }, (_, i): Row => {
    const month = String((i % 12) + 1).padStart(2, '0');
    const year = 2024 + Math.floor(i / 12);
    return ['completed', 'automatic', 'USD', '2900', '232', `${year}-${month}-16T09:15:00.000Z`];
  }),
  ['completed', 'automatic', 'EUR', '2500', '475', '2025-07-03T10:00:00.000Z'],
  ['completed', 'automatic', 'GBP', '2200', '440', '2025-07-10T10:00:00.000Z'],
  ['completed', 'automatic', 'JPY', '4800', '480', '2025-07-17T10:00:00.000Z'],
  ['completed', 'automatic', 'KRW', '39000', '3900', '2025-07-24T10:00:00.000Z'],
  ['completed', 'automatic', 'VND', '250000', '25000', '2025-08-01T10:00:00.000Z'],
  ['completed', 'automatic', 'CLP', '9900', '1881', '2025-08-08T10:00:00.000Z'],
  ['completed', 'manual', 'EUR', '120000', '22800', '2025-08-15T10:00:00.000Z'],
  ['paid', 'automatic', 'USD', '2900', '232', '2025-08-16T09:15:00.000Z'],
  ['canceled', 'manual', 'USD', '50000', '4000', '2025-08-20T10:00:00.000Z'],
  ['past_due', 'automatic', 'USD', '2900', '232', '2025-09-16T09:15:00.000Z'],
  ['past_due', 'manual', 'GBP', '80000', '16000', '2025-09-20T10:00:00.000Z'],
  ['billed', 'manual', 'USD', '99900', '7992', '2025-10-01T10:00:00.000Z'],
  ['ready', 'automatic', 'USD', '2900', '232', '2025-10-10T10:00:00.000Z'],
  ['draft', 'automatic', 'EUR', '2500', '475', '2025-10-12T10:00:00.000Z'],
];

const OTHER_HISTORY: Record<string, Row[]> = {
  'alice@example.com': [
    ['completed', 'automatic', 'EUR', '0', '0', '2025-03-01T08:00:00.000Z'],
    ['completed', 'automatic', 'EUR', '4900', '931', '2025-03-15T08:00:00.000Z'],
    ['completed', 'automatic', 'EUR', '4900', '931', '2025-04-15T08:00:00.000Z'],
  ],
  'bob@example.com': [
    ['completed', 'automatic', 'JPY', '1200', '120', '2025-05-05T01:00:00.000Z'],
    ['billed', 'manual', 'GBP', '30000', '6000', '2025-06-01T01:00:00.000Z'],
  ],
  // a trial, two renewals, then gone
  'churned@example.com': [
    ['completed', 'automatic', 'USD', '0', '0', '2024-11-04T12:00:00.000Z'],
    ['completed', 'automatic', 'USD', '2900', '232', '2024-11-18T12:00:00.000Z'],
    ['completed', 'automatic', 'USD', '2900', '232', '2024-12-18T12:00:00.000Z'],
  ],
};

function transaction(
  customerId: string,
  [status, mode, currency, subtotal, tax, date]: Row,
): SeedTransaction {
  const billed = status !== 'draft' && status !== 'ready';
  return {
    customer_id: customerId,
    status,
    collection_mode: mode,
    currency_code: currency,
    created_at: date,
    billed_at: billed ? date : null,
    details: { totals: { subtotal, tax } },
  };
}

/**
 * The demo seed. Customers get fixed ids from their place in the list so transactions can refer
 * to them; ids are assigned in date order when the state is built.
 */
export function demoSeed(customerIds: string[]): AccountSeed {
  const idOf = (email: string) => customerIds[DEMO_CUSTOMERS.findIndex((c) => c.email === email)] as string;
  const transactions = [
    ...DEMO_HISTORY.map((row) => transaction(idOf('demo@example.com'), row)),
    ...Object.entries(OTHER_HISTORY).flatMap(([email, rows]) =>
      rows.map((row) => transaction(idOf(email), row)),
    ),
  ];
  return {
    customers: DEMO_CUSTOMERS.map((c, i) => ({ ...c, id: customerIds[i] })),
    transactions: transactions.sort((a, b) => (a.created_at as string).localeCompare(b.created_at as string)),
  };
}
