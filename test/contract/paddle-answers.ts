// Paddle's own error answers, each with where it was recorded: the emulator is held to these
// (test/contract/paddle-errors.test.ts), never to what we expect alone.
//
// Sources:
// - CAPTURE: real sandbox answers of July 2025, kept as comments in the history of
//   aabccd021/mockful-service (a Paddle mock whose author pasted live answers next to the code):
//   products  — commit 89fcf0f, src/domain/api.paddle.com/products/_post.ts (also 03c69653)
//   prices    — commit 0257c526, src/domain/api.paddle.com/prices/_post.ts
//   GET /transactions query errors — commit 8ea255cb, src/domain/api.paddle.com/customers/_get.ts
//   customers — commit 9746d2e9, src/domain/api.paddle.com/customers/_post.ts
//   The request of each is rebuilt from its answer (the author kept the answers, not every body).
// - DOCS: the example response of developer.paddle.com/errors/<group>/<code>. The docs' example
//   documentation_url lacks the `/v1/` that live answers carry; the emulator sends the live form.

export interface RecordedAnswer {
  name: string;
  source: string;
  /**
   * `{product}` in path or body stands for a product of the account, `{archived}` for an archived
   * one, `{customer}` and `{email}` for a customer, `{discount}` and `{code}` for a discount,
   * `{used}` for a discount used 10 times
   */
  request: { method: string; path: string; body?: unknown };
  status: number;
  error: {
    type: 'request_error' | 'api_error';
    code: string;
    detail: string;
    documentation_url: string;
    errors?: { field: string; message: string }[];
  };
}

const CAPTURE_PRODUCTS = 'sandbox capture, mockful-service 89fcf0f products/_post.ts';
const CAPTURE_PRICES = 'sandbox capture, mockful-service 0257c526 prices/_post.ts';
const CAPTURE_TRANSACTIONS =
  'sandbox capture, mockful-service 8ea255cb customers/_get.ts (GET /transactions)';
export const docs = (group: string, code: string) => `developer.paddle.com/errors/${group}/${code}`;
const url = (group: string, code: string) => `https://developer.paddle.com/v1/errors/${group}/${code}`;

const TAX_CATEGORY_ENUM =
  'must be one of the following: "digital-goods", "ebooks", "implementation-services", "professional-services", "saas", "software-programming-services", "standard", "training-services", "website-hosting"';

const badRequest = (errors: { field: string; message: string }[]) => ({
  type: 'request_error' as const,
  code: 'bad_request',
  detail: 'Invalid request.',
  documentation_url: url('shared', 'bad_request'),
  errors,
});

const invalidField = (errors: { field: string; message: string }[]) => ({
  type: 'request_error' as const,
  code: 'invalid_field',
  detail: 'Request does not pass validation.',
  documentation_url: url('shared', 'invalid_field'),
  errors,
});

export const domain = (group: string, code: string, detail: string) => ({
  type: 'request_error' as const,
  code,
  detail,
  documentation_url: url(group, code),
});

const price = (fields: Record<string, unknown>) => ({
  product_id: '{product}',
  description: 'Monthly',
  unit_price: { amount: '1000', currency_code: 'USD' },
  billing_cycle: { interval: 'month', frequency: 1 },
  ...fields,
});

export const RECORDED_ANSWERS: RecordedAnswer[] = [
  {
    name: 'a tax category the account has not had approved',
    source: `${CAPTURE_PRODUCTS}; ${docs('products', 'product_tax_category_not_approved')}`,
    request: { method: 'POST', path: '/products', body: { name: 'foo', tax_category: 'ebooks' } },
    status: 400,
    error: domain('products', 'product_tax_category_not_approved', 'tax category not approved'),
  },
  {
    name: 'a product without tax_category',
    source: CAPTURE_PRODUCTS,
    request: { method: 'POST', path: '/products', body: { name: 'foo' } },
    status: 400,
    error: badRequest([{ field: '(root)', message: 'tax_category is required' }]),
  },
  {
    name: 'an unknown tax category',
    source: CAPTURE_PRODUCTS,
    request: { method: 'POST', path: '/products', body: { name: 'foo', tax_category: 'food' } },
    status: 400,
    error: badRequest([{ field: 'tax_category', message: TAX_CATEGORY_ENUM }]),
  },
  {
    name: 'a tax category given as a number',
    source: CAPTURE_PRODUCTS,
    request: { method: 'POST', path: '/products', body: { name: 'foo', tax_category: 1 } },
    status: 400,
    error: badRequest([{ field: 'tax_category', message: 'Invalid type. Expected: string, given: number' }]),
  },
  {
    name: 'two bad fields at once',
    source: CAPTURE_PRODUCTS,
    request: { method: 'POST', path: '/products', body: { name: 1, tax_category: 'food' } },
    status: 400,
    error: badRequest([
      { field: 'name', message: 'Invalid type. Expected: string, given: number' },
      { field: 'tax_category', message: TAX_CATEGORY_ENUM },
    ]),
  },
  {
    name: 'a negative amount',
    source: CAPTURE_PRICES,
    request: {
      method: 'POST',
      path: '/prices',
      body: price({ unit_price: { amount: '-1', currency_code: 'USD' } }),
    },
    status: 400,
    error: badRequest([{ field: 'unit_price.amount', message: 'The amount cannot be negative' }]),
  },
  {
    name: 'a quantity minimum of 0',
    source: CAPTURE_PRICES,
    request: { method: 'POST', path: '/prices', body: price({ quantity: { minimum: 0, maximum: 10 } }) },
    status: 400,
    error: badRequest([{ field: 'quantity.minimum', message: 'Must be greater than or equal to 1' }]),
  },
  {
    name: 'a quantity maximum below its minimum',
    source: CAPTURE_PRICES,
    request: { method: 'POST', path: '/prices', body: price({ quantity: { minimum: 5, maximum: 2 } }) },
    status: 400,
    error: badRequest([{ field: 'quantity', message: 'Invalid request.' }]),
  },
  {
    name: 'a trial on a one-time price',
    source: docs('prices', 'price_trial_period_requires_billing_cycle'),
    request: {
      method: 'POST',
      path: '/prices',
      body: price({ billing_cycle: null, trial_period: { interval: 'day', frequency: 7 } }),
    },
    status: 400,
    error: domain(
      'prices',
      'price_trial_period_requires_billing_cycle',
      'setting a trial_period requires billing_cycle to be set',
    ),
  },
  {
    name: 'a trial both paid and cardless',
    source: docs('prices', 'trial_is_either_paid_or_cardless'),
    request: {
      method: 'POST',
      path: '/prices',
      body: price({
        trial_period: {
          interval: 'day',
          frequency: 7,
          requires_payment_method: false,
          unit_price: { amount: '100', currency_code: 'USD' },
        },
      }),
    },
    status: 400,
    error: domain(
      'prices',
      'trial_is_either_paid_or_cardless',
      'If a trial has a unit price amount, it must require a payment method.',
    ),
  },
  {
    name: 'a paid trial in another currency than its price',
    source: docs('prices', 'trial_currency_mismatch'),
    request: {
      method: 'POST',
      path: '/prices',
      body: price({
        trial_period: { interval: 'day', frequency: 7, unit_price: { amount: '100', currency_code: 'EUR' } },
      }),
    },
    status: 400,
    error: domain(
      'prices',
      'trial_currency_mismatch',
      'The currencies for trial prices must match the currencies of the associated price entity, both for Unit Price and Unit Price Overrides.',
    ),
  },
  {
    name: 'a billing cycle frequency of 0',
    source: docs('prices', 'price_billing_cycle_frequency_below_1'),
    request: {
      method: 'POST',
      path: '/prices',
      body: price({ billing_cycle: { interval: 'month', frequency: 0 } }),
    },
    status: 400,
    error: domain(
      'prices',
      'price_billing_cycle_frequency_below_1',
      'billing_cycle.frequency must be equal to or higher than 1',
    ),
  },
  {
    name: 'a change to an archived product',
    source: docs('shared', 'entity_archived'),
    request: { method: 'PATCH', path: '/products/{archived}', body: { name: 'New name' } },
    status: 400,
    error: domain('shared', 'entity_archived', 'Product {archived} is archived and cannot be modified.'),
  },
  {
    name: 'a customer e-mail already taken',
    source: 'sandbox capture, mockful-service 9746d2e9 customers/_post.ts',
    request: { method: 'POST', path: '/customers', body: { email: '{email}' } },
    status: 409,
    error: domain(
      'customers',
      'customer_already_exists',
      'customer email conflicts with customer of id {customer}',
    ),
  },
  {
    name: 'a negative per_page on transactions',
    source: CAPTURE_TRANSACTIONS,
    request: { method: 'GET', path: '/transactions?per_page=-1' },
    status: 400,
    error: invalidField([
      { field: 'TransactionsRequest.PerPage', message: 'must be greater than or equal to 0. Provided: -1' },
    ]),
  },
  {
    name: 'a per_page that is no whole number',
    source: CAPTURE_TRANSACTIONS,
    request: { method: 'GET', path: '/transactions?per_page=1.5' },
    status: 400,
    error: badRequest([{ field: 'per_page', message: 'invalid input' }]),
  },
  {
    name: 'an unknown transaction status in the filter',
    source: CAPTURE_TRANSACTIONS,
    request: { method: 'GET', path: '/transactions?status=ready,active' },
    status: 400,
    error: invalidField([
      {
        field: 'TransactionsRequest.Status[1]',
        message:
          'must be one of the following values: paid|completed|ready|billed|draft|canceled|past_due. Provided: active',
      },
    ]),
  },
  {
    name: 'an id filter with something that is no transaction id',
    source: CAPTURE_TRANSACTIONS,
    request: { method: 'GET', path: '/transactions?id=txn_01k0nddb19m718qq4bmfr0scc3,foo' },
    status: 400,
    error: badRequest([{ field: 'id', message: 'invalid input' }]),
  },
  {
    name: 'a discount code another discount holds (in another letter case)',
    source: docs('discounts', 'discount_code_conflict'),
    request: {
      method: 'POST',
      path: '/discounts',
      body: { description: 'Again', type: 'percentage', amount: '10', code: '{code}' },
    },
    status: 409,
    error: domain(
      'discounts',
      'discount_code_conflict',
      'Discount code conflicts with Discount ID {discount}',
    ),
  },
  {
    name: 'a discount restricted to an archived product',
    source: docs('discounts', 'discount_restricted_product_not_active'),
    request: {
      method: 'POST',
      path: '/discounts',
      body: { description: 'Ten off', type: 'percentage', amount: '10', restrict_to: ['{archived}'] },
    },
    status: 400,
    error: domain(
      'discounts',
      'discount_restricted_product_not_active',
      'Product given not active {archived}',
    ),
  },
  {
    name: "a discount restricted to a price the account does not hold (the docs' own example id)",
    source: docs('discounts', 'discount_restricted_product_price_not_active'),
    request: {
      method: 'POST',
      path: '/discounts',
      body: {
        description: 'Ten off',
        type: 'percentage',
        amount: '10',
        restrict_to: ['pri_01ghbk4xjn4qdsmstcwzgcgg35'],
      },
    },
    status: 400,
    error: domain(
      'discounts',
      'discount_restricted_product_price_not_active',
      'Product Price given not active pri_01ghbk4xjn4qdsmstcwzgcgg35',
    ),
  },
  {
    name: 'a usage_limit below the times a discount was used',
    source: docs('discounts', 'discount_usage_limit_less_than_times_used'),
    request: { method: 'PATCH', path: '/discounts/{used}', body: { usage_limit: 5 } },
    status: 400,
    error: domain(
      'discounts',
      'discount_usage_limit_less_than_times_used',
      'Usage limit is less than times already used (Times Used: 10, Usage Limit: 5)',
    ),
  },
];
