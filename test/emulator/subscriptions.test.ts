// Subscriptions in the emulator over real HTTP: Paddle's list filters and counts, and changing items
// with the errors Paddle's error reference documents (developer.paddle.com/errors/subscriptions/…).
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { SUBSCRIPTION_STATUSES } from '../../src/paddle-facts/subscriptions.js';
import { tempDir } from '../support/catalog-files.js';
import { call, startSubscriptionEmulator } from '../support/emulator.js';
import {
  ADDON,
  CARDLESS,
  KIM,
  LEGACY,
  MONTHLY,
  NOW,
  PRO,
  SEAT,
  SUBSCRIPTION_SEED,
  SUBSCRIPTIONS,
  sub,
  YEARLY,
} from '../support/subscription-account.mjs';

let emulator: RunningEmulator;

beforeAll(async () => {
  emulator = await startSubscriptionEmulator();
});
beforeEach(() => emulator.reset());
afterAll(() => emulator.close());

const total = async (query: string) =>
  (await call(emulator, 'GET', `/subscriptions?per_page=1&${query}`)).body.meta.pagination.estimated_total;

const patch = (id: string, body: unknown, preview = false) =>
  call(emulator, 'PATCH', `/subscriptions/${id}${preview ? '/preview' : ''}`, { body });

describe('GET /subscriptions counts as Paddle does', () => {
  it('estimated_total matches the seeded subscriptions for each status and price', async () => {
    for (const price of [MONTHLY, YEARLY, SEAT, LEGACY, CARDLESS, ADDON]) {
      for (const status of SUBSCRIPTION_STATUSES) {
        const expected = SUBSCRIPTIONS.filter(
          (s) => s.status === status && s.items.some((i) => i.price_id === price),
        ).length;
        expect(await total(`price_id=${price}&status=${status}`), `${price} ${status}`).toBe(expected);
      }
    }
    const live = SUBSCRIPTIONS.filter(
      (s) => s.status !== 'canceled' && s.items.some((i) => i.price_id === MONTHLY),
    );
    expect(await total(`price_id=${MONTHLY}&status=active,trialing,past_due,paused`)).toBe(live.length);
    // price_id is a comma-separated list too, sent encoded (%2C) as the SDK sends it: any of the prices
    const on = (...prices: string[]) =>
      SUBSCRIPTIONS.filter((s) => s.items.some((i) => prices.includes(i.price_id))).length;
    expect(on(MONTHLY, YEARLY)).toBeGreaterThan(on(MONTHLY));
    expect(await total(`price_id=${MONTHLY}%2C${YEARLY}`)).toBe(on(MONTHLY, YEARLY));
  });

  it('lists every status unless asked, newest id first, and pages with next', async () => {
    const first = await call(emulator, 'GET', '/subscriptions?per_page=4');
    expect(first.body.meta.pagination).toMatchObject({ per_page: 4, has_more: true, estimated_total: 11 });
    expect(first.body.data.map((s: { id: string }) => s.id)).toEqual([sub(11), sub(10), sub(9), sub(8)]);
    const next = first.body.meta.pagination.next.slice(emulator.url.length);
    const second = await call(emulator, 'GET', next);
    expect(second.body.data[0].id).toBe(sub(7));
    const ascending = await call(emulator, 'GET', '/subscriptions?order_by=id[ASC]&per_page=1');
    expect(ascending.body.data[0].id).toBe(sub(1));
  });

  it('filters by customer, id, collection mode, scheduled change and address', async () => {
    expect(await total(`customer_id=${KIM}`)).toBe(SUBSCRIPTIONS.filter((s) => s.customer_id === KIM).length);
    expect(await total(`id=${sub(1)},${sub(2)}`)).toBe(2);
    expect(await total('collection_mode=manual')).toBe(1);
    expect(await total('scheduled_change_action=cancel,pause')).toBe(2);
    expect(await total('scheduled_change_action=resume')).toBe(1);
    const one = (await call(emulator, 'GET', `/subscriptions/${sub(1)}`)).body.data;
    expect(await total(`address_id=${one.address_id}`)).toBe(1);
  });

  it('answers -1 when counting is skipped, and refuses a status Paddle does not have', async () => {
    const skipped = await call(emulator, 'GET', '/subscriptions?per_page=1', {
      headers: { 'skip-count': 'true' },
    });
    expect(skipped.body.meta.pagination.estimated_total).toBe(-1);
    const bad = await call(emulator, 'GET', '/subscriptions?status=expired');
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('invalid_field');
  });
});

describe('PATCH /subscriptions/{id} changes items', () => {
  it('replaces a price and keeps the other items, their quantities and price snapshots', async () => {
    const before = (await call(emulator, 'GET', `/subscriptions/${sub(1)}`)).body.data;
    const res = await patch(sub(1), {
      items: [{ price_id: YEARLY, quantity: 1 }, { price_id: SEAT }],
      proration_billing_mode: 'prorated_immediately',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const items = res.body.data.items;
    expect(items.map((i: { price: { id: string }; quantity: number }) => [i.price.id, i.quantity])).toEqual([
      [YEARLY, 1],
      [SEAT, 5],
    ]);
    expect(items[1]).toEqual(before.items[1]);
    expect(items[0].created_at).toBe(NOW);
    expect(await total(`price_id=${MONTHLY}&status=active`)).toBe(3);
    expect(await total(`price_id=${YEARLY}&status=active`)).toBe(1);
  });

  it('a preview changes nothing and says what the change bills', async () => {
    const res = await patch(
      sub(1),
      {
        items: [
          { price_id: MONTHLY, quantity: 2 },
          { price_id: SEAT, quantity: 5 },
        ],
        proration_billing_mode: 'full_immediately',
      },
      true,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.items[0].quantity).toBe(2);
    expect(res.body.data.update_summary.charge).toEqual({ amount: '2400', currency_code: 'USD' });
    expect(res.body.data.immediate_transaction.details.totals.grand_total).toBe('2400');
    expect(res.body.data.recurring_transaction_details.totals.total).toBe(String(2 * 2400 + 5 * 500));
    const after = (await call(emulator, 'GET', `/subscriptions/${sub(1)}`)).body.data;
    expect(after.items[0].quantity).toBe(1);
  });

  it('a preview takes a non-catalog price (OpenAPI subscription_item_create_with_price) and bills its amount; an update with one is refused', async () => {
    const price = {
      description: 'Pro monthly 2027',
      product_id: PRO,
      billing_cycle: { interval: 'month', frequency: 1 },
      unit_price: { amount: '2900', currency_code: 'USD' },
    };
    const body = {
      items: [{ price, quantity: 1 }, { price_id: SEAT }],
      proration_billing_mode: 'do_not_bill',
    };
    const res = await patch(sub(1), body, true);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const next = res.body.data.next_transaction.details;
    expect(next.totals.grand_total).toBe(String(2900 + 5 * 500));
    // "null for custom prices being previewed" (transaction_preview_line_item.price_id)
    expect(next.line_items[0].price_id).toBeNull();
    expect(res.body.data.items[0].price).toMatchObject({ type: 'custom', description: 'Pro monthly 2027' });
    expect(res.body.data.items[0].price.id).toBeUndefined();
    const made = await patch(sub(1), body);
    expect(made.status).toBe(400);
    expect(made.body.error.errors[0].field).toBe('items[0].price');
    expect(made.headers.get('x-emulator-hint')).toContain('does not add one');
  });

  it('a non-catalog price in a preview is checked as a price create', async () => {
    const res = await patch(
      sub(1),
      {
        items: [{ price: { description: 'No amount', product_id: PRO }, quantity: 1 }],
        proration_billing_mode: 'do_not_bill',
      },
      true,
    );
    expect(res.status).toBe(400);
    expect(res.body.error.errors[0].field).toMatch(/^items\[0\]\.price\./);
  });

  it('a non-catalog price of a non-catalog product is not previewed, with a hint saying so', async () => {
    const price = {
      description: 'New',
      product: { name: 'New', tax_category: 'saas' },
      billing_cycle: { interval: 'month', frequency: 1 },
      unit_price: { amount: '100', currency_code: 'USD' },
    };
    const res = await patch(
      sub(1),
      { items: [{ price, quantity: 1 }], proration_billing_mode: 'do_not_bill' },
      true,
    );
    expect(res.status).toBe(400);
    expect(res.body.error.errors[0].field).toBe('items[0].price.product');
    expect(res.headers.get('x-emulator-hint')).toContain('existing product only');
  });

  it('keeps an archived price on the subscriptions that have it, and refuses adding it', async () => {
    const kept = await patch(sub(7), {
      items: [{ price_id: LEGACY, quantity: 3 }],
      proration_billing_mode: 'do_not_bill',
    });
    expect(kept.status).toBe(200);
    const added = await patch(sub(2), {
      items: [{ price_id: LEGACY }],
      proration_billing_mode: 'do_not_bill',
    });
    expect(added.body.error.code).toBe('entity_archived');
  });

  it('needs proration_billing_mode with items, one of Paddle’s five', async () => {
    const missing = await patch(sub(2), { items: [{ price_id: MONTHLY, quantity: 2 }] });
    expect(missing.status).toBe(400);
    expect(missing.body.error.errors[0].field).toBe('proration_billing_mode');
    const wrong = await patch(sub(2), { items: [{ price_id: MONTHLY }], proration_billing_mode: 'later' });
    expect(wrong.body.error.errors[0].field).toBe('proration_billing_mode');
  });
});

// each refusal Paddle documents is held to its documented answer in test/contract/subscriptions.test.ts
describe('what Paddle lets change', () => {
  const items = [{ price_id: ADDON, quantity: 1 }];
  it('items may change on a subscription with a scheduled pause or cancel (changelog 2025-04-14)', async () => {
    const res = await patch(sub(10), { items, proration_billing_mode: 'prorated_immediately' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.scheduled_change.action).toBe('pause');
  });

  it('a cardless trial may change when nothing is charged now', async () => {
    const res = await patch(sub(3), { items, proration_billing_mode: 'do_not_bill' });
    expect(res.status).toBe(200);
  });
});

describe('permissions as Paddle’s', () => {
  it('subscription.read lists, gets and previews; only subscription.write updates', async () => {
    const reader = emulator.addApiKey(['subscription.read']);
    expect((await call(emulator, 'GET', '/subscriptions', { key: reader })).status).toBe(200);
    const body = { items: [{ price_id: MONTHLY, quantity: 2 }], proration_billing_mode: 'do_not_bill' };
    expect(
      (await call(emulator, 'PATCH', `/subscriptions/${sub(2)}/preview`, { key: reader, body })).status,
    ).toBe(200);
    expect((await call(emulator, 'PATCH', `/subscriptions/${sub(2)}`, { key: reader, body })).status).toBe(
      403,
    );
    const none = emulator.addApiKey(['price.read']);
    expect((await call(emulator, 'GET', '/subscriptions', { key: none })).status).toBe(403);
  });
});

describe('the demo data’s subscriptions', () => {
  it('every recurring demo transaction names a subscription of its customer', async () => {
    const demo = await startEmulator();
    try {
      const subs = (await call(demo, 'GET', '/subscriptions?per_page=200')).body.data;
      expect(subs.length).toBeGreaterThan(5);
      const byId = new Map(subs.map((s: { id: string }) => [s.id, s]));
      const txns = (await call(demo, 'GET', '/transactions?origin=subscription_recurring&per_page=30')).body;
      expect(txns.data.length).toBeGreaterThan(0);
      for (const t of txns.data) {
        const owner = byId.get(t.subscription_id) as
          | { customer_id: string; currency_code: string }
          | undefined;
        expect(owner, t.id).toMatchObject({ customer_id: t.customer_id, currency_code: t.currency_code });
      }
    } finally {
      await demo.close();
    }
  });
});

describe('saved state', () => {
  it('a changed subscription survives a restart, kept as Paddle’s record', async () => {
    const folder = tempDir();
    const statePath = join(folder, 'state.json');
    try {
      const first = await startEmulator({ demo: false, seed: { sandbox: SUBSCRIPTION_SEED }, statePath });
      const body = { items: [{ price_id: SEAT, quantity: 9 }], proration_billing_mode: 'do_not_bill' };
      const changed = await call(first, 'PATCH', `/subscriptions/${sub(2)}`, { body });
      await first.close();
      const second = await startEmulator({ statePath });
      try {
        const again = await call(second, 'GET', `/subscriptions/${sub(2)}`, { key: first.apiKey });
        expect(again.body.data).toEqual(changed.body.data);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
