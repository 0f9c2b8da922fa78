// One emulator, two Paddle accounts: the key's kind picks the account (sandbox or live), and
// nothing of one is visible from the other.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { call, priceBody, productBody } from '../support/emulator.js';

let emulator: RunningEmulator;

beforeAll(async () => {
  emulator = await startEmulator({
    seed: {
      sandbox: { customers: [{ email: 'sandbox-only@example.com' }] },
      live: {
        cardless_trials: true,
        approved_tax_categories: ['ebooks'],
        customers: [{ id: 'ctm_01hv6y1jedq4p1n0yqn5ba3ky4', email: 'live-only@example.com' }],
      },
    },
  });
});
afterAll(() => emulator.close());

const live = () => ({ key: emulator.liveApiKey });

describe('two accounts', () => {
  it('keys: announces a sandbox key and a live key, each with every permission', () => {
    expect(emulator.apiKey).toMatch(/^pdl_sdbx_apikey_[a-z0-9]{26}_/);
    expect(emulator.liveApiKey).toMatch(/^pdl_live_apikey_[a-z0-9]{26}_/);
  });

  it('keys: a product created with the sandbox key is neither listed nor fetched with the live key', async () => {
    const made = (await call(emulator, 'POST', '/products', { body: productBody({ name: 'Sandbox only' }) }))
      .body.data;
    const liveList = (await call(emulator, 'GET', '/products?status=active,archived', live())).body.data;
    expect(liveList.map((p: { id: string }) => p.id)).not.toContain(made.id);
    const fetched = await call(emulator, 'GET', `/products/${made.id}`, live());
    expect([fetched.status, fetched.body.error.code]).toEqual([404, 'not_found']);
    const patched = await call(emulator, 'PATCH', `/products/${made.id}`, { ...live(), body: { name: 'x' } });
    expect(patched.status).toBe(404);
    expect((await call(emulator, 'GET', `/products/${made.id}`)).body.data.name).toBe('Sandbox only');
  });

  it('each account has its own ids: a live product gets an id the sandbox does not know', async () => {
    const made = (await call(emulator, 'POST', '/products', { ...live(), body: productBody() })).body.data;
    expect(made.id).toMatch(/^pro_[a-z0-9]{26}$/);
    expect((await call(emulator, 'GET', `/products/${made.id}`)).status).toBe(404);
    expect((await call(emulator, 'GET', `/products/${made.id}`, live())).status).toBe(200);
  });

  it('both accounts are seeded; the demo data is the sandbox account’s only', async () => {
    const emails = async (key: string) =>
      (await call(emulator, 'GET', '/customers?per_page=200', { key })).body.data.map(
        (c: { email: string }) => c.email,
      );
    const sandbox = await emails(emulator.apiKey);
    expect(sandbox).toEqual(expect.arrayContaining(['sandbox-only@example.com', 'demo@example.com']));
    expect(sandbox).not.toContain('live-only@example.com');
    expect(await emails(emulator.liveApiKey)).toEqual(['live-only@example.com']);
    expect((await call(emulator, 'GET', '/transactions', live())).body.data).toEqual([]);
  });

  it('each account has its own settings (cardless trials and approved categories here on live only)', async () => {
    const cardless = { interval: 'day', frequency: 7, requires_payment_method: false };
    for (const [key, created] of [
      [emulator.apiKey, false],
      [emulator.liveApiKey, true],
    ] as const) {
      const pro = await call(emulator, 'POST', '/products', {
        key,
        body: productBody({ tax_category: 'ebooks' }),
      });
      expect(pro.status === 201).toBe(created);
      const saas = (await call(emulator, 'POST', '/products', { key, body: productBody() })).body.data.id;
      const price = await call(emulator, 'POST', '/prices', {
        key,
        body: priceBody(saas, { trial_period: cardless }),
      });
      expect(price.status === 201).toBe(created);
    }
  });

  it('a further live key (addApiKey) reaches the live account with its own permissions', async () => {
    const reader = emulator.addApiKey(['customer.read'], 'production');
    expect(reader).toMatch(/^pdl_live_/);
    const list = (await call(emulator, 'GET', '/customers', { key: reader })).body.data;
    expect(list.map((c: { email: string }) => c.email)).toEqual(['live-only@example.com']);
    expect((await call(emulator, 'GET', '/products', { key: reader })).body.error.code).toBe('forbidden');
  });

  it('reset() returns both accounts to their seeded records', async () => {
    await call(emulator, 'POST', '/customers', { ...live(), body: { email: 'later@example.com' } });
    emulator.reset();
    const list = (await call(emulator, 'GET', '/customers', live())).body.data;
    expect(list.map((c: { email: string }) => c.email)).toEqual(['live-only@example.com']);
    expect((await call(emulator, 'GET', '/products', live())).body.data).toEqual([]);
  });

  it('demo: false starts the sandbox account empty', async () => {
    const empty = await startEmulator({ demo: false });
    expect((await call(empty, 'GET', '/customers')).body.data).toEqual([]);
    expect((await call(empty, 'GET', '/transactions')).body.data).toEqual([]);
    await empty.close();
  });
});
