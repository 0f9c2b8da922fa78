// Saved state (statePath / --state): both accounts and the keys survive a restart; the file is
// written after every change; a corrupt or unreadable file is an error and is left alone.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { UserError } from '../../src/errors.js';
import { tempDir } from '../support/catalog-files.js';
import { call, priceBody, productBody } from '../support/emulator.js';

const open: RunningEmulator[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((e) => e.close()));
});

async function start(statePath: string, extra: Parameters<typeof startEmulator>[0] = {}) {
  const emulator = await startEmulator({ statePath, ...extra });
  open.push(emulator);
  return emulator;
}

const stateFile = () => join(tempDir(), 'state.json');

describe('saved state', () => {
  it('products, prices, customers, transactions and both keys survive a restart', async () => {
    const file = stateFile();
    const first = await start(file);
    const pro = (await call(first, 'POST', '/products', { body: productBody() })).body.data;
    const pri = (await call(first, 'POST', '/prices', { body: priceBody(pro.id) })).body.data;
    const ctm = (await call(first, 'POST', '/customers', { body: { email: 'kept@example.com' } })).body.data;
    const livePro = (
      await call(first, 'POST', '/products', { key: first.liveApiKey, body: productBody({ name: 'Live' }) })
    ).body.data;
    const extraKey = first.addApiKey(['product.read']);
    const transactions = (await call(first, 'GET', '/transactions?per_page=30')).body.data;
    await first.close();
    open.length = 0;

    const second = await start(file);
    expect([second.apiKey, second.liveApiKey]).toEqual([first.apiKey, first.liveApiKey]);
    expect((await call(second, 'GET', `/products/${pro.id}`)).body.data).toEqual(pro);
    expect((await call(second, 'GET', `/prices/${pri.id}`)).body.data).toEqual(pri);
    expect((await call(second, 'GET', `/customers/${ctm.id}`)).body.data).toEqual(ctm);
    expect((await call(second, 'GET', '/transactions?per_page=30')).body.data).toEqual(transactions);
    expect(
      (await call(second, 'GET', `/products/${livePro.id}`, { key: second.liveApiKey })).body.data,
    ).toEqual(livePro);
    expect((await call(second, 'GET', `/products/${livePro.id}`)).status).toBe(404);
    expect((await call(second, 'GET', '/products', { key: extraKey })).status).toBe(200);
    // new ids still sort after the saved ones
    const next = (await call(second, 'POST', '/products', { body: productBody({ name: 'Next' }) })).body.data;
    expect(next.id > pro.id).toBe(true);
  });

  it('notification settings (their secrets too), discount groups and a discount’s group survive a restart; a deleted setting stays gone', async () => {
    const file = stateFile();
    const first = await start(file);
    const setting = {
      description: 'App webhooks',
      type: 'url',
      destination: 'https://example.com/hooks',
      subscribed_events: ['subscription.updated'],
    };
    const kept = (await call(first, 'POST', '/notification-settings', { body: setting })).body.data;
    const gone = (
      await call(first, 'POST', '/notification-settings', {
        body: { ...setting, destination: 'https://example.com/gone' },
      })
    ).body.data;
    await call(first, 'DELETE', `/notification-settings/${gone.id}`);
    const group = (await call(first, 'POST', '/discount-groups', { body: { name: 'Launch' } })).body.data;
    const discount = (
      await call(first, 'POST', '/discounts', {
        body: { description: 'Launch', type: 'percentage', amount: '10', discount_group_id: group.id },
      })
    ).body.data;
    await first.close();
    open.length = 0;

    const second = await start(file);
    expect((await call(second, 'GET', `/notification-settings/${kept.id}`)).body.data).toEqual(kept);
    expect((await call(second, 'GET', `/notification-settings/${gone.id}`)).status).toBe(404);
    expect((await call(second, 'GET', `/discount-groups/${group.id}`)).body.data).toEqual(group);
    expect((await call(second, 'GET', `/discounts/${discount.id}`)).body.data).toEqual(discount);
    // the name is still taken after the restart
    expect((await call(second, 'POST', '/discount-groups', { body: { name: 'Launch' } })).status).toBe(409);
  });

  it('is written before a write is answered, so a kill right after loses nothing', async () => {
    const file = stateFile();
    const emulator = await start(file);
    const pro = (await call(emulator, 'POST', '/products', { body: productBody() })).body.data;
    const saved = JSON.parse(readFileSync(file, 'utf8'));
    expect(saved.sandbox.products.map((p: { id: string }) => p.id)).toContain(pro.id);
    expect(saved.api_key).toBe(emulator.apiKey);
    expect(saved.live_api_key).toBe(emulator.liveApiKey);
    // atomic: no temporary file is left beside it (only the running emulator's lock)
    expect(readdirSync(join(file, '..')).sort()).toEqual(['state.json', 'state.json.lock']);
  });

  it('keeps the account settings; flags given at the next start win', async () => {
    const file = stateFile();
    await (await start(file, { cardlessTrials: true, approvedTaxCategories: ['ebooks'] })).close();
    open.length = 0;
    const saved = JSON.parse(readFileSync(file, 'utf8'));
    expect(saved.live).toMatchObject({ cardless_trials: true, approved_tax_categories: ['ebooks'] });
    const again = await start(file);
    expect(
      (await call(again, 'POST', '/products', { body: productBody({ tax_category: 'ebooks' }) })).status,
    ).toBe(201);
    await again.close();
    open.length = 0;
    const narrowed = await start(file, { approvedTaxCategories: [] });
    const refused = await call(narrowed, 'POST', '/products', {
      body: productBody({ tax_category: 'ebooks' }),
    });
    expect(refused.body.error.code).toBe('product_tax_category_not_approved');
  });

  it('a saved file loads instead of the seed and demo data', async () => {
    const file = stateFile();
    await (await start(file, { demo: false })).close();
    open.length = 0;
    const again = await start(file, { seed: { sandbox: { customers: [{ email: 'seed@example.com' }] } } });
    expect((await call(again, 'GET', '/customers')).body.data).toEqual([]);
  });

  it('a corrupt state file is a clear error and is left as it was', async () => {
    const file = stateFile();
    writeFileSync(file, '{"format": "paddle-catalog-emulator-state", "versi');
    await expect(startEmulator({ statePath: file })).rejects.toThrow(UserError);
    await expect(startEmulator({ statePath: file })).rejects.toThrow(
      /state file .*state\.json is not valid JSON/,
    );
    expect(readFileSync(file, 'utf8')).toBe('{"format": "paddle-catalog-emulator-state", "versi');
  });

  it('a JSON file that is not a saved state is refused, naming the field', async () => {
    const file = stateFile();
    writeFileSync(file, JSON.stringify({ products: [] }));
    await expect(startEmulator({ statePath: file })).rejects.toThrow(
      /state file .* is not valid:[\s\S]*format/,
    );
    expect(readFileSync(file, 'utf8')).toBe('{"products":[]}');
  });

  it('an unreadable state file is a clear error', async () => {
    const dir = tempDir();
    await expect(startEmulator({ statePath: dir })).rejects.toThrow(/Cannot read the state file .*EISDIR/);
  });

  it('a subscription waiting for the price its key names still waits after a restart, then joins', async () => {
    const file = stateFile();
    const pending = {
      id: 'sub_01h00000000000000000000001',
      customer_id: 'ctm_01h00000000000000000000001',
      status: 'active',
      currency_code: 'USD',
      items: [{ price_key: 'pro/monthly', quantity: 1 }],
    };
    const seed = {
      sandbox: {
        customers: [{ id: pending.customer_id, email: 'kim@example.com' }],
        subscriptions: [pending],
      },
    };
    await (await start(file, { seed, demo: false })).close();
    open.length = 0;
    const second = await start(file);
    expect((await call(second, 'GET', `/subscriptions/${pending.id}`)).status).toBe(404);
    const pro = (await call(second, 'POST', '/products', { body: productBody() })).body.data;
    const marker = { paddle_catalog: { key: 'pro/monthly' } };
    const pri = (await call(second, 'POST', '/prices', { body: priceBody(pro.id, { custom_data: marker }) }))
      .body.data;
    const joined = await call(second, 'GET', `/subscriptions/${pending.id}`);
    expect(joined.body.data.items[0].price.id).toBe(pri.id);
  });

  it('a trial whose payment fails (trial_payment_fails) still fails after a restart, and is never served', async () => {
    const file = stateFile();
    const now = () => new Date('2026-01-15T12:00:00.000Z');
    const product = { id: 'pro_01h00000000000000000000001', name: 'Pro', tax_category: 'saas' };
    const price = { ...priceBody(product.id), id: 'pri_01h00000000000000000000001' };
    const trialing = {
      id: 'sub_01h00000000000000000000001',
      customer_id: 'ctm_01h00000000000000000000001',
      status: 'trialing',
      currency_code: 'USD',
      next_billed_at: '2026-01-24T00:00:00Z',
      items: [{ price_id: price.id, quantity: 1 }],
      trial_payment_fails: true,
    };
    const seed = {
      sandbox: {
        customers: [{ id: trialing.customer_id, email: 'kim@example.com' }],
        products: [product],
        prices: [price],
        subscriptions: [trialing],
      },
    };
    await (await start(file, { seed, demo: false, now })).close();
    open.length = 0;
    const second = await start(file, { now });
    const served = await call(second, 'GET', `/subscriptions/${trialing.id}`);
    expect(served.body.data).not.toHaveProperty('trial_payment_fails');
    await call(second, 'POST', '/__emulator/clock', { body: { now: '2026-01-25T00:00:00Z' }, key: null });
    expect((await call(second, 'GET', `/subscriptions/${trialing.id}`)).body.data.status).toBe('past_due');
  });
});

describe('a renewal clamped to a shorter month keeps its day of the month after a restart', () => {
  const SUB = 'sub_01h00000000000000000000001';
  const seedEvery = (interval: string, frequency: number, nextBilledAt: string) => {
    const product = { id: 'pro_01h00000000000000000000001', name: 'Pro', tax_category: 'saas' };
    const price = {
      ...priceBody(product.id, { billing_cycle: { interval, frequency } }),
      id: 'pri_01h00000000000000000000001',
    };
    const subscription = {
      id: SUB,
      customer_id: 'ctm_01h00000000000000000000001',
      status: 'active',
      currency_code: 'USD',
      next_billed_at: nextBilledAt,
      items: [{ price_id: price.id, quantity: 1 }],
    };
    const customers = [{ id: subscription.customer_id, email: 'kim@example.com' }];
    return { sandbox: { customers, products: [product], prices: [price], subscriptions: [subscription] } };
  };
  const move = (e: RunningEmulator, now: string) =>
    call(e, 'POST', '/__emulator/clock', { body: { now }, key: null });
  const lastRenewal = async (e: RunningEmulator) =>
    (await call(e, 'GET', `/transactions?subscription_id=${SUB}&order_by=id[DESC]&per_page=1`)).body.data[0]
      .billing_period.starts_at;

  /** Renews from `first` up to `restartAt`, stops, edits the saved file, and starts again at `restartAt`. */
  async function renewAndRestart(
    cycle: readonly [string, number],
    first: string,
    restartAt: string,
    edit: (saved: { sandbox: { subscriptions: Record<string, unknown>[] } }) => void = () => {},
  ): Promise<RunningEmulator> {
    const file = stateFile();
    const seed = seedEvery(cycle[0], cycle[1], `${first}T09:00:00.000Z`);
    const before = await start(file, {
      seed,
      demo: false,
      now: () => new Date(`${first.slice(0, 8)}01T00:00:00Z`),
    });
    expect((await move(before, `${restartAt}T00:00:00Z`)).status).toBe(200);
    await before.close();
    open.length = 0;
    const saved = JSON.parse(readFileSync(file, 'utf8'));
    edit(saved);
    writeFileSync(file, JSON.stringify(saved));
    return start(file, { now: () => new Date(`${restartAt}T00:00:00Z`) });
  }

  it.each([
    // the record shows this one: its period runs from 31 Jan to 28 Feb
    ['monthly from 31 Jan', ['month', 1], '2026-01-31', '2026-02-10', '2026-04-01', '2026-03-31'],
    // clamped twice in a row: periods of 28 Feb → 30 Apr and 28 Feb → 28 Feb say nothing of the 31st or the 29th
    ['every 2 months from 31 Dec', ['month', 2], '2025-12-31', '2026-05-01', '2026-09-15', '2026-08-31'],
    ['yearly from 29 Feb 2028', ['year', 1], '2028-02-29', '2029-03-01', '2032-03-01', '2032-02-29'],
  ] as const)(
    '%s: clamp, save, restart, move on → the day again',
    async (_, cycle, first, restartAt, end, expected) => {
      const after = await renewAndRestart(cycle, first, restartAt);
      const served = (await call(after, 'GET', `/subscriptions/${SUB}`)).body.data;
      expect(Object.keys(served)).not.toContain('renewal_day');
      expect((await move(after, `${end}T00:00:00Z`)).status).toBe(200);
      expect(await lastRenewal(after)).toBe(`${expected}T09:00:00.000Z`);
    },
  );

  it('a state file saved without renewal_day (before the emulator kept it) loads, the day read from the record', async () => {
    const after = await renewAndRestart(['month', 1], '2026-01-31', '2026-02-10', (saved) => {
      for (const s of saved.sandbox.subscriptions) delete s.renewal_day;
    });
    expect((await move(after, '2026-04-01T00:00:00Z')).status).toBe(200);
    expect(await lastRenewal(after)).toBe('2026-03-31T09:00:00.000Z');
  });

  it('a renewal_day that next_billed_at cannot keep is refused, naming the field', async () => {
    const seed = seedEvery('month', 1, '2026-03-15T09:00:00.000Z');
    const [subscription] = seed.sandbox.subscriptions;
    const file = stateFile();
    await (
      await start(file, { seed: { sandbox: { ...seed.sandbox, subscriptions: [] } }, demo: false })
    ).close();
    open.length = 0;
    const saved = JSON.parse(readFileSync(file, 'utf8'));
    saved.sandbox.subscriptions = [{ ...subscription, renewal_day: 31 }];
    writeFileSync(file, JSON.stringify(saved));
    await expect(start(file)).rejects.toThrow(
      /sandbox\.subscriptions\.0\.renewal_day: goes with next_billed_at/,
    );
  });
});
