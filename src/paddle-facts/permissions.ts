// The permission an API key needs for each call the tool makes, as Paddle's API reference lists it
// on the call's page (e.g. https://developer.paddle.com/api-reference/subscriptions/update-subscription:
// subscription.write) and its OpenAPI in `x-permissions`, with an `include` value's own permission in
// `x-enum-permissions` (test/contract/permissions.test.ts holds this table against the OpenAPI).
// Calls Paddle lists no permission for are not here: the tool says so instead of guessing.

/**
 * `{id}` stands for one path segment: `/subscriptions/{id}/preview`.
 * @internal The contract test holds the table to Paddle's OpenAPI.
 */
export const ENDPOINT_PERMISSIONS: readonly { method: string; path: string; permission: string }[] = [
  { method: 'GET', path: '/products', permission: 'product.read' },
  { method: 'GET', path: '/products/{id}', permission: 'product.read' },
  { method: 'POST', path: '/products', permission: 'product.write' },
  { method: 'PATCH', path: '/products/{id}', permission: 'product.write' },
  { method: 'GET', path: '/prices', permission: 'price.read' },
  { method: 'GET', path: '/prices/{id}', permission: 'price.read' },
  { method: 'POST', path: '/prices', permission: 'price.write' },
  { method: 'PATCH', path: '/prices/{id}', permission: 'price.write' },
  { method: 'GET', path: '/discounts', permission: 'discount.read' },
  { method: 'GET', path: '/discounts/{id}', permission: 'discount.read' },
  { method: 'POST', path: '/discounts', permission: 'discount.write' },
  { method: 'PATCH', path: '/discounts/{id}', permission: 'discount.write' },
  // a discount group is a discount's: Paddle lists discount.read and discount.write for its calls, no
  // permission of its own (https://developer.paddle.com/api-reference/discount-groups/list-discount-groups,
  // create-discount-group, get-discount-group, update-discount-group); not in the OpenAPI of May 2025,
  // so held against test/support/openapi-overlay.ts, which adds them from those pages
  { method: 'GET', path: '/discount-groups', permission: 'discount.read' },
  { method: 'GET', path: '/discount-groups/{id}', permission: 'discount.read' },
  { method: 'POST', path: '/discount-groups', permission: 'discount.write' },
  { method: 'PATCH', path: '/discount-groups/{id}', permission: 'discount.write' },
  { method: 'GET', path: '/subscriptions', permission: 'subscription.read' },
  { method: 'GET', path: '/subscriptions/{id}', permission: 'subscription.read' },
  { method: 'PATCH', path: '/subscriptions/{id}', permission: 'subscription.write' },
  // a preview changes nothing: Paddle lists subscription.read for it
  { method: 'PATCH', path: '/subscriptions/{id}/preview', permission: 'subscription.read' },
  { method: 'GET', path: '/transactions', permission: 'transaction.read' },
  { method: 'GET', path: '/transactions/{id}', permission: 'transaction.read' },
  { method: 'GET', path: '/transactions/{id}/invoice', permission: 'transaction.read' },
  { method: 'POST', path: '/transactions/preview', permission: 'transaction.read' },
  { method: 'POST', path: '/pricing-preview', permission: 'transaction.read' },
  { method: 'GET', path: '/notification-settings', permission: 'notification_setting.read' },
  { method: 'POST', path: '/notification-settings', permission: 'notification_setting.write' },
  { method: 'PATCH', path: '/notification-settings/{id}', permission: 'notification_setting.write' },
  { method: 'DELETE', path: '/notification-settings/{id}', permission: 'notification_setting.write' },
  { method: 'GET', path: '/customers', permission: 'customer.read' },
  { method: 'GET', path: '/customers/{id}', permission: 'customer.read' },
  { method: 'GET', path: '/customers/{id}/addresses', permission: 'address.read' },
];

/**
 * What an `include` value of a resource's list or get needs besides the call's own permission.
 * @internal The contract test holds the table to Paddle's OpenAPI.
 */
export const INCLUDE_PERMISSIONS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  products: { prices: 'price.read' },
  prices: { product: 'product.read' },
  subscriptions: { next_transaction: 'transaction.read', recurring_transaction_details: 'transaction.read' },
};

const matches = (template: string, path: string) =>
  new RegExp(`^${template.replace(/\{id\}/g, '[^/]+')}$`).test(path);

/**
 * The permissions Paddle lists for `method` on `pathAndQuery` (`/products?include=prices`): the
 * call's own, then its includes'; empty when Paddle's reference lists none for it.
 */
export function permissionsOf(method: string, pathAndQuery: string): string[] {
  const url = new URL(pathAndQuery, 'http://paddle.invalid');
  const endpoint = ENDPOINT_PERMISSIONS.find((e) => e.method === method && matches(e.path, url.pathname));
  if (!endpoint) return [];
  const resource = url.pathname.split('/')[1] ?? '';
  const included = (url.searchParams.get('include') ?? '')
    .split(',')
    .flatMap((value) => INCLUDE_PERMISSIONS[resource]?.[value] ?? []);
  return [...new Set([endpoint.permission, ...included])];
}
