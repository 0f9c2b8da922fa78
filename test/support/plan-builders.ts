// In-memory catalogs and snapshots for the pure planner tests.
import type { Catalog, CatalogDiscount, CatalogPrice, CatalogProduct } from '../../src/catalog/schema.js';
import type {
  CatalogSnapshot,
  RemoteDiscount,
  RemoteDiscountGroup,
  RemoteNotification,
  RemotePrice,
  RemoteProduct,
} from '../../src/planner/remote.js';
import { markText } from '../../src/planner/text-marker.js';
import { marker } from './marker.mjs';

let counter = 0;
const nextId = (prefix: string) => `${prefix}_${String(++counter).padStart(26, '0')}`;

export function catalogOf(products: Record<string, CatalogProduct>): Catalog {
  return { version: 1, products };
}

export const monthly: CatalogPrice = {
  description: 'Pro monthly',
  name: 'Monthly',
  unit_price: { amount: '1000', currency_code: 'USD' },
  billing_cycle: { interval: 'month', frequency: 1 },
};

export const pro: CatalogProduct = { name: 'Pro', tax_category: 'saas', prices: { monthly } };

/** A remote price as Paddle returns it for `monthly` above, with every default filled in. */
export function remotePrice(key: string, overrides: Partial<RemotePrice> = {}): RemotePrice {
  return {
    id: nextId('pri'),
    product_id: 'pro_unset',
    description: 'Pro monthly',
    name: 'Monthly',
    unit_price: { amount: '1000', currency_code: 'USD' },
    billing_cycle: { interval: 'month', frequency: 1 },
    trial_period: null,
    unit_price_overrides: [],
    quantity: { minimum: 1, maximum: 100 },
    tax_mode: 'account_setting',
    custom_data: marker(key),
    status: 'active',
    created_at: null,
    ...overrides,
  };
}

export function remoteProduct(
  key: string | null,
  overrides: Partial<RemoteProduct> = {},
  prices: ((productId: string) => RemotePrice)[] = [],
): RemoteProduct {
  const id = overrides.id ?? nextId('pro');
  return {
    id,
    name: 'Pro',
    tax_category: 'saas',
    description: null,
    image_url: null,
    custom_data: key === null ? null : marker(key),
    status: 'active',
    created_at: null,
    ...overrides,
    prices: prices.map((make) => make(id)),
  };
}

export const price =
  (key: string, overrides: Partial<RemotePrice> = {}) =>
  (productId: string) =>
    remotePrice(key, { product_id: productId, ...overrides });

export function snapshotOf(...products: RemoteProduct[]): CatalogSnapshot {
  return { products, discounts: [], reads: 1 };
}

/** A remote percentage discount, managed under `key` (null: unmarked), with every default filled in. */
export function remoteDiscount(key: string | null, overrides: Partial<RemoteDiscount> = {}): RemoteDiscount {
  return {
    id: nextId('dsc'),
    description: 'Launch offer',
    type: 'percentage',
    amount: '25',
    currency_code: null,
    code: 'LAUNCH25',
    enabled_for_checkout: true,
    recur: false,
    maximum_recurring_intervals: null,
    usage_limit: null,
    restrict_to: null,
    expires_at: null,
    discount_group_id: null,
    custom_data: key === null ? null : marker(key),
    status: 'active',
    created_at: null,
    ...overrides,
  };
}

/** A catalog's percentage discount with a code, as the discount plan tests start from. */
export const launchDiscount: CatalogDiscount = {
  description: 'Launch offer',
  type: 'percentage',
  amount: '25',
  code: 'LAUNCH25',
};

/** `text` with the tool's marker for `key` at its end (null: as made in the dashboard, unmarked). */
const marked = (text: string, key: string | null, catalog = 'default') =>
  key === null ? text : markText(text, { key, catalog });

/** A remote discount group named `name`, managed under `key` (null: made in the dashboard). */
export function remoteGroup(
  key: string | null,
  name = 'Launch offers',
  overrides: Partial<RemoteDiscountGroup> & { catalog?: string } = {},
): RemoteDiscountGroup {
  const { catalog, ...rest } = overrides;
  return { id: nextId('dsg'), name: marked(name, key, catalog), status: 'active', ...rest };
}

/** A remote webhook destination with Paddle's defaults, managed under `key` (null: unmarked). */
export function remoteNotification(
  key: string | null,
  overrides: Partial<RemoteNotification> & { catalog?: string } = {},
): RemoteNotification {
  const { catalog, description = 'App webhooks', ...rest } = overrides;
  return {
    id: nextId('ntfset'),
    description: marked(description, key, catalog),
    type: 'url',
    destination: 'https://example.com/hooks',
    active: true,
    api_version: 1,
    include_sensitive_fields: false,
    traffic_source: 'platform',
    subscribed_events: ['transaction.completed'],
    ...rest,
  };
}
