// The request of POST /pricing-preview and POST /transactions/preview (OpenAPI
// `transaction_pricing_preview_request`, `transaction-preview-create`): its shape, where the
// customer is, and the items as price and product records — catalog prices by id, and for a
// transaction preview also non-catalog prices (a price object with product_id or a product).
import { SUPPORTED_COUNTRY_CODES } from '../../paddle-facts/countries.js';
import { paddleIdPattern } from '../../paddle-facts/ids.js';
import { ApiFailure, badRequest, entityArchived, notFound } from '../api-error.js';
import type { RouteContext } from '../core.js';
import { timestamp } from '../ids.js';
import { newPrice } from '../routes/prices.js';
import { newProduct } from '../routes/products.js';
import { discountStatus } from '../rules/discount-status.js';
import { checkPriceBody } from '../rules/price.js';
import type { WireRecord } from '../types.js';
import { type Body, FieldErrors, isObject } from '../validate.js';

export type PreviewKind = 'pricing' | 'transaction';

export interface PreviewItem {
  price: WireRecord;
  product: WireRecord;
  quantity: number;
  /** transaction previews: an item may be shown but left out of the totals */
  includeInTotals: boolean;
}

const PRICE_ID = paddleIdPattern('pri');
const DISCOUNT_ID = paddleIdPattern('dsc');
const COUNTRIES: ReadonlySet<unknown> = new Set(SUPPORTED_COUNTRY_CODES);
// a stand-in product id, so a price with a product object passes the price checks
const NO_PRODUCT = `pro_${'0'.repeat(26)}`;

function checkItem(errors: FieldErrors, item: unknown, at: string, kind: PreviewKind): void {
  if (!errors.object(at, item)) return;
  if (item.quantity === undefined) errors.add(at, 'quantity is required');
  else if (errors.integer(`${at}.quantity`, item.quantity) && item.quantity < 1) {
    errors.add(`${at}.quantity`, 'Must be greater than or equal to 1');
  }
  if (kind === 'transaction' && item.price !== undefined) return;
  if (typeof item.price_id !== 'string' || !PRICE_ID.test(item.price_id)) {
    errors.add(`${at}.price_id`, 'Does not match pattern ^pri_[a-z\\d]{26}$');
  }
}

/** The body's shape: every problem at once (400 bad_request), as Paddle answers a bad body. */
export function checkPreviewBody(ctx: RouteContext, kind: PreviewKind): void {
  const body = ctx.body;
  const errors = new FieldErrors();
  if (body.items === undefined) errors.required(body, ['items']);
  else if (errors.array('items', body.items)) {
    if (body.items.length < 1 || body.items.length > 100)
      errors.add('items', 'Array must have 1 to 100 items');
    for (const [i, item] of body.items.entries()) checkItem(errors, item, `items[${i}]`, kind);
  }
  if (body.address !== undefined && body.address !== null && errors.object('address', body.address)) {
    if (!COUNTRIES.has(body.address.country_code)) {
      errors.add('address.country_code', 'must be a supported ISO 3166-1 alpha-2 country code');
    }
  }
  const currency = body.currency_code;
  if (
    currency !== undefined &&
    currency !== null &&
    !ctx.account.settings.currencies.has(currency as string)
  ) {
    errors.add('currency_code', 'must be a supported currency code');
  }
  if (body.discount_id !== undefined && body.discount_id !== null) {
    if (typeof body.discount_id !== 'string' || !DISCOUNT_ID.test(body.discount_id)) {
      errors.add('discount_id', 'Does not match pattern ^dsc_[a-z\\d]{26}$');
    }
  }
  if (errors.list.length > 0) throw badRequest(errors.list);
}

/**
 * The customer's country: the address's. The emulator locates no IP address and keeps no
 * addresses, so `customer_ip_address` and `address_id` leave the country unknown (base price, no tax).
 */
export function previewCountry(body: Body): string | undefined {
  return isObject(body.address) ? (body.address.country_code as string) : undefined;
}

function catalogItem(ctx: RouteContext, item: Body): PreviewItem {
  const price = ctx.account.state.prices.get(item.price_id as string);
  if (!price) throw notFound('Price', item.price_id as string);
  if (price.status === 'archived') throw entityArchived('Price', price.id);
  const product = ctx.account.state.products.get(price.product_id) ?? { id: price.product_id };
  return {
    price,
    product,
    quantity: item.quantity as number,
    includeInTotals: item.include_in_totals !== false,
  };
}

/** A price's field errors, named where they are in the request. */
function checkedAt(at: string, check: () => void): void {
  try {
    check();
  } catch (error) {
    if (!(error instanceof ApiFailure) || !error.options.errors) throw error;
    throw badRequest(error.options.errors.map((e) => ({ ...e, field: `${at}.${e.field}` })));
  }
}

/**
 * A price that does not exist yet: shown as Paddle shows one (no id, type custom). A subscription
 * preview takes the same non-catalog items (OpenAPI `subscription_item_create_with_price`, `…_and_product`).
 */
export function nonCatalogItem(ctx: RouteContext, item: Body, at: string): PreviewItem {
  const { product: productBody, ...priceBody } = item.price as Body;
  checkedAt(`${at}.price`, () =>
    checkPriceBody(
      { ...priceBody, product_id: priceBody.product_id ?? NO_PRODUCT },
      'create',
      ctx.account.settings,
    ),
  );
  const now = timestamp(ctx.core.now());
  let product: WireRecord;
  if (isObject(productBody)) {
    product = newProduct(null as unknown as string, { type: 'custom', ...productBody }, now);
  } else {
    const found = ctx.account.state.products.get(priceBody.product_id as string);
    if (!found) throw notFound('Product', priceBody.product_id as string);
    product = found;
  }
  const price = newPrice(
    null as unknown as string,
    { type: 'custom', ...priceBody, product_id: product.id },
    now,
  );
  return {
    price,
    product,
    quantity: item.quantity as number,
    includeInTotals: item.include_in_totals !== false,
  };
}

/** The request's items as price and product records, in order. */
export function previewItems(ctx: RouteContext): PreviewItem[] {
  return (ctx.body.items as Body[]).map((item, i) =>
    isObject(item.price) ? nonCatalogItem(ctx, item, `items[${i}]`) : catalogItem(ctx, item),
  );
}

/** The discount the request names, or null; one that is not active is not applied. */
export function previewDiscount(ctx: RouteContext): WireRecord | null {
  const id = ctx.body.discount_id;
  if (typeof id !== 'string') return null;
  const discount = ctx.account.state.discounts.get(id);
  if (!discount) throw notFound('Discount', id);
  return discountStatus(discount, ctx.core.now().getTime()) === 'active' ? discount : null;
}
