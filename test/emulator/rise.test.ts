// Rehearsing a price rise on the emulator over real HTTP: subscriptions that name their price by
// catalog key and join once the tool's apply made it, subscriptions taken while it runs, previews
// and renewals taxed by the subscription's address, and renewals as the clock passes
// next_billed_at (developer.paddle.com/build/lifecycle/subscription-renewal).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_CATALOG, MARKER_FIELD } from '../../src/catalog/schema.js';
import { type AccountSeed, type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import {
  DEFAULT_CATALOG as EMULATOR_DEFAULT,
  MARKER_FIELD as EMULATOR_FIELD,
  hasMarker,
} from '../../src/emulator/marker.js';
import { keyIn } from '../../src/planner/marker.js';
import { PRO_CATALOG, tempDir, writeCatalog } from '../support/catalog-files.js';
import { call, manualClock } from '../support/emulator.js';
import { FULL_SPEC_FILE, responseValidator } from '../support/openapi.js';
import { runCliInProcess } from '../support/run-cli-in-process.js';
import { KIM, LEE, NOW, pid, sub } from '../support/subscription-account.mjs';

const LEGACY_PRO = pid('pro', 1);
const INCLUSIVE = pid('pri', 1);

const SEED: AccountSeed = {
  customers: [
    { id: KIM, email: 'kim@example.com' },
    { id: LEE, email: 'lee@example.com' },
  ],
  products: [{ id: LEGACY_PRO, name: 'Legacy', tax_category: 'saas' }],
  prices: [
    {
      id: INCLUSIVE,
      product_id: LEGACY_PRO,
      description: 'Legacy monthly, tax included',
      billing_cycle: { interval: 'month', frequency: 1 },
      tax_mode: 'inclusive',
      unit_price: { amount: '1200', currency_code: 'USD' },
    },
  ],
  subscriptions: [
    {
      id: sub(1),
      customer_id: KIM,
      status: 'active',
      currency_code: 'USD',
      address: { country_code: 'DE' },
      next_billed_at: '2026-02-01T00:00:00.000Z',
      items: [{ price_key: 'pro/monthly', quantity: 2 }],
    },
    {
      id: sub(2),
      customer_id: LEE,
      status: 'active',
      currency_code: 'USD',
      address: { country_code: 'FR' },
      next_billed_at: '2026-02-01T00:00:00.000Z',
      items: [{ price_id: INCLUSIVE, quantity: 1 }],
    },
    {
      // its next_billed_at was already past at start: history, not a renewal the clock passes
      id: sub(3),
      customer_id: LEE,
      status: 'active',
      currency_code: 'USD',
      next_billed_at: '2025-12-01T00:00:00.000Z',
      items: [{ price_id: INCLUSIVE, quantity: 1 }],
    },
  ],
};

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startEmulator({ demo: false, seed: { sandbox: SEED }, now: manualClock(NOW).now });
});
beforeEach(() => emulator.reset());
afterAll(() => emulator.close());

const env = () => ({ PADDLE_API_URL: emulator.url, PADDLE_API_KEY: emulator.apiKey });

/** The tool's apply of the Pro catalog (pro/monthly at `amount`), which must succeed. */
async function apply(amount = '1000'): Promise<void> {
  const file = writeCatalog(tempDir(), PRO_CATALOG('Pro', amount));
  const result = await runCliInProcess(['apply', file, '--yes'], { env: env() });
  expect(result.code, result.stderr).toBe(0);
}

const moveClock = (now: string) => call(emulator, 'POST', '/__emulator/clock', { body: { now } });
const getSubscription = (id: string, query = '') => call(emulator, 'GET', `/subscriptions/${id}${query}`);
const renewals = async (id: string) =>
  (await call(emulator, 'GET', `/transactions?subscription_id=${id}&order_by=id[ASC]`)).body;

describe('a subscription item named by catalog key', () => {
  it('waits for its price, then joins with the price the tool’s apply created', async () => {
    expect((await getSubscription(sub(1))).status).toBe(404);
    await apply();
    const prices = (await call(emulator, 'GET', '/prices?per_page=200')).body.data;
    const monthly = prices.find(
      (p: { custom_data: unknown }) => keyIn('default', p.custom_data as never) === 'pro/monthly',
    );
    expect(monthly).toBeDefined();
    const res = await getSubscription(sub(1));
    expect(res.status).toBe(200);
    expect(
      res.body.data.items.map((i: { price: { id: string }; quantity: number }) => [i.price.id, i.quantity]),
    ).toEqual([[monthly.id, 2]]);
    const address = await call(emulator, 'GET', `/customers/${KIM}/addresses/${res.body.data.address_id}`);
    expect(address.body.data).toMatchObject({ customer_id: KIM, country_code: 'DE', status: 'active' });
  });

  it('the emulator reads the marker as the tool writes it', () => {
    expect([EMULATOR_FIELD, EMULATOR_DEFAULT]).toEqual([MARKER_FIELD, DEFAULT_CATALOG]);
    const cases = [
      { [MARKER_FIELD]: { key: 'pro/monthly' } },
      { [MARKER_FIELD]: { key: 'pro/monthly', catalog: 'billing' } },
      { [MARKER_FIELD]: { key: 'pro/yearly' } },
      { other: 1 },
    ];
    for (const customData of cases) {
      for (const catalog of ['default', 'billing']) {
        expect(hasMarker({ custom_data: customData }, 'pro/monthly', catalog)).toBe(
          keyIn(catalog, customData) === 'pro/monthly',
        );
      }
    }
  });
});

describe('POST /__emulator/subscriptions takes subscriptions while the emulator runs', () => {
  it('adds one whose price exists and keeps one whose key names none pending', async () => {
    await apply();
    const res = await call(emulator, 'POST', '/__emulator/subscriptions', {
      body: {
        customers: [{ id: pid('ctm', 9), email: 'new@example.com' }],
        subscriptions: [
          {
            customer_id: pid('ctm', 9),
            status: 'active',
            currency_code: 'USD',
            address: { country_code: 'GB' },
            items: [{ price_key: 'pro/monthly', quantity: 1 }],
          },
          {
            customer_id: KIM,
            status: 'active',
            currency_code: 'USD',
            items: [{ price_key: 'team/monthly' }],
          },
        ],
      },
    });
    expect(res.status).toBe(200);
    const [added, pending] = res.body.subscriptions;
    expect([added.status, pending.status]).toEqual(['added', 'pending']);
    const taken = (await getSubscription(added.id)).body.data;
    // dated by the emulator's clock: it bills a month from now
    expect([taken.created_at, taken.next_billed_at]).toEqual([NOW, '2026-02-15T12:00:00.000Z']);
    expect((await getSubscription(pending.id)).status).toBe(404);
  });

  it('refuses the whole body when a subscription names a customer the account lacks', async () => {
    const before = (await call(emulator, 'GET', '/subscriptions')).body.data.length;
    const res = await call(emulator, 'POST', '/__emulator/subscriptions', {
      body: {
        subscriptions: [
          { customer_id: KIM, status: 'active', currency_code: 'USD', items: [{ price_id: INCLUSIVE }] },
          {
            customer_id: pid('ctm', 8),
            status: 'active',
            currency_code: 'USD',
            items: [{ price_id: INCLUSIVE }],
          },
        ],
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.detail).toContain(`no customer ${pid('ctm', 8)}`);
    expect((await call(emulator, 'GET', '/subscriptions')).body.data.length).toBe(before);
  });
});

describe('a subscription is taxed by its address', () => {
  it('its next transaction adds tax to an exclusive price in Germany', async () => {
    await apply();
    const res = await getSubscription(sub(1), '?include=next_transaction,recurring_transaction_details');
    const next = res.body.data.next_transaction.details;
    expect(next.totals).toMatchObject({ subtotal: '2000', tax: '380', total: '2380', grand_total: '2380' });
    expect(next.line_items[0]).toMatchObject({
      tax_rate: '0.19',
      unit_totals: { subtotal: '1000', tax: '190', total: '1190' },
    });
    expect(res.body.data.recurring_transaction_details.tax_rates_used).toEqual([
      { tax_rate: '0.19', totals: { subtotal: '2000', discount: '0', tax: '380', total: '2380' } },
    ]);
  });

  it('an inclusive price holds its tax in France, and a change’s preview is taxed there too', async () => {
    const next = (await getSubscription(sub(2), '?include=next_transaction')).body.data.next_transaction
      .details;
    expect(next.totals).toMatchObject({ subtotal: '1000', tax: '200', total: '1200' });
    const preview = await call(emulator, 'PATCH', `/subscriptions/${sub(2)}/preview`, {
      body: { items: [{ price_id: INCLUSIVE, quantity: 2 }], proration_billing_mode: 'full_immediately' },
    });
    expect(preview.status).toBe(200);
    expect(preview.body.data.immediate_transaction.details.totals).toMatchObject({
      subtotal: '1000',
      tax: '200',
      total: '1200',
    });
    expect(preview.body.data.update_summary.charge.amount).toBe('1200');
  });
});

describe('the clock renews what it passes', () => {
  it('renews several periods at once, each a completed transaction taxed by the address', async () => {
    await apply();
    await moveClock('2026-04-15T00:00:00.000Z');
    const renewed = (await getSubscription(sub(1))).body.data;
    expect(renewed.next_billed_at).toBe('2026-05-01T00:00:00.000Z');
    expect(renewed.current_billing_period).toEqual({
      starts_at: '2026-04-01T00:00:00.000Z',
      ends_at: '2026-05-01T00:00:00.000Z',
    });
    expect(renewed.items[0]).toMatchObject({
      previously_billed_at: '2026-04-01T00:00:00.000Z',
      next_billed_at: '2026-05-01T00:00:00.000Z',
    });
    const list = await renewals(sub(1));
    expect(responseValidator(FULL_SPEC_FILE).check('GET', '/transactions', 200, list)).toEqual([]);
    expect(
      list.data.map((t: { billing_period: { starts_at: string } }) => t.billing_period.starts_at),
    ).toEqual(['2026-02-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z', '2026-04-01T00:00:00.000Z']);
    for (const t of list.data) {
      expect(t).toMatchObject({
        status: 'completed',
        origin: 'subscription_recurring',
        address_id: renewed.address_id,
      });
      expect(t.details.totals).toMatchObject({ subtotal: '2000', tax: '380', total: '2380', balance: '0' });
      expect(t.details.line_items[0].tax_rate).toBe('0.19');
    }
  });

  it('bills each renewal at the items’ prices then: a rise the tool applies shows from the next renewal', async () => {
    await apply();
    await moveClock('2026-02-10T00:00:00.000Z');
    // the rise: a new price takes pro/monthly's subscribers (do_not_bill: the next renewal bills it)
    const risen = PRO_CATALOG().replace(
      '      yearly:',
      `      monthly-2027:
        description: Pro monthly (2027)
        unit_price: { amount: "1200", currency_code: USD }
        billing_cycle: { interval: month, frequency: 1 }
        subscribers_from: [monthly]
      yearly:`,
    );
    const file = writeCatalog(tempDir(), risen);
    const result = await runCliInProcess(['apply', file, '--yes', '--allow-subscriber-moves'], {
      env: env(),
    });
    expect(result.code, result.stderr).toBe(0);
    await moveClock('2026-03-10T00:00:00.000Z');
    const totals = (await renewals(sub(1))).data.map(
      (t: { details: { totals: { total: string } } }) => t.details.totals.total,
    );
    // 2 × 1000 and 2 × 1200, each with Germany's 19% on top
    expect(totals).toEqual(['2380', '2856']);
  });

  it('leaves a next_billed_at that was past at start, and renews nothing when the clock stays', async () => {
    await getSubscription(sub(3));
    expect((await renewals(sub(2))).data).toEqual([]);
    await moveClock('2026-02-01T00:00:00.000Z');
    expect((await getSubscription(sub(3))).body.data.next_billed_at).toBe('2025-12-01T00:00:00.000Z');
    expect((await renewals(sub(3))).data).toEqual([]);
    expect((await renewals(sub(2))).data).toHaveLength(1);
  });
});
