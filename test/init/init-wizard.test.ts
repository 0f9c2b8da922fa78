// `init` driven through its real prompts on a fake terminal (test/support/init-terminal.ts).
import { readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readCatalog } from '../../src/catalog/read.js';
import { defined } from '../support/defined.js';
import { type ChangeWrite, CTRL_C, ENTER, runInit, tempProject } from '../support/init-terminal.js';
import { ROOT } from '../support/run-cli.js';

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function project(): Promise<string> {
  const dir = await tempProject();
  dirs.push(dir);
  return dir;
}

async function written(cwd: string, file = 'catalog.yaml') {
  const text = await readFile(join(cwd, file), 'utf8');
  const { catalog, issues } = readCatalog(file, text, { environment: 'sandbox' });
  expect(issues).toEqual([]);
  return { text, catalog: defined(catalog, 'a catalog') };
}

/** Product name, key, description, tax category (typed to search the list; '' = default). */
function product(name: string, description: string, category = ''): ChangeWrite[] {
  return [
    { expect: 'Product name', keys: `${name}${ENTER}` },
    { expect: 'Product key', keys: ENTER },
    { expect: 'Product description', keys: `${description}${ENTER}` },
    { expect: 'Tax category', keys: `${category}${ENTER}` },
  ];
}

const noCountryPrices: ChangeWrite = {
  expect: 'Different prices for customers in some countries',
  keys: ENTER,
};
const noFeatures: ChangeWrite = { expect: 'Declare what each plan includes', keys: ENTER };
const noDiscount: ChangeWrite = { expect: 'Add a discount', keys: ENTER };

/** A recurring price up to (not including) the trial question. */
function recurring(interval: string, currency: string, amount: string, name = ''): ChangeWrite[] {
  return [
    { expect: 'How is it charged?', keys: ENTER },
    { expect: 'Billing interval:', keys: `${interval}${ENTER}` },
    { expect: /Billed every how many \w+s\?/, keys: ENTER },
    { expect: 'Price currency', keys: `${currency}${ENTER}` },
    { expect: `Price amount in ${currency.toUpperCase() || 'USD'}`, keys: `${amount}${ENTER}` },
    { expect: 'Price key', keys: ENTER },
    { expect: 'Price description', keys: ENTER },
    { expect: 'Price name', keys: `${name}${ENTER}` },
    noCountryPrices,
  ];
}

const trial = (kind: string, days = ''): ChangeWrite[] => [
  { expect: 'Trial:', keys: `${kind}${ENTER}` },
  { expect: 'Trial length in:', keys: ENTER },
  { expect: 'Trial lasts how many days?', keys: `${days}${ENTER}` },
];
const noTrial: ChangeWrite[] = [{ expect: 'Trial:', keys: ENTER }];
const anotherPrice = (yes: boolean): ChangeWrite => ({
  expect: 'Add another price',
  keys: `${yes ? 'y' : ''}${ENTER}`,
});
const anotherProduct = (yes: boolean): ChangeWrite => ({
  expect: 'Add another product?',
  keys: `${yes ? 'y' : ''}${ENTER}`,
});

describe('init on a terminal', () => {
  it('writes a catalog that validates: two products, recurring and one-time prices, a free trial', async () => {
    const cwd = await project();
    const run = await runInit(
      [],
      [
        ...product('Pro Plan', 'For teams.'),
        ...recurring('', '', '10.00', 'Monthly'),
        ...trial('free'),
        anotherPrice(true),
        ...recurring('year', '', '100'),
        ...noTrial,
        anotherPrice(false),
        anotherProduct(true),
        ...product('Desktop App', '', 'standard'),
        { expect: 'How is it charged?', keys: `one${ENTER}` },
        { expect: 'Price currency', keys: `jpy${ENTER}` },
        { expect: 'Price amount in JPY (e.g. 1200)', keys: `1200${ENTER}` },
        { expect: 'Price key', keys: ENTER },
        { expect: 'Price description', keys: ENTER },
        { expect: 'Price name', keys: ENTER },
        noCountryPrices,
        anotherPrice(false),
        anotherProduct(false),
        noFeatures,
        noDiscount,
      ],
      { cwd },
    );
    expect(run.unused).toEqual([]);
    expect(run.code).toBe(0);
    const { text, catalog } = await written(cwd);
    expect(catalog).toEqual({
      version: 1,
      products: {
        'pro-plan': {
          name: 'Pro Plan',
          tax_category: 'saas',
          description: 'For teams.',
          prices: {
            monthly: {
              description: 'Pro Plan monthly',
              name: 'Monthly',
              unit_price: { amount: '1000', currency_code: 'USD' },
              billing_cycle: { interval: 'month', frequency: 1 },
              trial_period: { interval: 'day', frequency: 14 },
            },
            yearly: {
              description: 'Pro Plan yearly',
              unit_price: { amount: '10000', currency_code: 'USD' },
              billing_cycle: { interval: 'year', frequency: 1 },
            },
          },
        },
        'desktop-app': {
          name: 'Desktop App',
          tax_category: 'standard',
          prices: {
            'one-time': {
              description: 'Desktop App one-time',
              unit_price: { amount: '1200', currency_code: 'JPY' },
            },
          },
        },
      },
    });
    expect(text.split('\n')[0]).toBe('# yaml-language-server: $schema=./catalog.schema.json');
    expect(text).toContain('unit_price: { amount: "1000", currency_code: USD }');
    expect(run.screen).toContain('written as amount: "1000" ($10.00)');
    expect(run.stdout).toContain('wrote catalog.yaml: 2 products, 3 prices');
    expect(run.stdout).toContain('paddle-catalog validate catalog.yaml');
    expect(run.stdout).toContain('paddle-catalog plan catalog.yaml --local');
    // no schema reachable from the file (no install in the project): init writes it beside the file
    expect(run.stdout).toContain('wrote catalog.schema.json');
    const schema = await readFile(join(run.cwd, 'catalog.schema.json'), 'utf8');
    expect(schema).toBe(await readFile(join(ROOT, 'catalogs', 'catalog.schema.json'), 'utf8'));
  });

  it('paid trial: a paid trial gets a unit_price in the price currency', async () => {
    const cwd = await project();
    const run = await runInit(
      ['plans/catalog.yaml'],
      [
        ...product('Analytics', 'Product analytics'),
        ...recurring('', 'eur', '29'),
        { expect: 'Trial:', keys: `paid${ENTER}` },
        { expect: 'Trial length in:', keys: ENTER },
        { expect: 'Trial lasts how many days?', keys: `7${ENTER}` },
        { expect: 'Trial amount in EUR', keys: `1.5${ENTER}` },
        anotherPrice(false),
        anotherProduct(false),
        noFeatures,
        noDiscount,
      ],
      { cwd },
    );
    expect(run.code).toBe(0);
    const { catalog } = await written(cwd, 'plans/catalog.yaml');
    expect(catalog.products.analytics?.prices?.monthly).toMatchObject({
      unit_price: { amount: '2900', currency_code: 'EUR' },
      trial_period: { interval: 'day', frequency: 7, unit_price: { amount: '150', currency_code: 'EUR' } },
    });
    expect(catalog.environments).toBeUndefined();
  });

  it('features: declared once, then what each product includes, written to features: and the product', async () => {
    const cwd = await project();
    const run = await runInit(
      [],
      [
        ...product('Pro', ''),
        ...recurring('', '', '49'),
        ...noTrial,
        anotherPrice(false),
        anotherProduct(false),
        { expect: 'Declare what each plan includes', keys: `y${ENTER}` },
        { expect: 'Feature (e.g.', keys: `Single sign-on${ENTER}` },
        { expect: 'Feature key', keys: `sso${ENTER}` },
        { expect: 'Single sign-on is:', keys: ENTER },
        { expect: 'Another feature?', keys: `y${ENTER}` },
        { expect: 'Feature (e.g.', keys: `Seats${ENTER}` },
        { expect: 'Feature key', keys: ENTER },
        { expect: 'Seats is:', keys: `limit${ENTER}` },
        { expect: 'Another feature?', keys: ENTER },
        { expect: 'Pro: Single sign-on, included?', keys: `y${ENTER}` },
        { expect: 'Pro: Seats, up to', keys: `10${ENTER}` },
        noDiscount,
      ],
      { cwd },
    );
    expect(run.code).toBe(0);
    const { catalog } = await written(cwd);
    expect(catalog.features).toEqual({
      sso: { type: 'boolean', description: 'Single sign-on' },
      seats: { type: 'limit', description: 'Seats' },
    });
    expect(catalog.products.pro?.features).toEqual({ sso: true, seats: 10 });
  });

  it('cardless trial: a cardless trial sets environments.sandbox.cardless_trials and explains early access', async () => {
    const cwd = await project();
    const run = await runInit(
      [],
      [
        ...product('Reader', 'E-books', 'ebooks'),
        ...recurring('week', '', '3.99'),
        ...trial('cardless', '30'),
        anotherPrice(false),
        anotherProduct(false),
        noFeatures,
        noDiscount,
      ],
      { cwd },
    );
    expect(run.code).toBe(0);
    const { catalog } = await written(cwd);
    expect(catalog.products.reader?.prices?.weekly?.trial_period).toEqual({
      interval: 'day',
      frequency: 30,
      requires_payment_method: false,
    });
    expect(catalog.environments).toEqual({
      sandbox: { approved_tax_categories: ['ebooks'], cardless_trials: true },
    });
    expect(run.screen).toContain('cardless trials are in early access');
    // a tax category that needs approval says where it is requested
    expect(run.screen).toContain(
      'ebooks needs approval, requested in the settings of your live Paddle account',
    );
  });

  it('rejects an amount the currency cannot charge exactly, then takes a good one', async () => {
    const cwd = await project();
    const run = await runInit(
      [],
      [
        ...product('Pro', ''),
        { expect: 'How is it charged?', keys: `one${ENTER}` },
        { expect: 'Price currency', keys: `XYZ${ENTER}` },
        { expect: 'not a currency the API accepts', keys: `\x7f\x7f\x7fUSD${ENTER}`, retry: true },
        { expect: 'Price amount in USD', keys: `10.001${ENTER}` },
        {
          expect: 'USD has 2 decimal places; 10.001 cannot be charged exactly',
          keys: `\x7f${ENTER}`,
          retry: true,
        },
        { expect: 'Price key', keys: ENTER },
        { expect: 'Price description', keys: ENTER },
        { expect: 'Price name', keys: ENTER },
        noCountryPrices,
        anotherPrice(false),
        anotherProduct(false),
        noFeatures,
        noDiscount,
      ],
      { cwd },
    );
    expect(run.code).toBe(0);
    const { catalog } = await written(cwd);
    expect(catalog.products.pro?.prices?.['one-time']?.unit_price).toEqual({
      amount: '1000',
      currency_code: 'USD',
    });
  });

  it('Ctrl-C: exit 1, nothing written', async () => {
    const cwd = await project();
    const run = await runInit([], [...product('Pro', 'x'), { expect: 'How is it charged?', keys: CTRL_C }], {
      cwd,
    });
    expect(run.code).toBe(1);
    expect(run.screen).toContain('init cancelled: nothing was written');
    await expect(stat(join(cwd, 'catalog.yaml'))).rejects.toThrow();
  });

  it('closed input: exit 1, nothing written', async () => {
    const cwd = await project();
    const run = await runInit([], product('Pro', 'x'), { cwd, after: 'close' });
    expect(run.code).toBe(1);
    expect(run.screen).toContain('init cancelled: nothing was written');
    await expect(stat(join(cwd, 'catalog.yaml'))).rejects.toThrow();
  });

  it('refuses to overwrite an existing file without --force, replaces it with --force', async () => {
    const cwd = await project();
    await writeFile(join(cwd, 'catalog.yaml'), 'mine\n');
    const refused = await runInit([], [], { cwd });
    expect(refused.code).toBe(1);
    expect(refused.screen).toContain('catalog.yaml already exists; nothing was written');
    expect(refused.screen).toContain('--force');
    expect(await readFile(join(cwd, 'catalog.yaml'), 'utf8')).toBe('mine\n');

    const forced = await runInit(
      ['--force'],
      [
        ...product('Pro', ''),
        ...recurring('', '', '5'),
        ...noTrial,
        anotherPrice(false),
        anotherProduct(false),
        noFeatures,
        noDiscount,
      ],
      { cwd },
    );
    expect(forced.code).toBe(0);
    expect((await written(cwd)).catalog.products.pro?.prices?.monthly?.unit_price.amount).toBe('500');
  });
});

describe('init on a terminal in CI (CI=true)', () => {
  it('asks nothing: exit 1, nothing written, the example to copy instead (as without a terminal)', async () => {
    const cwd = await project();
    const run = await runInit([], [], { cwd, env: { CI: 'true' } });
    expect(run.code).toBe(1);
    expect(run.screen).not.toContain('Product name');
    expect(run.screen).toContain('init asks questions, and CI is set: a CI job has nobody to answer them');
    expect(run.screen).toMatch(/cp \S+saas-starter\.yaml catalog\.yaml/);
    await expect(stat(join(cwd, 'catalog.yaml'))).rejects.toThrow();
  });
});

describe('init: country prices and discounts, the examples a newcomer needs', () => {
  it('country prices (a paid trial gets one per country price) and two discounts: a file that validates', async () => {
    const cwd = await project();
    const run = await runInit(
      [],
      [
        ...product('Pro', 'For teams.'),
        { expect: 'How is it charged?', keys: ENTER },
        { expect: 'Billing interval:', keys: ENTER },
        { expect: /Billed every how many \w+s\?/, keys: ENTER },
        { expect: 'Price currency', keys: ENTER },
        { expect: 'Price amount in USD', keys: `10.00${ENTER}` },
        { expect: 'Price key', keys: ENTER },
        { expect: 'Price description', keys: ENTER },
        { expect: 'Price name', keys: ENTER },
        { expect: 'Different prices for customers in some countries', keys: `y${ENTER}` },
        { expect: 'Countries, two-letter codes', keys: `de, fr eurozone${ENTER}` },
        // a group is refused with its countries to paste; the user types the two they meant
        { expect: '"eurozone" is a group, not a country', keys: `${'\x7f'.repeat(9)}${ENTER}`, retry: true },
        { expect: 'DE, FR price currency', keys: `eur${ENTER}` },
        { expect: 'DE, FR price amount in EUR', keys: `9,00${ENTER}` },
        { expect: 'Another country price?', keys: `y${ENTER}` },
        { expect: 'Countries, two-letter codes', keys: `GB${ENTER}` },
        { expect: 'GB price currency', keys: `gbp${ENTER}` },
        { expect: 'GB price amount in GBP', keys: `8${ENTER}` },
        { expect: 'Another country price?', keys: ENTER },
        { expect: 'Trial:', keys: `paid${ENTER}` },
        { expect: 'Trial length in:', keys: ENTER },
        { expect: 'Trial lasts how many days?', keys: `7${ENTER}` },
        { expect: 'Trial amount in USD', keys: `1${ENTER}` },
        { expect: 'DE, FR trial amount in EUR', keys: `1${ENTER}` },
        { expect: 'GB trial amount in GBP', keys: `1${ENTER}` },
        anotherPrice(false),
        anotherProduct(false),
        noFeatures,
        { expect: 'Add a discount', keys: `y${ENTER}` },
        { expect: 'Discount description', keys: `Launch offer${ENTER}` },
        { expect: 'Discount key', keys: ENTER },
        { expect: 'Discount type', keys: ENTER },
        { expect: 'Percentage off', keys: `25%${ENTER}` },
        { expect: 'Code customers enter', keys: `LAUNCH25${ENTER}` },
        { expect: 'Add another discount?', keys: `y${ENTER}` },
        { expect: 'Discount description', keys: `Five off${ENTER}` },
        { expect: 'Discount key', keys: ENTER },
        { expect: 'Discount type', keys: `flat${ENTER}` },
        { expect: 'Amount off currency', keys: ENTER },
        { expect: 'Amount off amount in USD', keys: `5${ENTER}` },
        { expect: 'Code customers enter', keys: ENTER },
        { expect: 'Add another discount?', keys: ENTER },
      ],
      { cwd },
    );
    expect(run.unused).toEqual([]);
    expect(run.code).toBe(0);
    const { catalog } = await written(cwd);
    expect(catalog.products.pro?.prices?.monthly).toMatchObject({
      unit_price: { amount: '1000', currency_code: 'USD' },
      unit_price_overrides: [
        { country_codes: ['DE', 'FR'], unit_price: { amount: '900', currency_code: 'EUR' } },
        { country_codes: ['GB'], unit_price: { amount: '800', currency_code: 'GBP' } },
      ],
      trial_period: {
        interval: 'day',
        frequency: 7,
        unit_price: { amount: '100', currency_code: 'USD' },
        unit_price_overrides: [
          { country_codes: ['DE', 'FR'], unit_price: { amount: '100', currency_code: 'EUR' } },
          { country_codes: ['GB'], unit_price: { amount: '100', currency_code: 'GBP' } },
        ],
      },
    });
    expect(catalog.discounts).toEqual({
      'launch-offer': { description: 'Launch offer', type: 'percentage', amount: '25', code: 'LAUNCH25' },
      'five-off': { description: 'Five off', type: 'flat', amount: '500', currency_code: 'USD' },
    });
  });
});
