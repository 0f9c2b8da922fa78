// The wire format: envelopes, request ids, pagination, errors, auth.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { call, MARKER, productBody } from '../support/emulator.js';

let emulator: RunningEmulator;

beforeAll(async () => {
  emulator = await startEmulator();
});
afterAll(() => emulator.close());

describe('envelopes', () => {
  it('binds 127.0.0.1 and announces a base URL without a trailing slash', () => {
    expect(emulator.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(emulator.apiKey).toMatch(/^pdl_sdbx_apikey_[a-z0-9]{26}_[A-Za-z0-9]{26}$/);
  });

  it('answers a create with 201, {data, meta.request_id} and a matching Request-Id header', async () => {
    const res = await call(emulator, 'POST', '/products', { body: productBody() });
    expect(res.status).toBe(201);
    expect(res.headers.get('request-id')).toBe(res.body.meta.request_id);
    expect(res.body.meta.request_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body.data).toMatchObject({
      name: 'Pro',
      tax_category: 'saas',
      status: 'active',
      custom_data: MARKER,
    });
    expect(res.body.data.id).toMatch(/^pro_[a-z0-9]{26}$/);
    expect(res.body.data.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
  });

  it('hands out ids that sort in creation order', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push((await call(emulator, 'POST', '/products', { body: productBody() })).body.data.id);
    expect([...ids].sort()).toEqual(ids);
  });

  it('matches the bearer scheme case-insensitively', async () => {
    for (const scheme of ['bearer', 'Bearer', 'BEARER']) {
      const res = await call(emulator, 'GET', '/products', {
        key: null,
        headers: { authorization: `${scheme} ${emulator.apiKey}` },
      });
      expect(res.status).toBe(200);
    }
  });
});

describe('errors', () => {
  it('answers a missing, garbled or unknown key with 403 and Paddle codes', async () => {
    expect((await call(emulator, 'GET', '/products', { key: null })).body.error.code).toBe(
      'authentication_missing',
    );
    const garbled = await call(emulator, 'GET', '/products', {
      key: null,
      headers: { authorization: 'Basic abc' },
    });
    expect([garbled.status, garbled.body.error.code]).toEqual([403, 'authentication_malformed']);
    const unknown = await call(emulator, 'GET', '/products', { key: 'pdl_sdbx_apikey_nope' });
    expect([unknown.status, unknown.body.error.code]).toEqual([403, 'invalid_token']);
  });

  it('gives every error the full envelope', async () => {
    const res = await call(emulator, 'GET', '/products/pro_01aaaaaaaaaaaaaaaaaaaaaaaa');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      error: {
        type: 'request_error',
        code: 'not_found',
        detail: 'Product pro_01aaaaaaaaaaaaaaaaaaaaaaaa not found.',
        documentation_url: 'https://developer.paddle.com/v1/errors/shared/not_found',
      },
      meta: { request_id: res.headers.get('request-id') },
    });
  });

  it('answers an unknown path with 404 invalid_url and a wrong method with 405 and Allow', async () => {
    expect((await call(emulator, 'GET', '/nope')).body.error.code).toBe('invalid_url');
    const res = await call(emulator, 'DELETE', '/products');
    expect([res.status, res.body.error.code, res.headers.get('allow')]).toEqual([
      405,
      'method_not_allowed',
      'POST, GET',
    ]);
  });

  it('answers unparsable JSON with invalid_json', async () => {
    const res = await call(emulator, 'POST', '/products', { rawBody: '{"name":' });
    expect([res.status, res.body.error.code]).toEqual([400, 'invalid_json']);
  });

  it('reports every field error at once, (root) for missing required fields', async () => {
    const res = await call(emulator, 'POST', '/products', { body: { description: 5, colour: 'red' } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('bad_request');
    expect(res.body.error.errors).toEqual(
      expect.arrayContaining([
        { field: '(root)', message: 'name is required' },
        { field: '(root)', message: 'tax_category is required' },
        { field: 'colour', message: 'Additional property colour is not allowed' },
        expect.objectContaining({ field: 'description' }),
      ]),
    );
  });

  it('answers a bad list query with invalid_field', async () => {
    const res = await call(emulator, 'GET', '/transactions?status=ready,active');
    expect(res.body.error.code).toBe('invalid_field');
    expect(res.body.error.errors[0].field).toBe('TransactionsRequest.Status[1]');
    expect((await call(emulator, 'GET', '/transactions?per_page=-1')).body.error.code).toBe('invalid_field');
    expect((await call(emulator, 'GET', '/transactions?per_page=1.5')).body.error.code).toBe('bad_request');
    expect((await call(emulator, 'GET', '/products?order_by=colour[ASC]')).body.error.code).toBe(
      'invalid_field',
    );
  });

  it('answers a key without the needed permission with 403 forbidden', async () => {
    const readOnly = emulator.addApiKey(['product.read']);
    const res = await call(emulator, 'POST', '/products', { key: readOnly, body: productBody() });
    expect([res.status, res.body.error.code]).toEqual([403, 'forbidden']);
    expect((await call(emulator, 'GET', '/products', { key: readOnly })).status).toBe(200);
    // include=prices needs price.read as well
    expect((await call(emulator, 'GET', '/products?include=prices', { key: readOnly })).body.error.code).toBe(
      'forbidden',
    );
  });

  it('a write permission includes read, as Paddle documents (api-reference/about/permissions)', async () => {
    const writer = emulator.addApiKey(['product.write', 'price.write']);
    expect((await call(emulator, 'GET', '/products?include=prices', { key: writer })).status).toBe(200);
    expect((await call(emulator, 'GET', '/prices', { key: writer })).status).toBe(200);
    const customers = await call(emulator, 'GET', '/customers', { key: writer });
    expect([customers.status, customers.body.error.code]).toEqual([403, 'forbidden']);
    const reader = emulator.addApiKey(['product.read']);
    const res = await call(emulator, 'PATCH', '/products/pro_01aaaaaaaaaaaaaaaaaaaaaaaa', {
      key: reader,
      body: {},
    });
    expect(res.status).toBe(403);
  });
});

describe('pagination', () => {
  let paged: RunningEmulator;
  beforeAll(async () => {
    paged = await startEmulator({ demo: false });
    for (let i = 0; i < 7; i++)
      await call(paged, 'POST', '/products', { body: productBody({ name: `P${i}` }) });
  });
  afterAll(() => paged.close());

  it('pages newest first with a full next URL on the announced base, always present', async () => {
    const first = await call(paged, 'GET', '/products?per_page=3&tax_category=saas');
    expect(first.body.data.map((p: { name: string }) => p.name)).toEqual(['P6', 'P5', 'P4']);
    const { pagination } = first.body.meta;
    expect(pagination).toMatchObject({ per_page: 3, has_more: true, estimated_total: 7 });
    expect(pagination.next.startsWith(`${paged.url}/products?`)).toBe(true);
    const next = new URL(pagination.next);
    expect(Object.fromEntries(next.searchParams)).toEqual({
      per_page: '3',
      tax_category: 'saas',
      after: first.body.data[2].id,
    });
    const last = await call(paged, 'GET', `${next.pathname}${next.search}`);
    const third = await call(
      paged,
      'GET',
      new URL(last.body.meta.pagination.next).search.replace(/^/, '/products'),
    );
    expect(third.body.data.map((p: { name: string }) => p.name)).toEqual(['P0']);
    expect(third.body.meta.pagination.has_more).toBe(false);
    expect(third.body.meta.pagination.next).toContain(`after=${third.body.data[0].id}`);
  });

  it('orders by order_by with [ASC]/[DESC]', async () => {
    const res = await call(paged, 'GET', '/products?order_by=id[ASC]&per_page=2');
    expect(res.body.data.map((p: { name: string }) => p.name)).toEqual(['P0', 'P1']);
  });

  it('clamps per_page to the maximum and says so; transactions max out at 30', async () => {
    expect((await call(paged, 'GET', '/products?per_page=500')).body.meta.pagination.per_page).toBe(200);
    expect((await call(paged, 'GET', '/products')).body.meta.pagination.per_page).toBe(50);
    const demo = await call(emulator, 'GET', '/transactions?per_page=100');
    expect(demo.body.meta.pagination.per_page).toBe(30);
    expect(demo.body.data).toHaveLength(30);
    expect((await call(emulator, 'GET', '/transactions')).body.meta.pagination.per_page).toBe(30);
  });

  it('reports estimated_total -1 with Skip-Count: true', async () => {
    const res = await call(paged, 'GET', '/products', { headers: { 'skip-count': 'true' } });
    expect(res.body.meta.pagination.estimated_total).toBe(-1);
  });
});

describe('public and admin endpoints', () => {
  it('serves GET /currencies without a key, zero-decimal currencies with 0 places', async () => {
    const res = await call(emulator, 'GET', '/currencies', { key: null });
    expect(res.status).toBe(200);
    const places = Object.fromEntries(
      res.body.data.map((c: { code: string; decimal_places: number }) => [c.code, c.decimal_places]),
    );
    expect(places).toMatchObject({ USD: 2, EUR: 2, JPY: 0, KRW: 0, VND: 0, CLP: 0 });
    expect(res.body.data).toHaveLength(33);
  });

  it('records API requests with decoded query and status, not its own endpoints', async () => {
    const own = await startEmulator({ demo: false });
    await call(own, 'GET', '/products?status=active%2Carchived&per_page=5');
    await call(own, 'GET', '/nope');
    const log = await (await fetch(`${own.url}/__emulator/requests`)).json();
    // when each arrived, on the emulator's clock
    const at = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(log).toEqual([
      {
        method: 'GET',
        path: '/products',
        query: { status: 'active,archived', per_page: '5' },
        at,
        status: 200,
      },
      { method: 'GET', path: '/nope', query: {}, at, status: 404 },
    ]);
    expect(own.requests()).toEqual(log);
    await own.close();
  });

  it('resets to the seed data: created objects and the log go, seeded ones stay', async () => {
    const own = await startEmulator();
    const before = (await call(own, 'GET', '/customers?email=demo@example.com')).body.data[0];
    await call(own, 'POST', '/products', { body: productBody() });
    await call(own, 'POST', '/customers', { body: { email: 'new@example.com' } });
    expect((await fetch(`${own.url}/__emulator/reset`, { method: 'POST' })).status).toBe(200);
    expect(own.requests()).toEqual([]);
    expect((await call(own, 'GET', '/products')).body.data).toEqual([]);
    expect((await call(own, 'GET', '/customers?email=new@example.com')).body.data).toEqual([]);
    expect((await call(own, 'GET', '/customers?email=demo@example.com')).body.data[0]).toEqual(before);
    await own.close();
  });
});
