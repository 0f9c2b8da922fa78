// The demo data's subscriptions: each demo customer's automatically-collected transactions in one
// currency are the renewals of one subscription, which they name (subscription_id), as Paddle's
// recurring transactions do. Statuses vary so every filter and count has something to find.
import type { IdFactory } from './ids.js';
import { addCycles } from './renewal-schedule.js';
import type { AccountState } from './state.js';
import { expandSubscription } from './subscription-shape.js';
import type { WireRecord } from './types.js';

type DemoSubscription = [email: string, currency: string, status: string, scheduled?: string];

const DEMO_SUBSCRIPTIONS: DemoSubscription[] = [
  ['demo@example.com', 'USD', 'past_due'],
  ['demo@example.com', 'EUR', 'active'],
  ['demo@example.com', 'GBP', 'active', 'cancel'],
  ['demo@example.com', 'JPY', 'paused'],
  ['demo@example.com', 'KRW', 'active'],
  ['demo@example.com', 'VND', 'trialing'],
  ['demo@example.com', 'CLP', 'active'],
  ['alice@example.com', 'EUR', 'active'],
  ['bob@example.com', 'JPY', 'active'],
  ['churned@example.com', 'USD', 'canceled'],
];

const MONTHLY = { interval: 'month', frequency: 1 };

/** The short form of one demo subscription, dated from its renewals. */
function shortForm(row: DemoSubscription, customerId: string, renewals: WireRecord[]): WireRecord {
  const [, currency, status, scheduled] = row;
  const first = renewals[0] as WireRecord;
  const last = renewals[renewals.length - 1] as WireRecord;
  const ended = addCycles(last.created_at, MONTHLY);
  return {
    customer_id: customerId,
    status,
    currency_code: currency,
    created_at: first.created_at,
    updated_at: last.created_at,
    items: [{ price_id: last.items[0].price.id, quantity: 1 }],
    ...(status === 'paused' || status === 'canceled'
      ? { [`${status}_at`]: ended }
      : { next_billed_at: ended }),
    ...(scheduled ? { scheduled_change: { action: scheduled } } : {}),
  };
}

/** Adds the demo subscriptions to a state that holds the demo customers and transactions. */
export function addDemoSubscriptions(state: AccountState, ids: IdFactory): void {
  for (const row of DEMO_SUBSCRIPTIONS) {
    const [email, currency] = row;
    const customer = state.customers.all().find((c) => c.email === email);
    if (!customer) continue;
    const renewals = state.transactions
      .all()
      .filter(
        (t) =>
          t.customer_id === customer.id && t.currency_code === currency && t.collection_mode === 'automatic',
      )
      .toSorted((a, b) => String(a.created_at).localeCompare(String(b.created_at)));
    const last = renewals[renewals.length - 1];
    if (!last) continue;
    const price = last.items[0].price as WireRecord;
    const product = last.details.line_items[0].product as WireRecord;
    const catalog = { price: () => price, product: () => product };
    const subscription = expandSubscription(
      shortForm(row, customer.id, renewals),
      catalog,
      ids,
      last.created_at,
    );
    state.subscriptions.insert(subscription);
    for (const renewal of renewals) renewal.subscription_id = subscription.id;
  }
}
