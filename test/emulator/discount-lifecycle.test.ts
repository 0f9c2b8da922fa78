// A discount's whole life over real HTTP: Paddle sets `expired` when expires_at passes and `used`
// when times_used reaches usage_limit (OpenAPI `status-discount`); the list's `status` filter takes
// all four (the Node SDK's ListDiscountQueryParameters), active only by default; the emulator's
// clock is moved with POST /__emulator/clock; times_used is seeded or counted from transactions.
import { afterEach, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { call, manualClock, moveClock } from '../support/emulator.js';
import { sdkOf } from '../support/sdk.js';
import { NOW } from '../support/subscription-account.mjs';

let emulator: RunningEmulator;
afterEach(() => emulator?.close());

const DSC = {
  expiring: 'dsc_01h000000000000000000000e1',
  limited: 'dsc_01h000000000000000000000u1',
  archived: 'dsc_01h000000000000000000000a1',
};

const discount = (id: string, fields: Record<string, unknown>) => ({
  id,
  description: `Discount ${id}`,
  type: 'percentage',
  amount: '10',
  ...fields,
});

// biome-ignore lint/suspicious/noExplicitAny: wire JSON under test
const json = async (res: Response): Promise<any> => res.json();

const statuses = async (query: string) =>
  (await call(emulator, 'GET', `/discounts${query}`)).body.data.map((d: { id: string; status: string }) => [
    d.id,
    d.status,
  ]);

describe('discount statuses', () => {
  it('expires_at passing makes a discount expired; the default list leaves it out, status=expired finds it', async () => {
    emulator = await startEmulator({
      demo: false,
      seed: {
        sandbox: {
          discounts: [discount(DSC.expiring, { code: 'SOON', expires_at: '2030-01-01T00:00:00Z' })],
        },
      },
    });
    expect(await statuses('')).toEqual([[DSC.expiring, 'active']]);
    const moved = await moveClock(emulator, '2030-01-01T00:00:01Z');
    expect(moved.status).toBe(200);
    expect(Date.parse(moved.body.now)).toBeGreaterThanOrEqual(Date.parse('2030-01-01T00:00:01Z'));
    expect(await statuses('')).toEqual([]);
    expect(await statuses('?status=expired')).toEqual([[DSC.expiring, 'expired']]);
    expect(await statuses('?status=active,archived,expired,used')).toEqual([[DSC.expiring, 'expired']]);
    const got = await call(emulator, 'GET', `/discounts/${DSC.expiring}`);
    expect(got.body.data.status).toBe('expired');
    // its code is still taken
    const again = await call(emulator, 'POST', '/discounts', {
      body: { description: 'Again', type: 'percentage', amount: '5', code: 'soon' },
    });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('discount_code_conflict');
  });

  it('times_used reaching usage_limit makes a discount used; a seeded times_used is kept as given', async () => {
    emulator = await startEmulator({
      demo: false,
      seed: {
        sandbox: {
          discounts: [
            discount(DSC.limited, { usage_limit: 3, times_used: 3 }),
            discount(DSC.expiring, { usage_limit: 3, times_used: 2 }),
          ],
        },
      },
    });
    expect(await statuses('?status=used')).toEqual([[DSC.limited, 'used']]);
    expect(await statuses('?status=active')).toEqual([[DSC.expiring, 'active']]);
    const got = await call(emulator, 'GET', `/discounts/${DSC.limited}`);
    expect(got.body.data).toMatchObject({ status: 'used', times_used: 3, usage_limit: 3 });
  });

  it('times_used left out counts the seeded transactions that redeemed the discount (billed, paid, completed)', async () => {
    const customer = 'ctm_01h0000000000000000000000c';
    const txn = (status: string) => ({
      customer_id: customer,
      status,
      currency_code: 'USD',
      billed_at: status === 'draft' ? null : '2025-01-01T00:00:00Z',
      discount_id: DSC.limited,
      details: { totals: { subtotal: '1000', tax: '0' } },
    });
    emulator = await startEmulator({
      demo: false,
      seed: {
        sandbox: {
          customers: [{ id: customer, email: 'kim@example.com' }],
          discounts: [discount(DSC.limited, { usage_limit: 2 })],
          transactions: [txn('completed'), txn('paid'), txn('draft')],
        },
      },
    });
    const got = await call(emulator, 'GET', `/discounts/${DSC.limited}`);
    expect(got.body.data).toMatchObject({ status: 'used', times_used: 2 });
    const transactions = (await call(emulator, 'GET', '/transactions')).body.data;
    expect(transactions.map((t: { discount_id: string }) => t.discount_id)).toEqual([
      DSC.limited,
      DSC.limited,
      DSC.limited,
    ]);
  });

  it('an archived discount stays archived when it expires; an expired one can be archived, and extended back to active', async () => {
    emulator = await startEmulator({
      demo: false,
      seed: {
        sandbox: {
          discounts: [
            discount(DSC.archived, { status: 'archived', expires_at: '2020-01-01T00:00:00Z' }),
            discount(DSC.expiring, { expires_at: '2020-01-01T00:00:00Z' }),
          ],
        },
      },
    });
    expect(await statuses('?status=archived,expired')).toEqual([
      [DSC.expiring, 'expired'],
      [DSC.archived, 'archived'],
    ]);
    const extended = await call(emulator, 'PATCH', `/discounts/${DSC.expiring}`, {
      body: { expires_at: '2099-01-01T00:00:00Z' },
    });
    expect(extended.body.data.status).toBe('active');
    await call(emulator, 'PATCH', `/discounts/${DSC.expiring}`, {
      body: { expires_at: '2020-06-01T00:00:00Z' },
    });
    const archived = await call(emulator, 'PATCH', `/discounts/${DSC.expiring}`, {
      body: { status: 'archived' },
    });
    expect(archived.status).toBe(200);
    expect(archived.body.data.status).toBe('archived');
    const unarchived = await call(emulator, 'PATCH', `/discounts/${DSC.expiring}`, {
      body: { status: 'active' },
    });
    expect(unarchived.body.data.status).toBe('expired');
  });

  it('a write sets active or archived only: expired and used are Paddle’s to set', async () => {
    emulator = await startEmulator({
      demo: false,
      seed: { sandbox: { discounts: [discount(DSC.expiring, {})] } },
    });
    const res = await call(emulator, 'PATCH', `/discounts/${DSC.expiring}`, { body: { status: 'expired' } });
    expect(res.status).toBe(400);
    expect(res.body.error.errors[0].field).toBe('status');
  });

  it('the status filter refuses a value that is not a discount status, naming all four', async () => {
    emulator = await startEmulator({ demo: false });
    const res = await call(emulator, 'GET', '/discounts?status=active,gone');
    expect(res.status).toBe(400);
    expect(res.body.error.errors).toEqual([
      {
        field: 'status[1]',
        message: 'must be one of the following values: active|archived|expired|used. Provided: gone',
      },
    ]);
  });

  it('the Node SDK lists expired and used discounts with its status option and reads their status', async () => {
    emulator = await startEmulator({
      demo: false,
      seed: {
        sandbox: {
          discounts: [
            discount(DSC.expiring, { expires_at: '2020-01-01T00:00:00Z' }),
            discount(DSC.limited, { usage_limit: 1, times_used: 1 }),
          ],
        },
      },
    });
    const paddle = sdkOf(emulator);
    const found: [string, string][] = [];
    for await (const d of paddle.discounts.list({ status: ['expired', 'used'] }))
      found.push([d.id, d.status]);
    expect(found).toEqual([
      [DSC.limited, 'used'],
      [DSC.expiring, 'expired'],
    ]);
  });
});

describe('POST /__emulator/clock', () => {
  it('moves the clock, runs on from there, goes back with null, and reset puts it back', async () => {
    // the clock the emulator is given (the real time when none is), moved on by the test only
    const base = manualClock(NOW);
    emulator = await startEmulator({ demo: false, now: base.now });
    const moved = await moveClock(emulator, '2031-05-05T05:05:05Z');
    expect(moved.body.now).toBe('2031-05-05T05:05:05.000Z');
    base.advance(2_000);
    const created = await call(emulator, 'POST', '/discounts', {
      body: { description: 'Later', type: 'percentage', amount: '5' },
    });
    expect(created.body.data.created_at.startsWith('2031-05-05T05:05:07')).toBe(true);
    const read = await json(await fetch(`${emulator.url}/__emulator/clock`));
    expect(read.now).toBe('2031-05-05T05:05:07.000Z');
    const back = await moveClock(emulator, null);
    expect(back.body.now).toBe('2026-01-15T12:00:02.000Z');
    await moveClock(emulator, '2031-05-05T05:05:05Z');
    emulator.reset();
    const after = await json(await fetch(`${emulator.url}/__emulator/clock`));
    expect(after.now).toBe('2026-01-15T12:00:02.000Z');
  });

  it('refuses an unknown field or an instant that is not RFC 3339 (400 naming it)', async () => {
    emulator = await startEmulator({ demo: false });
    const post = (body: string) => fetch(`${emulator.url}/__emulator/clock`, { method: 'POST', body });
    const unknown = await post(JSON.stringify({ time: '2030-01-01T00:00:00Z' }));
    expect(unknown.status).toBe(400);
    expect((await json(unknown)).error.detail).toContain('unknown field time');
    const bad = await post(JSON.stringify({ now: 'tomorrow' }));
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.detail).toContain('RFC 3339');
    const array = await post('[]');
    expect(array.status).toBe(400);
  });
});
