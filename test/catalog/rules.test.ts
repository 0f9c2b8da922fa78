import { describe, expect, it } from 'vitest';
import { catalogWith, errorsOf, issuesOf, type Json, PRICE } from '../support/catalog-rules.js';

interface Row {
  title: string;
  text: string;
  environment?: 'sandbox' | 'production';
  /** the one expected error, or null for a valid catalog */
  expected: { rule: string; path: string; message: RegExp } | null;
}

function check({ text, environment, expected }: Row) {
  const errors = errorsOf(text, environment);
  if (expected === null) {
    expect(errors).toEqual([]);
    return;
  }
  expect(errors).toHaveLength(1);
  expect(errors[0]).toMatchObject({ rule: expected.rule, path: expected.path });
  expect(errors[0]?.message).toMatch(expected.message);
}

const price = (fields: Json, environments?: Json) => catalogWith({ price: fields, environments });
const product = (fields: Json, environments?: Json) => catalogWith({ product: fields, environments });

describe('tax categories', () => {
  const rows: Row[] = [
    {
      title: 'tax categories: saas needs no approval',
      text: product({ tax_category: 'saas' }),
      expected: null,
    },
    {
      title: 'tax categories: standard needs no approval',
      text: product({ tax_category: 'standard' }),
      expected: null,
    },
    {
      title: 'tax categories: the misspelling professional-servicesoft is corrected to professional-services',
      text: product({ tax_category: 'professional-servicesoft' }),
      expected: {
        rule: 'tax-category-unknown',
        path: 'products.pro.tax_category',
        message: /known typo; did you mean "professional-services"/,
      },
    },
    {
      title: 'tax categories: a near miss gets "did you mean"',
      text: product({ tax_category: 'digital-good' }),
      expected: {
        rule: 'tax-category-unknown',
        path: 'products.pro.tax_category',
        message: /did you mean "digital-goods"/,
      },
    },
    {
      title: 'tax categories: an unknown category lists the nine',
      text: product({ tax_category: 'food' }),
      expected: {
        rule: 'tax-category-unknown',
        path: 'products.pro.tax_category',
        message: /one of: saas, standard, digital-goods/,
      },
    },
    {
      title: 'tax categories: a category that needs approval and is not approved is refused, with how to ask',
      text: product({ tax_category: 'ebooks' }),
      expected: {
        rule: 'tax-category-not-approved',
        path: 'products.pro.tax_category',
        message:
          /needs approval.*environments\.sandbox\.approved_tax_categories.*account settings of the live Paddle account.*saas and standard need no approval/,
      },
    },
    {
      title: 'tax categories: approval is per environment (approved in sandbox only, checked for production)',
      text: product({ tax_category: 'ebooks' }, { sandbox: { approved_tax_categories: ['ebooks'] } }),
      environment: 'production',
      expected: {
        rule: 'tax-category-not-approved',
        path: 'products.pro.tax_category',
        message: /environments\.production/,
      },
    },
    {
      title: 'tax categories: an approved category is accepted',
      text: product({ tax_category: 'ebooks' }, { sandbox: { approved_tax_categories: ['ebooks'] } }),
      expected: null,
    },
    {
      title: 'tax categories: a typo in approved_tax_categories gets "did you mean"',
      text: product({}, { sandbox: { approved_tax_categories: ['website-hostin'] } }),
      expected: {
        rule: 'tax-category-unknown',
        path: 'environments.sandbox.approved_tax_categories.0',
        message: /did you mean "website-hosting"/,
      },
    },
  ];
  it.each(rows)('$title', check);

  it('tax categories: approved here but not in the other declared environment is a warning', () => {
    const text = product(
      { tax_category: 'ebooks' },
      { sandbox: { approved_tax_categories: ['ebooks'] }, production: { approved_tax_categories: [] } },
    );
    expect(issuesOf(text)).toMatchObject([
      { severity: 'warning', rule: 'tax-category-not-approved', message: /environments\.production/ },
    ]);
  });
});

describe('price fields', () => {
  const rows: Row[] = [
    { title: 'prices: the base price is valid', text: price({}), expected: null },
    {
      title: 'price description: required',
      text: price({ description: undefined }),
      expected: {
        rule: 'price-description-invalid',
        path: `${PRICE}.description`,
        message: /missing required field "description"/,
      },
    },
    {
      title: 'price description: at least 2 characters',
      text: price({ description: 'P' }),
      expected: {
        rule: 'price-description-invalid',
        path: `${PRICE}.description`,
        message: /2–500 characters \(it has 1\)/,
      },
    },
    {
      title: 'price description: at most 500 characters',
      text: price({ description: 'x'.repeat(501) }),
      expected: { rule: 'price-description-invalid', path: `${PRICE}.description`, message: /2–500/ },
    },
    {
      title: 'price name: 150 characters is fine',
      text: price({ name: 'n'.repeat(150) }),
      expected: null,
    },
    {
      title: 'price name: 1 to 150 characters (151 refused)',
      text: price({ name: 'n'.repeat(151) }),
      expected: {
        rule: 'price-name-invalid',
        path: `${PRICE}.name`,
        message: /1–150 characters \(it has 151\)/,
      },
    },
    {
      title: 'price name: empty refused',
      text: price({ name: '' }),
      expected: { rule: 'price-name-invalid', path: `${PRICE}.name`, message: /1–150/ },
    },
    {
      title: 'amount: a YAML number shows the string and what it means in USD',
      text: price({ unit_price: { amount: 1000, currency_code: 'USD' } }),
      expected: {
        rule: 'amount-not-minor-units',
        path: `${PRICE}.unit_price.amount`,
        message: /not a YAML number: write amount: "1000" \(= \$10\.00\)/,
      },
    },
    {
      title: 'amount: a YAML number in a zero-decimal currency (JPY)',
      text: price({ unit_price: { amount: 1200, currency_code: 'JPY' } }),
      expected: {
        rule: 'amount-not-minor-units',
        path: `${PRICE}.unit_price.amount`,
        message: /"1200" \(= ¥1,200\)/,
      },
    },
    {
      title: 'amount: a decimal string is converted to the lowest unit',
      text: price({ unit_price: { amount: '10.50', currency_code: 'EUR' } }),
      expected: {
        rule: 'amount-not-minor-units',
        path: `${PRICE}.unit_price.amount`,
        message: /for 10\.50 write amount: "1050" \(= €10\.50\)/,
      },
    },
    {
      title: 'amount: decimals in a zero-decimal currency are refused',
      text: price({ unit_price: { amount: '12.5', currency_code: 'KRW' } }),
      expected: {
        rule: 'amount-not-minor-units',
        path: `${PRICE}.unit_price.amount`,
        message: /more decimals than KRW has \(0\)/,
      },
    },
    {
      title: 'amount: negative refused',
      text: price({ unit_price: { amount: '-100', currency_code: 'USD' } }),
      expected: {
        rule: 'amount-not-minor-units',
        path: `${PRICE}.unit_price.amount`,
        message: /cannot be negative/,
      },
    },
    {
      title: 'amount: "0" is a valid amount',
      text: price({ unit_price: { amount: '0', currency_code: 'USD' } }),
      expected: null,
    },
    {
      title: 'currency: one the API accepts (CLP and PEN included)',
      text: price({ unit_price: { amount: '1000', currency_code: 'PEN' } }),
      expected: null,
    },
    {
      title: 'currency: lower case gets "did you mean"',
      text: price({ unit_price: { amount: '1000', currency_code: 'usd' } }),
      expected: {
        rule: 'currency-unsupported',
        path: `${PRICE}.unit_price.currency_code`,
        message: /did you mean "USD"/,
      },
    },
    {
      title: 'currency: an unknown currency is refused',
      text: price({ unit_price: { amount: '1000', currency_code: 'XYZ' } }),
      expected: {
        rule: 'currency-unsupported',
        path: `${PRICE}.unit_price.currency_code`,
        message: /not a valid currency_code/,
      },
    },
    {
      title: 'billing cycle: interval day/week/month/year with "did you mean"',
      text: price({ billing_cycle: { interval: 'monthly', frequency: 1 } }),
      expected: {
        rule: 'billing-cycle-invalid',
        path: `${PRICE}.billing_cycle.interval`,
        message: /did you mean "month"/,
      },
    },
    {
      title: 'billing cycle: frequency is an integer',
      text: price({ billing_cycle: { interval: 'month', frequency: 1.5 } }),
      expected: {
        rule: 'billing-cycle-invalid',
        path: `${PRICE}.billing_cycle.frequency`,
        message: /whole number/,
      },
    },
    {
      title: 'billing cycle: frequency at most 999',
      text: price({ billing_cycle: { interval: 'month', frequency: 1000 } }),
      expected: {
        rule: 'billing-cycle-invalid',
        path: `${PRICE}.billing_cycle.frequency`,
        message: /at most 999/,
      },
    },
    {
      title: 'billing cycle: absent means a one-time price',
      text: price({ billing_cycle: undefined }),
      expected: null,
    },
    {
      title: 'quantity: minimum at least 1',
      text: price({ quantity: { minimum: 0, maximum: 5 } }),
      expected: { rule: 'quantity-invalid', path: `${PRICE}.quantity.minimum`, message: /at least 1/ },
    },
    {
      title: 'quantity: maximum at most 999999999',
      text: price({ quantity: { minimum: 1, maximum: 1_000_000_000 } }),
      expected: { rule: 'quantity-invalid', path: `${PRICE}.quantity.maximum`, message: /at most 999999999/ },
    },
    {
      title: 'quantity: minimum not above maximum',
      text: price({ quantity: { minimum: 10, maximum: 5 } }),
      expected: {
        rule: 'quantity-minimum-above-maximum',
        path: `${PRICE}.quantity.minimum`,
        message: /greater than quantity\.maximum/,
      },
    },
    {
      title: 'quantity: minimum equal to maximum is fine',
      text: price({ quantity: { minimum: 5, maximum: 5 } }),
      expected: null,
    },
  ];
  it.each(rows)('$title', check);
});

describe('unit price overrides', () => {
  const override = (country_codes: unknown[], currency_code = 'EUR') => ({
    country_codes,
    unit_price: { amount: '900', currency_code },
  });
  const at = (i: number, j: number) => `${PRICE}.unit_price_overrides.${i}.country_codes.${j}`;
  const rows: Row[] = [
    {
      title: 'overrides: real country codes are accepted',
      text: price({ unit_price_overrides: [override(['DE', 'FR'])] }),
      expected: null,
    },
    {
      title: 'overrides: UK is not ISO 3166-1 (did you mean GB)',
      text: price({ unit_price_overrides: [override(['UK'], 'GBP')] }),
      expected: { rule: 'country-codes-invalid', path: at(0, 0), message: /did you mean "GB"/ },
    },
    {
      title: 'overrides: a made-up code is refused',
      text: price({ unit_price_overrides: [override(['ZZ'])] }),
      expected: {
        rule: 'country-codes-invalid',
        path: at(0, 0),
        message: /not an ISO 3166-1 alpha-2 country code/,
      },
    },
    {
      title: 'overrides: a real country Paddle does not sell to is refused',
      text: price({ unit_price_overrides: [override(['CU'])] }),
      expected: { rule: 'country-codes-invalid', path: at(0, 0), message: /does not sell to CU/ },
    },
    {
      title: 'overrides: lower case is refused with the upper-case spelling',
      text: price({ unit_price_overrides: [override(['de'])] }),
      expected: { rule: 'country-codes-invalid', path: at(0, 0), message: /upper case: "DE"/ },
    },
    {
      title: 'overrides: no country in two overrides',
      text: price({ unit_price_overrides: [override(['DE', 'FR']), override(['FR'], 'EUR')] }),
      expected: {
        rule: 'override-country-repeated',
        path: at(1, 0),
        message: /FR is already in unit_price_overrides\.0/,
      },
    },
    {
      title: 'overrides: no country twice in one override',
      text: price({ unit_price_overrides: [override(['DE', 'DE'])] }),
      expected: { rule: 'override-country-repeated', path: at(0, 1), message: /already in this override/ },
    },
    {
      title: 'overrides: at least one country per override',
      text: price({ unit_price_overrides: [override([])] }),
      expected: {
        rule: 'country-codes-invalid',
        path: `${PRICE}.unit_price_overrides.0.country_codes`,
        message: /at least one country/,
      },
    },
  ];
  it.each(rows)('$title', check);

  it('overrides: at most 250 per price', () => {
    const many = Array.from({ length: 251 }, () => override(['DE']));
    const errors = errorsOf(price({ unit_price_overrides: many }));
    expect(errors.find((e) => e.path === `${PRICE}.unit_price_overrides`)).toMatchObject({
      rule: 'unit-price-overrides-invalid',
      message: expect.stringMatching(/at most 250/),
    });
  });
});

describe('trial rules', () => {
  const monthly = { billing_cycle: { interval: 'month', frequency: 1 } };
  const eu = { country_codes: ['DE', 'FR'], unit_price: { amount: '900', currency_code: 'EUR' } };
  const gb = { country_codes: ['GB'], unit_price: { amount: '800', currency_code: 'GBP' } };
  const trialOverride = (countries: string[], currency: string) => ({
    country_codes: countries,
    unit_price: { amount: '100', currency_code: currency },
  });
  const paid = { interval: 'day', frequency: 7, unit_price: { amount: '100', currency_code: 'USD' } };
  const cardlessOn = { sandbox: { cardless_trials: true } };
  const tp = `${PRICE}.trial_period`;
  const rows: Row[] = [
    {
      title: 'free trial: only interval and frequency is a valid free trial',
      text: price({ ...monthly, trial_period: { interval: 'day', frequency: 14 } }),
      expected: null,
    },
    {
      title: 'free trial: trial frequency is at least 1',
      text: price({ ...monthly, trial_period: { interval: 'day', frequency: 0 } }),
      expected: { rule: 'trial-period-invalid', path: `${tp}.frequency`, message: /at least 1/ },
    },
    {
      title: 'paid trial: a paid trial in the price currency is valid',
      text: price({ ...monthly, trial_period: paid }),
      expected: null,
    },
    {
      title: 'paid trial: a paid trial in another currency is refused',
      text: price({
        ...monthly,
        trial_period: { ...paid, unit_price: { amount: '100', currency_code: 'EUR' } },
      }),
      expected: {
        rule: 'trial-paid-currency-mismatch',
        path: `${tp}.unit_price.currency_code`,
        message: /EUR is not USD/,
      },
    },
    {
      title: 'paid trial: paid trial overrides mirror the price overrides in any order',
      text: price({
        ...monthly,
        unit_price_overrides: [eu, gb],
        trial_period: {
          ...paid,
          unit_price_overrides: [trialOverride(['GB'], 'GBP'), trialOverride(['FR', 'DE'], 'EUR')],
        },
      }),
      expected: null,
    },
    {
      title: 'paid trial: a price override without a trial override is refused',
      text: price({
        ...monthly,
        unit_price_overrides: [eu, gb],
        trial_period: { ...paid, unit_price_overrides: [trialOverride(['GB'], 'GBP')] },
      }),
      expected: {
        rule: 'trial-paid-overrides-mismatch',
        path: `${PRICE}.unit_price_overrides.0.country_codes`,
        message: /needs a trial override.*\[DE, FR\]/,
      },
    },
    {
      title: 'paid trial: a trial override in another currency than its price override is refused',
      text: price({
        ...monthly,
        unit_price_overrides: [gb],
        trial_period: { ...paid, unit_price_overrides: [trialOverride(['GB'], 'EUR')] },
      }),
      expected: {
        rule: 'trial-paid-overrides-mismatch',
        path: `${tp}.unit_price_overrides.0.unit_price.currency_code`,
        message: /EUR is not GBP/,
      },
    },
    {
      title: 'paid trial: trial overrides on a free trial are refused',
      text: price({
        ...monthly,
        trial_period: { interval: 'day', frequency: 7, unit_price_overrides: [trialOverride(['GB'], 'GBP')] },
      }),
      expected: {
        rule: 'trial-paid-overrides-mismatch',
        path: `${tp}.unit_price_overrides`,
        message: /need a paid trial/,
      },
    },
    {
      title: 'cardless trial: cardless without early access is refused, naming the environment setting',
      text: price({
        ...monthly,
        trial_period: { interval: 'day', frequency: 30, requires_payment_method: false },
      }),
      expected: {
        rule: 'trial-cardless-not-enabled',
        path: `${tp}.requires_payment_method`,
        message: /environments\.sandbox\.cardless_trials: true/,
      },
    },
    {
      title: 'cardless trial: cardless with environments.sandbox.cardless_trials is valid',
      text: price(
        { ...monthly, trial_period: { interval: 'day', frequency: 30, requires_payment_method: false } },
        cardlessOn,
      ),
      expected: null,
    },
    {
      title: 'cardless trial: early access is per environment',
      text: price(
        { ...monthly, trial_period: { interval: 'day', frequency: 30, requires_payment_method: false } },
        cardlessOn,
      ),
      environment: 'production',
      expected: {
        rule: 'trial-cardless-not-enabled',
        path: `${tp}.requires_payment_method`,
        message: /environments\.production\.cardless_trials/,
      },
    },
    {
      title: 'trial-paid-and-cardless: paid and cardless is refused',
      text: price({ ...monthly, trial_period: { ...paid, requires_payment_method: false } }, cardlessOn),
      expected: {
        rule: 'trial-paid-and-cardless',
        path: `${tp}.requires_payment_method`,
        message: /both paid and cardless/,
      },
    },
    {
      title: 'trial-needs-billing-cycle: a trial on a one-time price is refused',
      text: price({ billing_cycle: undefined, trial_period: { interval: 'day', frequency: 14 } }),
      expected: { rule: 'trial-needs-billing-cycle', path: tp, message: /add billing_cycle/ },
    },
  ];
  it.each(rows)('$title', check);

  it('paid trial: a trial override with a different country set is refused (both sides named)', () => {
    const text = price({
      ...monthly,
      unit_price_overrides: [gb],
      trial_period: { ...paid, unit_price_overrides: [trialOverride(['GB', 'IE'], 'GBP')] },
    });
    expect(
      errorsOf(text)
        .map((e) => `${e.rule} ${e.path}`)
        .sort(),
    ).toEqual([
      `trial-paid-overrides-mismatch ${PRICE}.trial_period.unit_price_overrides.0.country_codes`,
      `trial-paid-overrides-mismatch ${PRICE}.unit_price_overrides.0.country_codes`,
    ]);
  });

  it('trial errors: every invalid trial setup is reported at once, each at its field', () => {
    const text = price({
      billing_cycle: undefined,
      trial_period: {
        ...paid,
        unit_price: { amount: '100', currency_code: 'EUR' },
        requires_payment_method: false,
      },
    });
    expect(
      errorsOf(text)
        .map((e) => e.rule)
        .sort(),
    ).toEqual([
      'trial-cardless-not-enabled',
      'trial-needs-billing-cycle',
      'trial-paid-and-cardless',
      'trial-paid-currency-mismatch',
    ]);
  });
});

describe('products, keys, version and field names', () => {
  const rows: Row[] = [
    {
      title: 'product name: required',
      text: product({ name: undefined }),
      expected: {
        rule: 'product-name-invalid',
        path: 'products.pro.name',
        message: /missing required field "name"/,
      },
    },
    {
      title: 'product name: 1 to 200 characters',
      text: product({ name: 'n'.repeat(201) }),
      expected: {
        rule: 'product-name-invalid',
        path: 'products.pro.name',
        message: /1–200 characters \(it has 201\)/,
      },
    },
    {
      title: 'product name: 200 characters is fine',
      text: product({ name: 'n'.repeat(200) }),
      expected: null,
    },
    {
      title: 'keys: a product key must match ^[a-z0-9][a-z0-9_-]{0,62}$',
      text: catalogWith().replace('  pro:', '  Pro Plan:'),
      expected: { rule: 'key-invalid', path: 'products.Pro Plan', message: /\(e\.g\. "pro-plan"\)/ },
    },
    {
      title: 'keys: a price key too',
      text: catalogWith().replace('monthly:', '_monthly:'),
      expected: {
        rule: 'key-invalid',
        path: 'products.pro.prices._monthly',
        message: /price key "_monthly"/,
      },
    },
    {
      title: 'catalog name: a valid name is accepted',
      text: catalogWith({ top: { catalog: 'billing-eu' } }),
      expected: null,
    },
    {
      title: "catalog name: follows the keys' pattern (it goes into every marker)",
      text: catalogWith({ top: { catalog: 'Billing EU' } }),
      expected: {
        rule: 'catalog-name',
        path: 'catalog',
        message: /catalog name "Billing EU" must be .*\(e\.g\. "billing-eu"\)/,
      },
    },
    {
      title: 'catalog name: a name, not a number',
      text: catalogWith({ top: { catalog: 7 } }),
      expected: { rule: 'catalog-name', path: 'catalog', message: /catalog must be text/ },
    },
    {
      title: 'version: must be 1',
      text: catalogWith().replace('version: 1', 'version: 2'),
      expected: { rule: 'version-unsupported', path: 'version', message: /version must be 1/ },
    },
    {
      title: 'version: required',
      text: catalogWith().replace('version: 1\n', ''),
      expected: { rule: 'version-unsupported', path: 'version', message: /missing required field "version"/ },
    },
  ];
  it.each(rows)('$title', check);

  it.each([
    ['unitPrice', 'unit_price', `${PRICE}.unitPrice`],
    ['taxCategory', 'tax_category', 'products.pro.taxCategory'],
    ['billingCycle', 'billing_cycle', `${PRICE}.billingCycle`],
    ['descripton', 'description', `${PRICE}.descripton`],
  ])('field names: %s gets "did you mean %s"', (wrong, right, path) => {
    const text = catalogWith().replace(`${right}:`, `${wrong}:`);
    const unknown = errorsOf(text).find((e) => e.rule === 'unknown-field');
    expect(unknown).toMatchObject({ path, message: expect.stringContaining(`did you mean "${right}"`) });
  });

  it('field names: an unknown field with no near miss is still refused', () => {
    const text = catalogWith({ product: { colour: 'red' } });
    expect(errorsOf(text)).toMatchObject([
      { rule: 'unknown-field', path: 'products.pro.colour', message: 'unknown field "colour"' },
    ]);
  });

  it('a list where a map is expected says so', () => {
    const text = 'version: 1\nproducts:\n  - name: Pro\n';
    expect(errorsOf(text)).toMatchObject([
      { path: 'products', message: 'products must be a map (key: value), not a list' },
    ]);
  });
});
