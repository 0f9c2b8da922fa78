// The local validator and the emulator enforce the catalog rules independently.
// Each row goes through both: `readCatalog` for an environment, and the emulator's HTTP API on an
// account with that environment's settings (approved categories, cardless early access). A catalog
// that validates must be accepted, a rejected one must be refused with a 400: a field error naming the field validate names, or
// Paddle's own code for the rule.
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { USER_CUSTOM_DATA_MAX_BYTES } from '../../src/catalog/rules/custom-data.js';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { AMOUNT_MAX, CUSTOM_DATA_MAX_BYTES } from '../../src/paddle-facts/limits.js';
import { catalogWith, errorsOf, type Json, jsonOfSize } from '../support/catalog-rules.js';
import { call } from '../support/emulator.js';

type Environment = 'sandbox' | 'production';

interface Row {
  title: string;
  price?: Json;
  product?: Json;
  environments?: Json;
  environment?: Environment;
  /** both sides accept it */
  valid: boolean;
  /** the emulator's error code when refused (default bad_request) */
  code?: string;
}

const GBP_OVERRIDE = { country_codes: ['GB'], unit_price: { amount: '800', currency_code: 'GBP' } };
const EU_OVERRIDE = { country_codes: ['DE', 'FR'], unit_price: { amount: '900', currency_code: 'EUR' } };
const paidTrial = (extra: Json = {}) => ({
  interval: 'day',
  frequency: 7,
  unit_price: { amount: '100', currency_code: 'USD' },
  ...extra,
});
const override = (codes: string[], amount = '50', currency_code = 'GBP') => ({
  country_codes: codes,
  unit_price: { amount, currency_code },
});

const ROWS: Row[] = [
  // tax categories
  { title: 'tax categories: saas needs no approval', product: { tax_category: 'saas' }, valid: true },
  { title: 'tax categories: standard needs no approval', product: { tax_category: 'standard' }, valid: true },
  {
    title: 'tax categories: an unapproved category fails with product_tax_category_not_approved',
    product: { tax_category: 'digital-goods' },
    valid: false,
    code: 'product_tax_category_not_approved',
  },
  {
    title: 'tax categories: a category approved for the environment is accepted',
    product: { tax_category: 'ebooks' },
    environments: { sandbox: { approved_tax_categories: ['ebooks'] } },
    valid: true,
  },
  {
    title: 'tax categories: approval is per environment (sandbox only, production targeted)',
    product: { tax_category: 'ebooks' },
    environments: { sandbox: { approved_tax_categories: ['ebooks'] }, production: {} },
    environment: 'production',
    valid: false,
    code: 'product_tax_category_not_approved',
  },
  { title: 'product name: 200 characters', product: { name: 'p'.repeat(200) }, valid: true },
  // Paddle's input rules: required text is not whitespace alone, custom data has a key
  { title: 'product-name-blank: a product name of spaces', product: { name: '   ' }, valid: false },
  {
    title: 'price-description-blank: a price description of spaces',
    price: { description: ' \t  ' },
    valid: false,
  },
  { title: 'custom-data-empty: a product with custom_data {}', product: { custom_data: {} }, valid: false },
  { title: 'custom-data-empty: a price with custom_data {}', price: { custom_data: {} }, valid: false },
  { title: 'custom data with one key is accepted', price: { custom_data: { plan: 'pro' } }, valid: true },
  { title: 'product name: 201 characters', product: { name: 'p'.repeat(201) }, valid: false },
  // price fields and their limits
  { title: 'price description: 2 characters', price: { description: 'ab' }, valid: true },
  { title: 'price description: 1 character', price: { description: 'a' }, valid: false },
  { title: 'price description: 501 characters', price: { description: 'd'.repeat(501) }, valid: false },
  { title: 'price name: 150 characters', price: { name: 'n'.repeat(150) }, valid: true },
  { title: 'price name: 151 characters', price: { name: 'n'.repeat(151) }, valid: false },
  { title: 'price name: empty', price: { name: '' }, valid: false },
  { title: 'amount: "0"', price: { unit_price: { amount: '0', currency_code: 'USD' } }, valid: true },
  {
    title: `amount-too-large: ${AMOUNT_MAX} is the largest amount`,
    price: { unit_price: { amount: AMOUNT_MAX, currency_code: 'USD' } },
    valid: true,
  },
  {
    title: 'amount-too-large: one digit more',
    price: { unit_price: { amount: `1${AMOUNT_MAX}`, currency_code: 'USD' } },
    valid: false,
  },
  {
    title: 'custom-data-too-large: custom_data that fits beside the marker',
    price: { custom_data: jsonOfSize(USER_CUSTOM_DATA_MAX_BYTES) },
    valid: true,
  },
  {
    title: 'custom-data-too-large: custom_data over 64 KiB',
    product: { custom_data: jsonOfSize(CUSTOM_DATA_MAX_BYTES + 1) },
    valid: false,
  },
  {
    title: 'amount: negative',
    price: { unit_price: { amount: '-1', currency_code: 'USD' } },
    valid: false,
  },
  {
    title: 'currency: CLP (zero-decimal) is accepted',
    price: { unit_price: { amount: '9000', currency_code: 'CLP' } },
    valid: true,
  },
  {
    title: 'billing cycle: frequency 999',
    price: { billing_cycle: { interval: 'year', frequency: 999 } },
    valid: true,
  },
  {
    title: 'billing cycle: frequency 1000',
    price: { billing_cycle: { interval: 'day', frequency: 1000 } },
    valid: false,
    code: 'price_billing_cycle_frequency_greater_than_maximum',
  },
  {
    title: 'billing cycle: frequency 0',
    price: { billing_cycle: { interval: 'day', frequency: 0 } },
    valid: false,
    code: 'price_billing_cycle_frequency_below_1',
  },
  {
    title: 'quantity: 1 to 999999999',
    price: { quantity: { minimum: 1, maximum: 999_999_999 } },
    valid: true,
  },
  {
    title: 'quantity: minimum equal to maximum',
    price: { quantity: { minimum: 5, maximum: 5 } },
    valid: true,
  },
  { title: 'quantity: minimum 0', price: { quantity: { minimum: 0, maximum: 5 } }, valid: false },
  {
    title: 'quantity: maximum above 999999999',
    price: { quantity: { minimum: 1, maximum: 1_000_000_000 } },
    valid: false,
  },
  {
    title: 'quantity: minimum above maximum',
    price: { quantity: { minimum: 6, maximum: 5 } },
    valid: false,
  },
  // unit price overrides
  {
    title: 'overrides: two markets',
    price: { unit_price_overrides: [GBP_OVERRIDE, EU_OVERRIDE] },
    valid: true,
  },
  {
    title: 'overrides: a made-up country code',
    price: { unit_price_overrides: [override(['ZZ'])] },
    valid: false,
  },
  {
    title: 'overrides: a country Paddle does not sell to',
    price: { unit_price_overrides: [override(['KP'])] },
    valid: false,
  },
  {
    title: 'overrides: a country twice in one override',
    price: { unit_price_overrides: [override(['GB', 'GB'])] },
    valid: false,
  },
  {
    title: 'overrides: a country in two overrides in one currency',
    price: { unit_price_overrides: [override(['GB']), override(['IE', 'GB'])] },
    valid: false,
    code: 'price_duplicate_currency_override_for_country',
  },
  {
    title: 'overrides: 251 overrides (at most 250)',
    price: { unit_price_overrides: Array.from({ length: 251 }, () => override(['GB'])) },
    valid: false,
  },
  // trial rules
  {
    title: 'free trial: a free trial',
    price: { trial_period: { interval: 'day', frequency: 14 } },
    valid: true,
  },
  {
    title: 'free trial: requires_payment_method true is an ordinary trial',
    price: { trial_period: { interval: 'day', frequency: 14, requires_payment_method: true } },
    valid: true,
  },
  {
    title: 'free trial: trial frequency 0',
    price: { trial_period: { interval: 'day', frequency: 0 } },
    valid: false,
    code: 'price_trial_period_frequency_below_1',
  },
  {
    title: 'free trial: a free trial with an empty trial override list',
    price: { trial_period: { interval: 'day', frequency: 14, unit_price_overrides: [] } },
    valid: true,
  },
  {
    title: 'paid trial: a paid trial in the price currency',
    price: { trial_period: paidTrial() },
    valid: true,
  },
  {
    title: 'paid trial: a paid trial that also requires a payment method',
    price: { trial_period: paidTrial({ requires_payment_method: true }) },
    valid: true,
  },
  {
    title: 'paid trial: a paid trial in another currency',
    price: { trial_period: paidTrial({ unit_price: { amount: '100', currency_code: 'EUR' } }) },
    valid: false,
    code: 'trial_currency_mismatch',
  },
  {
    title: 'paid trial: trial overrides match by set of countries, in any order',
    price: {
      unit_price_overrides: [GBP_OVERRIDE, EU_OVERRIDE],
      trial_period: paidTrial({
        unit_price_overrides: [override(['FR', 'DE'], '90', 'EUR'), override(['GB'])],
      }),
    },
    valid: true,
  },
  {
    title: 'paid trial: a price override without its trial override',
    price: {
      unit_price_overrides: [GBP_OVERRIDE, EU_OVERRIDE],
      trial_period: paidTrial({ unit_price_overrides: [override(['GB'])] }),
    },
    valid: false,
    code: 'trial_currency_mismatch',
  },
  {
    title: 'paid trial: a trial override on a subset of its price override’s countries',
    price: {
      unit_price_overrides: [EU_OVERRIDE],
      trial_period: paidTrial({ unit_price_overrides: [override(['DE'], '90', 'EUR')] }),
    },
    valid: false,
    code: 'trial_currency_mismatch',
  },
  {
    title: 'paid trial: a trial override with no price override',
    price: { trial_period: paidTrial({ unit_price_overrides: [override(['GB'])] }) },
    valid: false,
    code: 'trial_currency_mismatch',
  },
  {
    title: 'paid trial: two trial overrides for one price override',
    price: {
      unit_price_overrides: [GBP_OVERRIDE],
      trial_period: paidTrial({ unit_price_overrides: [override(['GB']), override(['GB'], '60')] }),
    },
    valid: false,
    code: 'trial_currency_mismatch',
  },
  {
    title: 'paid trial: a trial override in another currency than its price override',
    price: {
      unit_price_overrides: [GBP_OVERRIDE],
      trial_period: paidTrial({ unit_price_overrides: [override(['GB'], '60', 'USD')] }),
    },
    valid: false,
    code: 'trial_currency_mismatch',
  },
  {
    title: 'paid trial: trial overrides on a free trial',
    price: {
      unit_price_overrides: [GBP_OVERRIDE],
      trial_period: { interval: 'day', frequency: 7, unit_price_overrides: [override(['GB'])] },
    },
    valid: false,
  },
  {
    title: 'cardless trial: cardless without early access is 400 bad_request',
    price: { trial_period: { interval: 'day', frequency: 7, requires_payment_method: false } },
    valid: false,
    code: 'bad_request',
  },
  {
    title: 'cardless trial: cardless with early access',
    price: { trial_period: { interval: 'day', frequency: 7, requires_payment_method: false } },
    environments: { sandbox: { cardless_trials: true } },
    valid: true,
  },
  {
    title: 'cardless trial: early access in sandbox only, production targeted',
    price: { trial_period: { interval: 'day', frequency: 7, requires_payment_method: false } },
    environments: { sandbox: { cardless_trials: true }, production: {} },
    environment: 'production',
    valid: false,
    code: 'bad_request',
  },
  {
    title: 'trial-paid-and-cardless: paid and cardless, even with early access',
    price: { trial_period: paidTrial({ requires_payment_method: false }) },
    environments: { sandbox: { cardless_trials: true } },
    valid: false,
    code: 'trial_is_either_paid_or_cardless',
  },
  {
    title: 'trial-needs-billing-cycle: a trial on a one-time price',
    price: { billing_cycle: undefined, trial_period: { interval: 'day', frequency: 7 } },
    valid: false,
    code: 'price_trial_period_requires_billing_cycle',
  },
];

const emulators = new Map<string, Promise<RunningEmulator>>();
afterAll(async () => {
  for (const emulator of emulators.values()) await (await emulator).close();
});

/** One emulator per account configuration: an account with the environment's declared settings. */
function emulatorFor(settings: Json | undefined): Promise<RunningEmulator> {
  const approved = (settings?.approved_tax_categories as string[] | undefined) ?? [];
  const cardless = settings?.cardless_trials === true;
  const id = JSON.stringify([approved, cardless]);
  let emulator = emulators.get(id);
  if (!emulator) {
    emulator = startEmulator({
      demo: false,
      approvedTaxCategories: approved,
      cardlessTrials: cardless,
    });
    emulators.set(id, emulator);
  }
  return emulator;
}

/** `a.b[0].c` and `a.b.0.c` alike. */
const dotted = (field: string) => field.replace(/\[(\d+)\]/g, '.$1');
const related = (a: string, b: string) => a === b || a.startsWith(`${b}.`) || b.startsWith(`${a}.`);

/** Creates the catalog's product and then its prices; the first refusal, if any. */
async function throughEmulator(text: string, environment: Environment) {
  const catalog = parse(text);
  const emulator = await emulatorFor(catalog.environments?.[environment]);
  // fields of the catalog alone, never sent as such: what a product includes goes in its custom_data
  // (src/planner/features.ts), a move and a retirement are operations of their own
  for (const [, { prices, features: _f, adds: _a, status: _s, ...product }] of Object.entries<Json>(
    catalog.products,
  )) {
    const created = await call(emulator, 'POST', '/products', { body: product });
    if (created.status !== 201) return { at: '', response: created };
    for (const [key, entry] of Object.entries(prices as Record<string, Json>)) {
      const {
        subscribers_from: _from,
        proration: _mode,
        bills_from: _bills,
        status: _status,
        ...price
      } = entry;
      const body = { ...price, product_id: created.body.data.id };
      const response = await call(emulator, 'POST', '/prices', { body });
      if (response.status !== 201) return { at: `prices.${key}.`, response };
    }
  }
  return undefined;
}

describe('validate and the emulator agree on the catalog rules', () => {
  it.each(ROWS)('$title', async (row) => {
    const environment = row.environment ?? 'sandbox';
    const text = catalogWith({ price: row.price, product: row.product, environments: row.environments });
    const issues = errorsOf(text, environment);
    const refused = await throughEmulator(text, environment);
    expect(issues.length === 0, 'validate accepts').toBe(row.valid);
    expect(refused === undefined, 'the emulator accepts').toBe(row.valid);
    if (!refused) return;
    // a 400 with our or Paddle's code, naming the offending field
    const { status, body } = refused.response;
    expect([status, body.error.code]).toEqual([400, row.code ?? 'bad_request']);
    // Paddle's own codes (price_…, trial_…, product_tax_…) come with no errors[] to name a field
    if (body.error.errors === undefined) return;
    const field = `products.pro.${refused.at}${dotted(body.error.errors[0].field)}`.replace(
      'prices.monthly.(root)',
      'prices.monthly',
    );
    const paths = issues.map((issue) => issue.path);
    expect(
      paths.some((path) => related(path, field)),
      `${field} vs ${paths.join(', ')}`,
    ).toBe(true);
  });
});

/**
 * Where the catalog is deliberately stricter than the API (we ask for these checks; the API,
 * and so the emulator, lets them through). A stricter validate never makes an apply fail.
 */
const STRICTER: Row[] = [
  {
    title:
      'overrides: a country in two overrides in different currencies (the API keys on country and currency)',
    price: { unit_price_overrides: [override(['GB']), override(['GB'], '900', 'EUR')] },
    valid: false,
  },
  {
    title: 'trial period: frequency above 999 (the API sets no maximum on a trial)',
    price: { trial_period: { interval: 'day', frequency: 1000 } },
    valid: false,
  },
  {
    title: "custom-data-too-large: validate keeps room for the tool's marker, which this request lacks",
    price: { custom_data: jsonOfSize(CUSTOM_DATA_MAX_BYTES) },
    valid: false,
  },
];

describe('where validate is stricter than the API', () => {
  it.each(STRICTER)('$title', async (row) => {
    const text = catalogWith({ price: row.price });
    expect(errorsOf(text)).not.toEqual([]);
    expect(await throughEmulator(text, 'sandbox')).toBeUndefined();
  });
});

describe('the example catalogs', () => {
  const dir = new URL('../../catalogs/', import.meta.url);
  const examples = readdirSync(dir).filter((name) => name.endsWith('.yaml'));
  it.each(examples)('%s validates and the emulator accepts every product and price of it', async (name) => {
    const text = readFileSync(new URL(name, dir), 'utf8');
    expect(errorsOf(text)).toEqual([]);
    expect(await throughEmulator(text, 'sandbox')).toBeUndefined();
  });
});
