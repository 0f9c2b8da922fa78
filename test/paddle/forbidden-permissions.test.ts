// permissions: every kind of call the tool makes, refused for a key without any permission, over
// real HTTP against the emulator: its error names the permission Paddle's API reference lists for
// the call (src/paddle-facts/permissions.ts, held against the OpenAPI in test/contract) and
// docs/keys.md, the table of what each command needs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { RemoteError } from '../../src/errors.js';
import { createCatalogGateway } from '../../src/paddle/catalog-gateway.js';
import { paddleCustomerDirectory } from '../../src/paddle/customers-gateway.js';
import { destinationWrites } from '../../src/paddle/destinations.js';
import { hintForRemoteError } from '../../src/paddle/error-hints.js';
import { paddlePreviewsGateway } from '../../src/paddle/previews-gateway.js';
import { createPaddle } from '../../src/paddle/sdk.js';
import { paddleSubscriptionPreviewsGateway } from '../../src/paddle/subscription-previews-gateway.js';
import { paddleSubscriptionsGateway } from '../../src/paddle/subscriptions-gateway.js';
import type { Target } from '../../src/paddle/target.js';
import { paddleTransactionsGateway } from '../../src/paddle/transactions-gateway.js';

let emulator: RunningEmulator;
let target: Target;
beforeAll(async () => {
  emulator = await startEmulator({ demo: false });
  target = { environment: 'sandbox', baseUrl: emulator.url, apiKey: emulator.addApiKey([]) };
});
afterAll(() => emulator.close());

const product = { name: 'Pro', tax_category: 'saas' as const };
const price = {
  product_id: 'pro_01',
  description: 'Monthly',
  unit_price: { amount: '1000', currency_code: 'USD' as const },
};
const discount = {
  description: 'Launch',
  type: 'percentage' as const,
  amount: '10',
  enabled_for_checkout: false,
};
const notification = {
  description: 'App webhooks',
  type: 'url',
  destination: 'https://example.com/hooks',
  subscribed_events: ['transaction.completed'],
};
const never = () => false;

type Call = (t: Target) => Promise<unknown>;
const catalog = (t: Target) => createCatalogGateway(t);
const subscriptions = (t: Target) => paddleSubscriptionsGateway(t);
const previews = (t: Target) => paddleSubscriptionPreviewsGateway(t);

const CALLS: [string, Call, string[]][] = [
  ['product & price read: the catalog', (t) => catalog(t).snapshot(), ['product.read', 'price.read']],
  ['product read: find a product', (t) => catalog(t).findProduct('find', never), ['product.read']],
  [
    'product write: create',
    (t) => catalog(t).createProduct('create product pro', product),
    ['product.write'],
  ],
  ['product write: update', (t) => catalog(t).updateProduct('update', 'pro_01', product), ['product.write']],
  ['price read: find a price', (t) => catalog(t).findPrice('find', 'pro_01', never), ['price.read']],
  ['price write: create', (t) => catalog(t).createPrice('create price', price), ['price.write']],
  ['price write: update', (t) => catalog(t).updatePrice('update', 'pri_01', price), ['price.write']],
  [
    'discount read: the catalog with its discounts, for a key that reads products and prices',
    (t) =>
      catalog({ ...t, apiKey: emulator.addApiKey(['product.read', 'price.read']) }).snapshot({
        discounts: 'required',
      }),
    ['discount.read'],
  ],
  ['discount read: find a discount', (t) => catalog(t).findDiscount('find', never), ['discount.read']],
  ['discount write: create', (t) => catalog(t).createDiscount('create', discount), ['discount.write']],
  [
    'discount write: update',
    (t) => catalog(t).updateDiscount('update', 'dsc_01', discount),
    ['discount.write'],
  ],
  [
    'discount read: the discount groups, for a key that reads products and prices',
    (t) =>
      catalog({ ...t, apiKey: emulator.addApiKey(['product.read', 'price.read']) }).snapshot({
        discounts: 'skip',
        discountGroups: true,
      }),
    ['discount.read'],
  ],
  [
    'discount write: create a discount group',
    (t) => destinationWrites(t).createDiscountGroup('create', { name: 'Launch' }),
    ['discount.write'],
  ],
  [
    'discount write: update a discount group',
    (t) => destinationWrites(t).updateDiscountGroup('update', 'dsg_01', { name: 'Launch' }),
    ['discount.write'],
  ],
  [
    'notification setting read: the destinations, for a key that reads products and prices',
    (t) =>
      catalog({ ...t, apiKey: emulator.addApiKey(['product.read', 'price.read']) }).snapshot({
        discounts: 'skip',
        notifications: true,
      }),
    ['notification_setting.read'],
  ],
  [
    'notification setting write: create',
    (t) => destinationWrites(t).createNotification('create', notification),
    ['notification_setting.write'],
  ],
  [
    'notification setting write: update',
    (t) => destinationWrites(t).updateNotification('update', 'ntfset_01', notification),
    ['notification_setting.write'],
  ],
  [
    'notification setting write: delete',
    (t) => destinationWrites(t).deleteNotification('delete', 'ntfset_01'),
    ['notification_setting.write'],
  ],
  [
    'subscription read: count',
    (t) => subscriptions(t).count('count', ['pri_01'], ['active']),
    ['subscription.read'],
  ],
  [
    'subscription read: list',
    (t) => subscriptions(t).list('list', ['pri_01'], ['active']),
    ['subscription.read'],
  ],
  ['subscription read: by id', (t) => subscriptions(t).read('read', ['sub_01']), ['subscription.read']],
  [
    'subscription write: a move',
    (t) =>
      subscriptions(t).updateItems('move', 'sub_01', [{ price_id: 'pri_01', quantity: 1 }], 'do_not_bill'),
    ['subscription.write'],
  ],
  [
    'subscription read: a page to preview',
    (t) => previews(t).page('page', 'pri_01', ['active']),
    ['subscription.read'],
  ],
  [
    'subscription & transaction read: the next bill',
    (t) => previews(t).nextBill('bill', 'sub_01'),
    ['subscription.read', 'transaction.read'],
  ],
  [
    'subscription read: preview a move',
    (t) =>
      previews(t).previewItems('preview', 'sub_01', [{ price_id: 'pri_01', quantity: 1 }], 'do_not_bill'),
    ['subscription.read'],
  ],
  [
    'transaction read: pricing preview',
    (t) => paddlePreviewsGateway(t).pricing('p', 'US', ['pri_01']),
    ['transaction.read'],
  ],
  [
    'transaction read: transaction preview',
    (t) => paddlePreviewsGateway(t).transaction('p', 'US', [{ ...price, product }]),
    ['transaction.read'],
  ],
  [
    'transaction read: list',
    (t) =>
      paddleTransactionsGateway(createPaddle(t)).listTransactions({
        customerId: ['ctm_01'],
        status: ['completed'],
        perPage: 10,
      }),
    ['transaction.read'],
  ],
  [
    'transaction read: get',
    (t) => paddleTransactionsGateway(createPaddle(t)).getTransaction('txn_01'),
    ['transaction.read'],
  ],
  [
    'transaction read: invoice',
    (t) => paddleTransactionsGateway(createPaddle(t)).getInvoicePdfUrl('txn_01', 'inline'),
    ['transaction.read'],
  ],
  [
    'customer read: find by e-mail',
    (t) => paddleCustomerDirectory(createPaddle(t)).listCustomers({ email: 'a@example.com' }),
    ['customer.read'],
  ],
  [
    'customer read: get',
    (t) => paddleCustomerDirectory(createPaddle(t)).getCustomer('ctm_01'),
    ['customer.read'],
  ],
];

describe('permissions: a refused call names the permission Paddle lists for it', () => {
  it.each(CALLS)('%s', async (_title, call, permissions) => {
    const error = await call(target).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(RemoteError);
    const { details } = error as RemoteError;
    expect(details).toMatchObject({ status: 403, code: 'forbidden', permissions });
    const hint = hintForRemoteError(details) ?? '';
    for (const permission of permissions) expect(hint).toContain(permission);
    expect(hint).toContain('docs/keys.md');
  });
});
