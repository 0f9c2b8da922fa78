// The emulator's clock and renewals under input a test or a team could send: seed and admin input
// it could not step through is refused naming the field, a refused clock move changes nothing, a
// move's renewals are bounded, a clock moved back keeps what is due later, and a renewal keeps its
// day of the month (clamped to a shorter month's end: the emulator's choice, Paddle does not say;
// https://developer.paddle.com/build/subscriptions/change-billing-dates says only that renewals fall
// on the anniversary of the subscription's creation or of the billing date it was changed to).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type AccountSeed, type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { loadSeedFile } from '../../src/emulator/seed-file.js';
import { tempDir } from '../support/catalog-files.js';
import { call, manualClock, moveClock } from '../support/emulator.js';
import { KIM, NOW, PRO, pid, sub } from '../support/subscription-account.mjs';

const price = (n: number, interval: string, frequency = 1) => ({
  id: pid('pri', n),
  product_id: PRO,
  description: `every ${frequency} ${interval}`,
  billing_cycle: { interval, frequency },
  unit_price: { amount: '1000', currency_code: 'USD' },
});
const [MONTHLY, YEARLY, DAILY] = [price(1, 'month'), price(2, 'year'), price(3, 'day')];

/** A sandbox with Kim, the three prices and `subscriptions` (short form). */
function seedWith(subscriptions: AccountSeed['subscriptions'] = []): AccountSeed {
  return {
    customers: [{ id: KIM, email: 'kim@example.com' }],
    products: [{ id: PRO, name: 'Pro', tax_category: 'saas' }],
    prices: [MONTHLY, YEARLY, DAILY],
    subscriptions,
  };
}

const active = (n: number, priceId: string, nextBilledAt: string) => ({
  id: sub(n),
  customer_id: KIM,
  status: 'active',
  currency_code: 'USD',
  next_billed_at: nextBilledAt,
  items: [{ price_id: priceId, quantity: 1 }],
});

let emulator: RunningEmulator | undefined;
afterEach(async () => {
  await emulator?.close();
  emulator = undefined;
});

async function start(section: AccountSeed, now = NOW): Promise<RunningEmulator> {
  emulator = await startEmulator({ demo: false, seed: { sandbox: section }, now: manualClock(now).now });
  return emulator;
}

const clockReads = async (e: RunningEmulator) =>
  ((await (await fetch(`${e.url}/__emulator/clock`)).json()) as { now: string }).now;

/** The billing periods' starts of a subscription's renewals, as days. */
async function renewalDays(e: RunningEmulator, id: string): Promise<string[]> {
  const list = await call(e, 'GET', `/transactions?subscription_id=${id}&order_by=id[ASC]&per_page=200`);
  expect(list.status).toBe(200);
  return list.body.data.map((t: { billing_period: { starts_at: string } }) =>
    t.billing_period.starts_at.slice(0, 10),
  );
}

function seedFile(text: string): string {
  const file = join(tempDir(), 'seed.yaml');
  writeFileSync(file, text);
  return file;
}

const seedPrice = (cycle: string) => `
sandbox:
  products: [{ id: ${PRO}, name: Pro }]
  prices:
    - id: ${MONTHLY.id}
      product_id: ${PRO}
      unit_price: { amount: "1000", currency_code: USD }
      billing_cycle: ${cycle}
`;

describe('seed files the emulator could not run are refused, naming the field', () => {
  it.each([
    ['0', '{ interval: month, frequency: 0 }'],
    ['null', '{ interval: month, frequency: null }'],
    ['1e-9', '{ interval: month, frequency: 1e-9 }'],
    ['1000', '{ interval: month, frequency: 1000 }'],
  ])('a billing_cycle.frequency of %s (it would renew forever on one date)', async (_, cycle) => {
    await expect(loadSeedFile(seedFile(seedPrice(cycle)))).rejects.toThrow(
      /sandbox\.prices\.0\.billing_cycle\.frequency: must be a whole number from 1 to 999/,
    );
  });

  it('a billing_cycle.interval that is not day, week, month or year', async () => {
    await expect(loadSeedFile(seedFile(seedPrice('{ interval: fortnight, frequency: 1 }')))).rejects.toThrow(
      /sandbox\.prices\.0\.billing_cycle\.interval/,
    );
  });

  it('a date that does not exist (2026-02-30 is not taken as 2 March)', async () => {
    const text = `${seedPrice('{ interval: month, frequency: 1 }')}
  customers: [{ id: ${KIM}, email: kim@example.com }]
  subscriptions:
    - { customer_id: ${KIM}, status: active, currency_code: USD, next_billed_at: "2026-02-30T00:00:00Z", items: [{ price_id: ${MONTHLY.id} }] }
`;
    await expect(loadSeedFile(seedFile(text))).rejects.toThrow(
      /sandbox\.subscriptions\.0\.next_billed_at: must be an RFC 3339 date-time with a zone, on a day that exists/,
    );
  });

  it("a subscription in Paddle's full shape without billing_cycle", async () => {
    const text = `
sandbox:
  customers: [{ id: ${KIM}, email: kim@example.com }]
  subscriptions:
    - { customer_id: ${KIM}, status: active, currency_code: USD, next_billed_at: "2026-02-01T00:00:00Z", items: [{ price: { id: ${MONTHLY.id} }, quantity: 1 }] }
`;
    await expect(loadSeedFile(seedFile(text))).rejects.toThrow(
      /sandbox\.subscriptions\.0\.billing_cycle: is required/,
    );
  });
});

describe('POST /__emulator/subscriptions refuses what it could not run', () => {
  const add = (e: RunningEmulator, subscription: Record<string, unknown>) =>
    call(e, 'POST', '/__emulator/subscriptions', { body: { subscriptions: [subscription] }, key: null });

  it('a full-shape subscription without billing_cycle is a 400, and every API call after it still answers', async () => {
    const e = await start(seedWith());
    const withoutCycle = {
      ...active(1, MONTHLY.id, '2026-02-01T00:00:00.000Z'),
      items: [{ price: MONTHLY, quantity: 1, recurring: true }],
    };
    const refused = await add(e, withoutCycle);
    expect(refused.status).toBe(400);
    expect(refused.body.error.detail).toMatch(/^subscriptions\.0\.billing_cycle: is required/);
    expect((await moveClock(e, '2026-03-15T00:00:00Z')).status).toBe(200);
    expect((await call(e, 'GET', '/prices')).status).toBe(200);
    expect((await call(e, 'GET', `/subscriptions/${sub(1)}`)).status).toBe(404);
  });

  it('a full-shape subscription without an id is given one, and reads back', async () => {
    const e = await start(seedWith());
    const { id: _, ...withoutId } = active(1, MONTHLY.id, '2026-02-01T00:00:00.000Z');
    const full = {
      ...withoutId,
      billing_cycle: MONTHLY.billing_cycle,
      items: [{ price: MONTHLY, quantity: 1, recurring: true }],
    };
    const added = await add(e, full);
    expect(added.status).toBe(200);
    const id = added.body.subscriptions[0].id;
    expect(id).toMatch(/^sub_[a-z0-9]{26}$/);
    await moveClock(e, '2026-02-15T00:00:00Z');
    expect((await call(e, 'GET', `/subscriptions/${id}`)).status).toBe(200);
    expect(await renewalDays(e, id)).toEqual(['2026-02-01']);
  });

  it.each([
    ['billing_cycle', { billing_cycle: { interval: 'month', frequency: 0 } }, /billing_cycle\.frequency/],
    ['next_billed_at', { next_billed_at: '2026-02-30T00:00:00Z' }, /next_billed_at: must be an RFC 3339/],
  ])('a %s it could not step through is a 400 naming it', async (_, change, detail) => {
    const e = await start(seedWith());
    const refused = await add(e, { ...active(1, MONTHLY.id, '2026-02-01T00:00:00.000Z'), ...change });
    expect(refused.status).toBe(400);
    expect(refused.body.error.detail).toMatch(detail);
    expect((await moveClock(e, '2026-06-15T00:00:00Z')).status).toBe(200);
    expect((await call(e, 'GET', '/subscriptions')).body.data).toEqual([]);
  });
});

describe('POST /__emulator/clock', () => {
  it.each(['2026-13-01T00:00:00Z', '2026-02-30T00:00:00Z', '2026-01-01T25:00:00Z'])(
    'refuses %s with a 400 and leaves the clock where it was; the next requests answer',
    async (at) => {
      const e = await start(seedWith([active(1, MONTHLY.id, '2026-02-01T00:00:00.000Z')]));
      const refused = await moveClock(e, at);
      expect(refused.status).toBe(400);
      expect(refused.body.error.detail).toContain('on a day that exists');
      expect(await clockReads(e)).toBe(NOW);
      expect((await call(e, 'GET', `/subscriptions/${sub(1)}`)).status).toBe(200);
      expect((await moveClock(e, '2026-02-15T00:00:00Z')).status).toBe(200);
      expect(await renewalDays(e, sub(1))).toEqual(['2026-02-01']);
    },
  );

  it('a 20-year move over 200 daily subscriptions is a 400 naming the bound, and the clock stays', async () => {
    const daily = Array.from({ length: 200 }, (_, i) => active(i + 1, DAILY.id, '2026-01-16T00:00:00.000Z'));
    const e = await start(seedWith(daily));
    const refused = await moveClock(e, '2046-01-15T00:00:00Z');
    expect(refused.status).toBe(400);
    expect(refused.body.error.detail).toBe(
      'moving the clock there renews more than 250,000 billing periods at once (the most one move makes); move it in shorter steps',
    );
    expect(await clockReads(e)).toBe(NOW);
    expect((await call(e, 'GET', '/transactions?per_page=1')).body.meta.pagination.estimated_total).toBe(0);
    // a week is well within it: 7 renewals each
    expect((await moveClock(e, '2026-01-22T12:00:00Z')).status).toBe(200);
    expect(await renewalDays(e, sub(200))).toHaveLength(7);
  });

  it('the same move over 200 cardless daily trials is made: each is canceled as its trial ends, nothing renews', async () => {
    const trial = { interval: 'day', frequency: 7, requires_payment_method: false };
    const cardless = { ...price(4, 'day'), trial_period: trial };
    const trials = Array.from({ length: 200 }, (_, i) => ({
      ...active(i + 1, cardless.id, '2026-01-16T00:00:00.000Z'),
      status: 'trialing',
    }));
    const e = await start({ ...seedWith(trials), prices: [cardless], cardless_trials: true });
    expect((await moveClock(e, '2046-01-15T00:00:00Z')).status).toBe(200);
    expect((await call(e, 'GET', `/subscriptions/${sub(200)}`)).body.data.status).toBe('canceled');
    expect((await call(e, 'GET', '/transactions?per_page=1')).body.meta.pagination.estimated_total).toBe(0);
  });
});

describe('renewals keep their day of the month', () => {
  const monthEnds = ['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30', '2026-05-31'];

  it('31 Jan → 28 Feb → 31 Mar → 30 Apr → 31 May, in one move of the clock', async () => {
    const e = await start(seedWith([active(1, MONTHLY.id, '2026-01-31T09:00:00.000Z')]));
    await moveClock(e, '2026-06-15T00:00:00Z');
    expect(await renewalDays(e, sub(1))).toEqual(monthEnds);
    const renewed = (await call(e, 'GET', `/subscriptions/${sub(1)}?include=next_transaction`)).body.data;
    expect(renewed.next_billed_at).toBe('2026-06-30T09:00:00.000Z');
    expect(renewed.next_transaction.billing_period.ends_at).toBe('2026-07-31T09:00:00.000Z');
  });

  it('the same in one move a day', async () => {
    const e = await start(seedWith([active(1, MONTHLY.id, '2026-01-31T09:00:00.000Z')]));
    for (
      let day = Date.parse('2026-01-16T00:00:00Z');
      day < Date.parse('2026-06-15T00:00:00Z');
      day += 86_400_000
    )
      await moveClock(e, new Date(day).toISOString());
    expect(await renewalDays(e, sub(1))).toEqual(monthEnds);
  });

  it('a subscription started on 31 Jan bills 28 Feb first, then 31 Mar', async () => {
    const e = await start(seedWith(), '2026-01-31T10:00:00.000Z');
    const added = await call(e, 'POST', '/__emulator/subscriptions', {
      key: null,
      body: {
        subscriptions: [
          { customer_id: KIM, status: 'active', currency_code: 'USD', items: [{ price_id: MONTHLY.id }] },
        ],
      },
    });
    const id = added.body.subscriptions[0].id;
    const first = (await call(e, 'GET', `/subscriptions/${id}`)).body.data;
    expect(first.next_billed_at).toBe('2026-02-28T10:00:00.000Z');
    expect(first.current_billing_period.starts_at).toBe('2026-01-31T10:00:00.000Z');
    await moveClock(e, '2026-03-01T00:00:00Z');
    expect((await call(e, 'GET', `/subscriptions/${id}`)).body.data.next_billed_at).toBe(
      '2026-03-31T10:00:00.000Z',
    );
  });

  it('29 Feb yearly → 28 Feb in the years without one → 29 Feb 2032, a move each year', async () => {
    const e = await start(seedWith([active(1, YEARLY.id, '2028-02-29T00:00:00.000Z')]));
    for (const year of [2028, 2029, 2030, 2031, 2032]) await moveClock(e, `${year}-06-01T00:00:00Z`);
    expect(await renewalDays(e, sub(1))).toEqual([
      '2028-02-29',
      '2029-02-28',
      '2030-02-28',
      '2031-02-28',
      '2032-02-29',
    ]);
  });
});

describe('a clock moved back', () => {
  it('keeps the subscriptions due later: they renew when the clock passes their date again', async () => {
    const e = await start(seedWith([active(1, MONTHLY.id, '2026-02-01T00:00:00.000Z')]));
    await moveClock(e, '2026-04-15T00:00:00Z');
    expect(await renewalDays(e, sub(1))).toEqual(['2026-02-01', '2026-03-01', '2026-04-01']);
    await moveClock(e, '2026-02-10T00:00:00Z');
    // taken while the clock is back: it bills on 10 March, before the clock's furthest reading
    const added = await call(e, 'POST', '/__emulator/subscriptions', {
      key: null,
      body: {
        subscriptions: [
          { customer_id: KIM, status: 'active', currency_code: 'USD', items: [{ price_id: MONTHLY.id }] },
        ],
      },
    });
    const later = added.body.subscriptions[0].id;
    await moveClock(e, '2026-03-15T00:00:00Z');
    expect(await renewalDays(e, later)).toEqual(['2026-03-10']);
    await moveClock(e, '2026-05-15T00:00:00Z');
    expect(await renewalDays(e, later)).toEqual(['2026-03-10', '2026-04-10', '2026-05-10']);
    // nothing renewed twice
    expect(await renewalDays(e, sub(1))).toEqual(['2026-02-01', '2026-03-01', '2026-04-01', '2026-05-01']);
  });
});
