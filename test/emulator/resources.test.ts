// Products, prices, customers and transactions: what each operation stores and filters.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { call, listAll, MARKER, priceBody, productBody } from '../support/emulator.js';
import { marker } from '../support/marker.mjs';

let emulator: RunningEmulator;

beforeAll(async () => {
  emulator = await startEmulator();
});
afterAll(() => emulator.close());

describe('products', () => {
  it('lists active products by default, archived ones on request, and filters by id', async () => {
    const a = (await call(emulator, 'POST', '/products', { body: productBody({ name: 'A' }) })).body.data;
    const b = (await call(emulator, 'POST', '/products', { body: productBody({ name: 'B' }) })).body.data;
    const archived = await call(emulator, 'PATCH', `/products/${b.id}`, { body: { status: 'archived' } });
    expect(archived.body.data.status).toBe('archived');
    const names = async (q: string) =>
      (await call(emulator, 'GET', `/products${q}`)).body.data.map((p: { name: string }) => p.name);
    expect(await names(`?id=${a.id},${b.id}`)).toEqual(['A']);
    expect(await names(`?id=${a.id},${b.id}&status=archived,active`)).toEqual(['B', 'A']);
    expect(await names(`?id=${a.id},${b.id}&status=archived`)).toEqual(['B']);
  });

  it('round-trips custom_data and replaces it whole on update', async () => {
    const p = (await call(emulator, 'POST', '/products', { body: productBody() })).body.data;
    expect((await call(emulator, 'GET', `/products/${p.id}`)).body.data.custom_data).toEqual(MARKER);
    const next = marker('team');
    await call(emulator, 'PATCH', `/products/${p.id}`, { body: { custom_data: next, name: 'Team' } });
    expect((await call(emulator, 'GET', `/products/${p.id}`)).body.data).toMatchObject({
      custom_data: next,
      name: 'Team',
    });
  });

  it('embeds every price of the product with include=prices', async () => {
    const p = (await call(emulator, 'POST', '/products', { body: productBody() })).body.data;
    const monthly = (await call(emulator, 'POST', '/prices', { body: priceBody(p.id) })).body.data;
    const old = (
      await call(emulator, 'POST', '/prices', { body: priceBody(p.id, { description: 'Old price' }) })
    ).body.data;
    await call(emulator, 'PATCH', `/prices/${old.id}`, { body: { status: 'archived' } });
    const got = (await call(emulator, 'GET', `/products/${p.id}?include=prices`)).body.data;
    expect(got.prices.map((x: { id: string }) => x.id)).toEqual([monthly.id, old.id]);
    const listed = (await call(emulator, 'GET', `/products?id=${p.id}&include=prices`)).body.data[0];
    expect(listed.prices).toHaveLength(2);
    expect((await call(emulator, 'GET', `/products/${p.id}`)).body.data.prices).toBeUndefined();
  });

  it('refuses to modify an archived product but lets it be unarchived', async () => {
    const p = (await call(emulator, 'POST', '/products', { body: productBody() })).body.data;
    await call(emulator, 'PATCH', `/products/${p.id}`, { body: { status: 'archived' } });
    const res = await call(emulator, 'PATCH', `/products/${p.id}`, { body: { name: 'X' } });
    expect([res.status, res.body.error.code]).toEqual([400, 'entity_archived']);
    expect(
      (await call(emulator, 'PATCH', `/products/${p.id}`, { body: { status: 'active' } })).body.data.status,
    ).toBe('active');
  });
});

describe('prices', () => {
  let productId: string;
  beforeAll(async () => {
    productId = (await call(emulator, 'POST', '/products', { body: productBody() })).body.data.id;
  });

  it('defaults quantity to 1–100, overrides to [] and keeps fields as sent', async () => {
    const res = await call(emulator, 'POST', '/prices', { body: priceBody(productId) });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      product_id: productId,
      quantity: { minimum: 1, maximum: 100 },
      unit_price_overrides: [],
      trial_period: null,
      tax_mode: 'account_setting',
      status: 'active',
    });
  });

  it('keeps a paid trial exactly as sent', async () => {
    const trial = {
      interval: 'day',
      frequency: 7,
      unit_price: { amount: '100', currency_code: 'USD' },
      unit_price_overrides: [{ country_codes: ['GB'], unit_price: { amount: '80', currency_code: 'GBP' } }],
      requires_payment_method: true,
    };
    const body = priceBody(productId, {
      trial_period: trial,
      unit_price_overrides: [{ country_codes: ['GB'], unit_price: { amount: '800', currency_code: 'GBP' } }],
    });
    const created = (await call(emulator, 'POST', '/prices', { body })).body.data;
    expect(created.trial_period).toEqual(trial);
    expect((await call(emulator, 'GET', `/prices/${created.id}`)).body.data.trial_period).toEqual(trial);
  });

  it('replaces unit_price_overrides whole on update', async () => {
    const overrides = [
      { country_codes: ['GB'], unit_price: { amount: '800', currency_code: 'GBP' } },
      { country_codes: ['DE', 'FR'], unit_price: { amount: '900', currency_code: 'EUR' } },
    ];
    const p = (
      await call(emulator, 'POST', '/prices', {
        body: priceBody(productId, { unit_price_overrides: overrides }),
      })
    ).body.data;
    const patched = await call(emulator, 'PATCH', `/prices/${p.id}`, {
      body: { unit_price_overrides: [overrides[1]] },
    });
    expect(patched.body.data.unit_price_overrides).toEqual([overrides[1]]);
  });

  it('does not let product_id change', async () => {
    const p = (await call(emulator, 'POST', '/prices', { body: priceBody(productId) })).body.data;
    const res = await call(emulator, 'PATCH', `/prices/${p.id}`, { body: { product_id: productId } });
    expect(res.body.error.code).toBe('bad_request');
    expect(res.body.error.errors[0].field).toBe('product_id');
  });

  it('filters by product_id and status', async () => {
    const other = (await call(emulator, 'POST', '/products', { body: productBody() })).body.data.id;
    const p = (await call(emulator, 'POST', '/prices', { body: priceBody(other) })).body.data;
    const listed = (await call(emulator, 'GET', `/prices?product_id=${other}`)).body.data;
    expect(listed.map((x: { id: string }) => x.id)).toEqual([p.id]);
    await call(emulator, 'PATCH', `/prices/${p.id}`, { body: { status: 'archived' } });
    expect((await call(emulator, 'GET', `/prices?product_id=${other}`)).body.data).toEqual([]);
    expect(
      (await call(emulator, 'GET', `/prices?product_id=${other}&status=archived`)).body.data,
    ).toHaveLength(1);
  });

  it('answers 404 for a price on an unknown product', async () => {
    const res = await call(emulator, 'POST', '/prices', {
      body: priceBody('pro_01aaaaaaaaaaaaaaaaaaaaaaaa'),
    });
    expect([res.status, res.body.error.code]).toEqual([404, 'not_found']);
  });
});

describe('customers', () => {
  it('creates, finds by exact e-mail and refuses a duplicate with 409', async () => {
    const created = await call(emulator, 'POST', '/customers', {
      body: { email: 'jo@example.com', name: 'Jo' },
    });
    expect(created.status).toBe(201);
    const found = (await call(emulator, 'GET', '/customers?email=jo@example.com')).body.data;
    expect(found.map((c: { id: string }) => c.id)).toEqual([created.body.data.id]);
    expect((await call(emulator, 'GET', '/customers?email=o@example.com')).body.data).toEqual([]);
    const again = await call(emulator, 'POST', '/customers', { body: { email: 'jo@example.com' } });
    expect([again.status, again.body.error.code]).toEqual([409, 'customer_already_exists']);
    expect(again.body.error.detail).toContain(created.body.data.id);
    expect((await call(emulator, 'GET', `/customers/${created.body.data.id}`)).body.data.name).toBe('Jo');
  });
});

describe('seed data', () => {
  it('serves the seed currencies and accepts prices only in them', async () => {
    const own = await startEmulator({
      demo: false,
      seed: {
        currencies: [
          { code: 'USD', decimal_places: 2 },
          { code: 'JPY', decimal_places: 0 },
        ],
      },
    });
    expect((await call(own, 'GET', '/currencies', { key: null })).body.data).toEqual([
      { code: 'USD', decimal_places: 2 },
      { code: 'JPY', decimal_places: 0 },
    ]);
    const pro = (await call(own, 'POST', '/products', { body: productBody() })).body.data.id;
    const eur = await call(own, 'POST', '/prices', {
      body: priceBody(pro, { unit_price: { amount: '5', currency_code: 'EUR' } }),
    });
    expect(eur.body.error.errors).toEqual([
      { field: 'unit_price.currency_code', message: 'must be a supported currency code' },
    ]);
    await own.close();
  });

  it('searches customers by id, name or e-mail', async () => {
    const emails = async (search: string) =>
      (await call(emulator, 'GET', `/customers?search=${encodeURIComponent(search)}`)).body.data.map(
        (c: { email: string }) => c.email,
      );
    expect(await emails('TANAKA'), 'by name, any case').toEqual(['bob@example.com']);
    expect(await emails('BOB@EXAMPLE'), 'by e-mail, any case').toEqual(['bob@example.com']);
    const bob = (await call(emulator, 'GET', '/customers?email=bob@example.com')).body.data[0].id;
    expect(await emails(bob), 'by id').toEqual(['bob@example.com']);
  });
});

describe('transactions (demo data)', () => {
  let demoId: string;
  beforeAll(async () => {
    demoId = (await call(emulator, 'GET', '/customers?email=demo@example.com')).body.data[0].id;
  });

  it('gives demo@example.com 25+ transactions across statuses, modes and currencies', async () => {
    const all = await listAll<{
      status: string;
      collection_mode: string;
      currency_code: string;
      details: { totals: { subtotal: string } };
    }>(emulator, `/transactions?customer_id=${demoId}`);
    expect(all.length).toBeGreaterThanOrEqual(25);
    expect(new Set(all.map((t) => t.status))).toEqual(
      new Set(['draft', 'ready', 'billed', 'paid', 'completed', 'canceled', 'past_due']),
    );
    expect(new Set(all.map((t) => t.collection_mode))).toEqual(new Set(['automatic', 'manual']));
    const currencies = new Set(all.map((t) => t.currency_code));
    for (const code of ['USD', 'EUR', 'GBP', 'JPY', 'KRW', 'VND', 'CLP']) expect(currencies).toContain(code);
    expect(all.some((t) => t.details.totals.subtotal === '0')).toBe(true);
  });

  it('filters by status, collection_mode, id and billed_at with operators', async () => {
    const q = async (query: string) =>
      (await call(emulator, 'GET', `/transactions?customer_id=${demoId}&${query}`)).body.data;
    const billedManual = await q('status=billed&collection_mode=manual');
    expect(billedManual.length).toBeGreaterThan(0);
    expect(
      billedManual.every(
        (t: { status: string; collection_mode: string }) =>
          t.status === 'billed' && t.collection_mode === 'manual',
      ),
    ).toBe(true);
    const one = billedManual[0];
    expect((await q(`id=${one.id}`)).map((t: { id: string }) => t.id)).toEqual([one.id]);
    const before = await q('billed_at[LT]=2024-06-01T00:00:00Z&per_page=30');
    expect(before.length).toBeGreaterThan(0);
    expect(before.every((t: { billed_at: string }) => t.billed_at < '2024-06-01')).toBe(true);
    const after = await q('billed_at[GTE]=2025-09-01T00:00:00');
    expect(after.length).toBeGreaterThan(0);
    expect(after.every((t: { billed_at: string }) => t.billed_at >= '2025-09-01')).toBe(true);
    expect((await call(emulator, 'GET', '/transactions?billed_at[LT]=yesterday')).body.error.code).toBe(
      'invalid_time_query_parameter',
    );
  });

  it('carries the full shape: items with price, payments, details with totals', async () => {
    const [t] = (
      await call(emulator, 'GET', `/transactions?customer_id=${demoId}&status=completed&per_page=1`)
    ).body.data;
    expect(t.items[0].price.unit_price).toBeDefined();
    expect(t.items[0].quantity).toBe(1);
    expect(t.payments.length).toBe(1);
    expect(Array.isArray(t.details.tax_rates_used)).toBe(true);
    expect(Array.isArray(t.details.line_items)).toBe(true);
    const totals = t.details.totals;
    expect(BigInt(totals.total)).toBe(BigInt(totals.subtotal) - BigInt(totals.discount) + BigInt(totals.tax));
    expect(BigInt(totals.grand_total)).toBe(BigInt(totals.total) - BigInt(totals.credit));
    expect(totals.grand_total_tax).toBe(totals.tax);
    expect(totals.balance).toBe('0');
    expect(t.invoice_number).toMatch(/^325-\d+$/);
  });
});
