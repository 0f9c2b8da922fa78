// Previews over real HTTP: the unit price that applies in each country (override, base, or base
// converted where the account has the currency enabled), tax per the price's tax mode at the
// emulator's own rates, a discount applied, and Paddle's formatted totals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { EMULATOR_TAX_RATES } from '../../src/emulator/preview/rates.js';
import { call, manualClock } from '../support/emulator.js';
import {
  FIVE_DOLLARS,
  HALF_OFF_SEATS,
  INCLUSIVE,
  PREVIEW_SEED,
  TEN_PERCENT,
} from '../support/preview-seed.js';
import { runCliInProcess } from '../support/run-cli-in-process.js';
import { CARDLESS, MONTHLY, NOW, PRO, pid, SEAT } from '../support/subscription-account.mjs';

let emulator: RunningEmulator;

beforeAll(async () => {
  emulator = await startEmulator({ demo: false, seed: { sandbox: PREVIEW_SEED }, now: manualClock(NOW).now });
});
afterAll(() => emulator.close());

const pricing = (body: Record<string, unknown>, key?: string) =>
  call(emulator, 'POST', '/pricing-preview', { body, ...(key ? { key } : {}) });
const inCountry = (country: string, priceId = MONTHLY, extra: Record<string, unknown> = {}) =>
  pricing({ items: [{ price_id: priceId, quantity: 1 }], address: { country_code: country }, ...extra });

describe('POST /pricing-preview: what a customer in each country pays', () => {
  it.each([
    ['GB pays its override in pounds, tax added (exclusive)', 'GB', 'GBP', '2000', '400', '2400', '£24.00'],
    ['DE pays the euro override, 19% added', 'DE', 'EUR', '2200', '418', '2618', '€26.18'],
    ['FR shares the euro override, its own rate', 'FR', 'EUR', '2200', '440', '2640', '€26.40'],
    [
      'JP has no override: the base converted, yen being enabled',
      'JP',
      'JPY',
      '3600',
      '360',
      '3960',
      '¥3,960',
    ],
    [
      'BR has no override and real not enabled: the base in dollars',
      'BR',
      'USD',
      '2400',
      '0',
      '2400',
      '$24.00',
    ],
  ])('%s', async (_, country, currency, subtotal, tax, total, formatted) => {
    const res = await inCountry(country);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.currency_code).toBe(currency);
    const [line] = res.body.data.details.line_items;
    expect(line.totals).toEqual({ subtotal, discount: '0', tax, total });
    expect(line.formatted_totals.total).toBe(formatted);
    expect(line.tax_rate).toBe(EMULATOR_TAX_RATES[country] ?? '0');
    expect(line.price.id).toBe(MONTHLY);
    expect(line.product.id).toBe(PRO);
  });

  it('a tax-inclusive price holds its tax: DE pays 11.90 of which 1.90 is tax', async () => {
    const [line] = (await inCountry('DE', INCLUSIVE)).body.data.details.line_items;
    expect(line.totals).toEqual({ subtotal: '1000', discount: '0', tax: '190', total: '1190' });
    expect(line.formatted_unit_totals).toEqual({
      subtotal: '€10.00',
      discount: '€0.00',
      tax: '€1.90',
      total: '€11.90',
    });
  });

  it('applies a percentage discount per line and unit, and names it', async () => {
    const res = await pricing({
      items: [{ price_id: MONTHLY, quantity: 2 }],
      address: { country_code: 'GB' },
      discount_id: TEN_PERCENT,
    });
    const [line] = res.body.data.details.line_items;
    expect(line.totals).toEqual({ subtotal: '4000', discount: '400', tax: '720', total: '4320' });
    expect(line.unit_totals).toEqual({ subtotal: '2000', discount: '200', tax: '360', total: '2160' });
    expect(line.discounts).toMatchObject([
      { discount: { id: TEN_PERCENT }, total: '400', formatted_total: '£4.00' },
    ]);
    expect(res.body.data.discount_id).toBe(TEN_PERCENT);
  });

  it('a restricted discount touches only its prices; a flat one is spent once', async () => {
    const items = [
      { price_id: MONTHLY, quantity: 1 },
      { price_id: SEAT, quantity: 2 },
    ];
    const half = await pricing({ items, address: { country_code: 'US' }, discount_id: HALF_OFF_SEATS });
    expect(
      half.body.data.details.line_items.map((l: { totals: { discount: string } }) => l.totals.discount),
    ).toEqual(['0', '500']);
    const flat = await pricing({ items, address: { country_code: 'US' }, discount_id: FIVE_DOLLARS });
    expect(
      flat.body.data.details.line_items.map((l: { totals: { discount: string } }) => l.totals.discount),
    ).toEqual(['500', '0']);
  });

  it('needs transaction.read, as Paddle says', async () => {
    const body = { items: [{ price_id: MONTHLY, quantity: 1 }] };
    expect((await pricing(body, emulator.addApiKey(['price.read']))).status).toBe(403);
    expect((await pricing(body, emulator.addApiKey(['transaction.read']))).status).toBe(200);
  });

  it('refuses a body without items, and names a price it does not have', async () => {
    const empty = await pricing({});
    expect(empty.status).toBe(400);
    expect(empty.body.error.errors).toEqual([{ field: '(root)', message: 'items is required' }]);
    const missing = await pricing({ items: [{ price_id: pid('pri', 99), quantity: 1 }] });
    expect(missing.status).toBe(404);
  });
});

describe('the account settings previews follow', () => {
  it('options win over the seed: real enabled instead of yen, prices tax-inclusive by default', async () => {
    const other = await startEmulator({
      demo: false,
      seed: { sandbox: PREVIEW_SEED },
      now: manualClock(NOW).now,
      enabledCurrencies: ['BRL'],
      defaultTaxMode: 'inclusive',
    });
    try {
      const at = (country: string) =>
        call(other, 'POST', '/pricing-preview', {
          body: { items: [{ price_id: MONTHLY, quantity: 1 }], address: { country_code: country } },
        });
      const brazil = (await at('BR')).body.data;
      expect(brazil.currency_code).toBe('BRL');
      expect(brazil.details.line_items[0].totals.total).toBe('12000');
      expect((await at('JP')).body.data.currency_code).toBe('USD');
      const [gb] = (await at('GB')).body.data.details.line_items;
      expect(gb.totals).toEqual({ subtotal: '1667', discount: '0', tax: '333', total: '2000' });
    } finally {
      await other.close();
    }
  });

  it('the CLI refuses a currency Paddle does not sell in and an unknown tax mode', async () => {
    const currency = await runCliInProcess(['emulator', '--enable-currencies', 'JPY,XYZ']);
    expect(currency.code).toBe(1);
    expect(currency.stderr).toContain('--enable-currencies: "XYZ" is not a currency Paddle sells in.');
    const mode = await runCliInProcess(['emulator', '--default-tax-mode', 'internal']);
    expect(mode.code).toBe(1);
    expect(mode.stderr).toContain('--default-tax-mode must be exclusive, inclusive or location');
  });
});

describe('POST /transactions/preview', () => {
  const preview = (body: Record<string, unknown>) =>
    call(emulator, 'POST', '/transactions/preview', { body });

  it('prices a price that does not exist yet, per country', async () => {
    const price = {
      description: 'Pro monthly, new',
      product_id: PRO,
      billing_cycle: { interval: 'month', frequency: 1 },
      unit_price: { amount: '2900', currency_code: 'USD' },
      unit_price_overrides: [{ country_codes: ['GB'], unit_price: { amount: '2400', currency_code: 'GBP' } }],
    };
    const res = await preview({ items: [{ price, quantity: 1 }], address: { country_code: 'GB' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.items[0].price).toMatchObject({ id: null, type: 'custom', product_id: PRO });
    expect(res.body.data.details.totals).toMatchObject({
      subtotal: '2400',
      tax: '480',
      total: '2880',
      currency_code: 'GBP',
    });
    expect(res.body.data.details.line_items[0]).toMatchObject({ price_id: null, tax_rate: '0.2' });
  });

  it('a trial bills nothing now unless ignore_trials', async () => {
    const items = [{ price_id: CARDLESS, quantity: 1 }];
    const trial = await preview({ items, address: { country_code: 'US' } });
    expect(trial.body.data.details.totals.total).toBe('0');
    const ignored = await preview({ items, address: { country_code: 'US' }, ignore_trials: true });
    expect(ignored.body.data.details.totals.total).toBe('2400');
  });

  it('names a bad non-catalog price field where it is in the request', async () => {
    const res = await preview({
      items: [
        {
          price: {
            description: 'New price',
            product_id: PRO,
            unit_price: { amount: '-1', currency_code: 'USD' },
          },
          quantity: 1,
        },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.error.errors).toEqual([
      { field: 'items[0].price.unit_price.amount', message: 'The amount cannot be negative' },
    ]);
  });
});
