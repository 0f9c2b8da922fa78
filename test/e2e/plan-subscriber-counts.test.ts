// How many requests the review's subscriber counts cost, through the CLI in-process against the
// emulator: the subscriptions of every price a plan changes come from one listing filtered by a
// comma-separated price_id and status list (https://developer.paddle.com/api-reference/subscriptions/list-subscriptions),
// so a plan of 60 changed prices in an account with no subscriptions asks once, not 240 times;
// the counts stay exact by price and status.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type AccountSeed, type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { tempDir, writeCatalog } from '../support/catalog-files.js';
import { runCliInProcess } from '../support/run-cli-in-process.js';
import { managedPrice, pid, SEED, subscription } from '../support/subscription-account.mjs';

const PRICES = 60;
const items = (prices: number[]) => prices.map((p) => ({ price_id: pid('pri', p), quantity: 1 }));

const seedPrice = (n: number) => managedPrice(pid('pri', n), `pro/p${n}`, `Price ${n}`);

const numbers = (count: number) => Array.from({ length: count }, (_, i) => i + 1);

/** The subscriptions account's customer and product, with 60 managed prices of its own. */
const seed = (subscriptions: unknown[]) =>
  ({ ...SEED, prices: numbers(PRICES).map(seedPrice), subscriptions }) as AccountSeed;

/** Every price's description changed: 60 updates, none of them what a customer pays (no previews). */
const CATALOG = `version: 1
products:
  pro:
    name: Pro
    tax_category: saas
    prices:
${numbers(PRICES)
  .map(
    (n) => `      p${n}:
        description: Price ${n} (2027)
        unit_price: { amount: "1000", currency_code: USD }
        billing_cycle: { interval: month, frequency: 1 }`,
  )
  .join('\n')}
`;

let emulator: RunningEmulator;
let dir: string;
const subscriptionRequests = () => emulator.requests().filter((r) => r.path === '/subscriptions');

async function planJson() {
  const file = writeCatalog(dir, CATALOG);
  const run = await runCliInProcess(['--json', 'plan', file], {
    env: { PADDLE_API_URL: emulator.url, PADDLE_API_KEY: emulator.apiKey },
  });
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout);
}

const subscribersOf = (plan: { changes: Array<{ key: string; subscribers?: unknown }> }, key: string) =>
  plan.changes.find((change) => change.key === key)?.subscribers;

describe('subscriber counts of a plan', { timeout: 60_000 }, () => {
  beforeAll(() => {
    dir = tempDir();
  });
  afterEach(() => emulator.close());

  it('a plan of 60 changed prices in an account with no subscriptions asks once, all prices and statuses in one list', async () => {
    emulator = await startEmulator({ demo: false, seed: { sandbox: seed([]) } });
    const plan = await planJson();
    expect(subscribersOf(plan, 'pro/p60')).toEqual({ active: 0, trialing: 0, past_due: 0, paused: 0 });
    const sent = subscriptionRequests();
    expect(sent.length).toBe(1);
    expect(sent[0]?.query.price_id?.split(',')).toHaveLength(PRICES);
    expect(sent[0]?.query.status).toBe('active,trialing,past_due,paused');
  });

  it('the counts are exact by price and status: one count and one page for a few subscriptions', async () => {
    const subscriptions = [
      subscription(1, { items: items([1, 2]) }),
      subscription(2, { status: 'paused', items: items([1]) }),
      subscription(3, { status: 'canceled', items: items([1]) }),
      subscription(4, { status: 'trialing', items: items([60]) }),
      subscription(5, { status: 'past_due', items: items([60]) }),
    ];
    emulator = await startEmulator({ demo: false, seed: { sandbox: seed(subscriptions) } });
    const plan = await planJson();
    expect(subscribersOf(plan, 'pro/p1')).toEqual({ active: 1, trialing: 0, past_due: 0, paused: 1 });
    expect(subscribersOf(plan, 'pro/p2')).toEqual({ active: 1, trialing: 0, past_due: 0, paused: 0 });
    expect(subscribersOf(plan, 'pro/p3')).toEqual({ active: 0, trialing: 0, past_due: 0, paused: 0 });
    expect(subscribersOf(plan, 'pro/p60')).toEqual({ active: 0, trialing: 1, past_due: 1, paused: 0 });
    expect(subscriptionRequests().map((r) => r.query.per_page)).toEqual(['1', '200']);
  });
});
