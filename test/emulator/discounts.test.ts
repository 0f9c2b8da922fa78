// /discounts over real HTTP: Paddle's wire format and rules (codes unique per account ignoring
// case, restrict_to ids active, the type/currency rules), and the real SDK's discounts resource.
import { ApiError } from '@paddle/paddle-node-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { call, priceBody, productBody } from '../support/emulator.js';
import { sdkOf } from '../support/sdk.js';

let emulator: RunningEmulator;
let productId: string;
let priceId: string;

const percentage = (fields: Record<string, unknown> = {}) => ({
  description: 'Launch offer',
  type: 'percentage',
  amount: '25',
  ...fields,
});

beforeAll(async () => {
  emulator = await startEmulator();
  productId = (await call(emulator, 'POST', '/products', { body: productBody() })).body.data.id;
  priceId = (await call(emulator, 'POST', '/prices', { body: priceBody(productId) })).body.data.id;
});
afterAll(() => emulator.close());

describe('/discounts', () => {
  it('create answers 201 with the whole entity, defaults filled in as Paddle does', async () => {
    const res = await call(emulator, 'POST', '/discounts', {
      body: percentage({ code: 'WIRE25', restrict_to: [productId, priceId] }),
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      status: 'active',
      description: 'Launch offer',
      enabled_for_checkout: true,
      code: 'WIRE25',
      type: 'percentage',
      mode: 'standard',
      amount: '25',
      currency_code: null,
      recur: false,
      maximum_recurring_intervals: null,
      usage_limit: null,
      restrict_to: [productId, priceId],
      expires_at: null,
      times_used: 0,
      custom_data: null,
      import_meta: null,
    });
    expect(res.body.data.id).toMatch(/^dsc_[a-z\d]{26}$/);
  });

  it('a checkout discount created without a code gets a 10-character code; one not for checkout gets none', async () => {
    const generated = await call(emulator, 'POST', '/discounts', { body: percentage() });
    expect(generated.body.data.code).toMatch(/^[A-Z0-9]{10}$/);
    const none = await call(emulator, 'POST', '/discounts', {
      body: percentage({ enabled_for_checkout: false }),
    });
    expect(none.body.data.code).toBeNull();
  });

  it('codes are unique per account ignoring case, archived discounts included: 409 discount_code_conflict', async () => {
    const first = await call(emulator, 'POST', '/discounts', { body: percentage({ code: 'UNIQUE1' }) });
    await call(emulator, 'PATCH', `/discounts/${first.body.data.id}`, { body: { status: 'archived' } });
    const again = await call(emulator, 'POST', '/discounts', { body: percentage({ code: 'unique1' }) });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({
      code: 'discount_code_conflict',
      detail: `Discount code conflicts with Discount ID ${first.body.data.id}`,
    });
    const other = await call(emulator, 'POST', '/discounts', { body: percentage({ code: 'OTHER1' }) });
    const renamed = await call(emulator, 'PATCH', `/discounts/${other.body.data.id}`, {
      body: { code: 'Unique1' },
    });
    expect(renamed.status).toBe(409);
  });

  it('restrict_to ids must be active products and prices of the account', async () => {
    const missing = await call(emulator, 'POST', '/discounts', {
      body: percentage({ restrict_to: ['pro_01aaaaaaaaaaaaaaaaaaaaaaaa'] }),
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error.code).toBe('discount_restricted_product_not_active');
    const archived = (await call(emulator, 'POST', '/prices', { body: priceBody(productId) })).body.data.id;
    await call(emulator, 'PATCH', `/prices/${archived}`, { body: { status: 'archived' } });
    const inactive = await call(emulator, 'POST', '/discounts', {
      body: percentage({ restrict_to: [archived] }),
    });
    expect(inactive.body.error.code).toBe('discount_restricted_product_price_not_active');
    const malformed = await call(emulator, 'POST', '/discounts', {
      body: percentage({ restrict_to: ['pro'] }),
    });
    expect(malformed.body.error.code).toBe('bad_request');
  });

  it('a percentage discount may carry currency_code (as Paddle’s own list example does): kept and served back', async () => {
    const res = await call(emulator, 'POST', '/discounts', { body: percentage({ currency_code: 'USD' }) });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ type: 'percentage', currency_code: 'USD' });
    const got = await call(emulator, 'GET', `/discounts/${res.body.data.id}`);
    expect(got.body.data.currency_code).toBe('USD');
  });

  it('type and currency: flat needs currency_code; amounts by type', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ type: 'flat', amount: '500' }, 'currency_code'],
      [{ amount: '100.5' }, 'amount'],
      [{ amount: '0' }, 'amount'],
      [{ type: 'flat', amount: '5.00', currency_code: 'EUR' }, 'amount'],
      [{ maximum_recurring_intervals: 3 }, 'maximum_recurring_intervals'],
      [{ usage_limit: 0 }, 'usage_limit'],
      [{ code: 'NO-DASH' }, 'code'],
      [{ expires_at: '2027-01-31' }, 'expires_at'],
      [{ colour: 'red' }, 'colour'],
    ];
    for (const [fields, field] of cases) {
      const res = await call(emulator, 'POST', '/discounts', { body: percentage(fields) });
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(res.body.error.code).toBe('bad_request');
      expect(res.body.error.errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    const flat = await call(emulator, 'POST', '/discounts', {
      body: { description: 'Five off', type: 'flat_per_seat', amount: '500', currency_code: 'EUR' },
    });
    expect(flat.status).toBe(201);
  });

  it('a PATCH cannot get round the rules, and an archived discount can only be unarchived', async () => {
    const id = (await call(emulator, 'POST', '/discounts', { body: percentage() })).body.data.id;
    expect((await call(emulator, 'PATCH', `/discounts/${id}`, { body: { type: 'flat' } })).status).toBe(400);
    await call(emulator, 'PATCH', `/discounts/${id}`, { body: { status: 'archived' } });
    const refused = await call(emulator, 'PATCH', `/discounts/${id}`, { body: { amount: '30' } });
    expect(refused.body.error.code).toBe('entity_archived');
    const back = await call(emulator, 'PATCH', `/discounts/${id}`, { body: { status: 'active' } });
    expect(back.body.data.status).toBe('active');
  });

  it('list filters by id, code (any case), status; pages with per_page and after', async () => {
    const made: string[] = [];
    for (const code of ['PAGEA', 'PAGEB', 'PAGEC']) {
      made.push((await call(emulator, 'POST', '/discounts', { body: percentage({ code }) })).body.data.id);
    }
    const byCode = await call(emulator, 'GET', '/discounts?code=pagea,PAGEC');
    expect(byCode.body.data.map((d: { code: string }) => d.code).sort()).toEqual(['PAGEA', 'PAGEC']);
    const byId = await call(emulator, 'GET', `/discounts?id=${made[1]}`);
    expect(byId.body.data.map((d: { id: string }) => d.id)).toEqual([made[1]]);
    await call(emulator, 'PATCH', `/discounts/${made[2]}`, { body: { status: 'archived' } });
    const active = await call(emulator, 'GET', '/discounts?code=PAGEC');
    expect(active.body.data).toEqual([]);
    const archived = await call(emulator, 'GET', '/discounts?code=PAGEC&status=archived');
    expect(archived.body.data).toHaveLength(1);
    const page = await call(emulator, 'GET', '/discounts?per_page=1&status=active,archived');
    expect(page.body.data).toHaveLength(1);
    expect(page.body.meta.pagination).toMatchObject({ per_page: 1, has_more: true });
    const next = new URL(page.body.meta.pagination.next);
    const second = await call(emulator, 'GET', `${next.pathname}${next.search}`);
    expect(second.body.data[0].id < page.body.data[0].id).toBe(true);
    expect((await call(emulator, 'GET', '/discounts?status=gone')).body.error.code).toBe('invalid_field');
  });

  it('get answers 404 not_found for an unknown id', async () => {
    const res = await call(emulator, 'GET', '/discounts/dsc_01aaaaaaaaaaaaaaaaaaaaaaaa');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
  });

  it('a key without discount.write is refused (403 forbidden)', async () => {
    const key = emulator.addApiKey(['discount.read']);
    const res = await call(emulator, 'POST', '/discounts', { body: percentage(), key });
    expect(res.status).toBe(403);
    expect((await call(emulator, 'GET', '/discounts', { key })).status).toBe(200);
  });
});

describe("the real SDK's discounts resource against the emulator", () => {
  const paddle = () => sdkOf(emulator);

  it('creates, gets, updates, lists and archives a discount', async () => {
    const asked = {
      description: 'SDK offer',
      type: 'flat',
      amount: '500',
      currencyCode: 'USD',
      code: 'SDK5',
      recur: true,
      maximumRecurringIntervals: 2,
      usageLimit: 10,
      restrictTo: [priceId],
      expiresAt: '2099-01-31T23:59:59Z',
      customData: { paddle_catalog: { key: 'sdk' } },
    } as const;
    const created = await paddle().discounts.create({ ...asked, restrictTo: [...asked.restrictTo] });
    expect(created).toMatchObject({ ...asked, status: 'active' });
    expect((await paddle().discounts.get(created.id)).code).toBe('SDK5');
    const updated = await paddle().discounts.update(created.id, { amount: '700', restrictTo: null });
    expect(updated).toMatchObject({ amount: '700', restrictTo: null });
    const listed = [];
    for await (const discount of paddle().discounts.list({ code: ['sdk5'], perPage: 1 }))
      listed.push(discount);
    expect(listed.map((d) => d.id)).toEqual([created.id]);
    expect((await paddle().discounts.archive(created.id)).status).toBe('archived');
  });

  it("Paddle's conflict reaches the SDK as an ApiError with its code", async () => {
    await paddle().discounts.create({ description: 'A', type: 'percentage', amount: '10', code: 'CLASH' });
    const error = await paddle()
      .discounts.create({ description: 'B', type: 'percentage', amount: '10', code: 'clash' })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('discount_code_conflict');
  });
});
