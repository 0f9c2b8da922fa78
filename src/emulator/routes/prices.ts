// /prices: create, list (product_id, id, status, recurring), get, update.
// Fields the SDK does not know (a paid trial's unit_price and overrides) are stored and
// returned exactly as sent: paid trials are created through the raw API (the SDK drops them).
import { DEFAULT_QUANTITY, DEFAULT_TAX_MODE } from '../../paddle-facts/prices.js';
import { entityArchived, notFound } from '../api-error.js';
import type { Reply, Route, RouteContext } from '../core.js';
import { timestamp } from '../ids.js';
import { CATALOG_LIST, idFilter, listReply } from '../list.js';
import { checkPriceBody, checkPriceRules, createdTaxMode } from '../rules/price.js';
import type { WireRecord } from '../types.js';
import {
  applyPatch,
  assertWritable,
  findOr404,
  includes,
  pathPattern,
  statusScope,
  typeScope,
} from './common.js';

const INCLUDES = { product: 'product.read' };
const ORDER_FIELDS = [
  'billing_cycle.frequency',
  'billing_cycle.interval',
  'product_id',
  'quantity.maximum',
  'quantity.minimum',
  'status',
  'tax_mode',
  'unit_price.amount',
  'unit_price.currency_code',
];

function withProduct(ctx: RouteContext, price: WireRecord): WireRecord {
  return { ...price, product: ctx.account.state.products.get(price.product_id) ?? null };
}

/**
 * A trial as Paddle stores it: `requires_payment_method` is always in its answer, true unless sent
 * (Paddle's Price object: "requires_payment_method ... default true"; the Node SDK reads it).
 */
export function storedTrial(trial: WireRecord | null | undefined): WireRecord | null {
  if (!trial) return null;
  return { ...trial, requires_payment_method: trial.requires_payment_method ?? true };
}

/** A price as Paddle stores it: Paddle's defaults for every field `fields` leaves out. */
export function newPrice(id: string, fields: WireRecord, at: string): WireRecord {
  return {
    id,
    product_id: fields.product_id,
    type: fields.type ?? 'standard',
    description: fields.description,
    name: fields.name ?? null,
    billing_cycle: fields.billing_cycle ?? null,
    trial_period: storedTrial(fields.trial_period),
    tax_mode: fields.tax_mode ?? DEFAULT_TAX_MODE,
    unit_price: fields.unit_price,
    unit_price_overrides: fields.unit_price_overrides ?? [],
    custom_data: fields.custom_data ?? null,
    status: 'active',
    quantity: fields.quantity ?? { ...DEFAULT_QUANTITY },
    import_meta: null,
    created_at: at,
    updated_at: at,
  };
}

function create(ctx: RouteContext): Reply {
  const body = ctx.body;
  checkPriceBody(body, 'create', ctx.account.settings);
  const product = ctx.account.state.products.get(body.product_id as string);
  if (!product) throw notFound('Product', body.product_id as string);
  if (product.status === 'archived') throw entityArchived('Product', product.id);
  const now = ctx.core.now();
  const fields = { ...body, tax_mode: createdTaxMode(body.tax_mode, ctx.account.settings) };
  const price = newPrice(ctx.core.ids.next('pri', now.getTime()), fields, timestamp(now));
  checkPriceRules(price, ctx.account.settings);
  ctx.account.state.prices.insert(structuredClone(price));
  return { status: 201, data: ctx.account.state.prices.get(price.id) };
}

function list(ctx: RouteContext): Reply {
  const productIds = idFilter(ctx.query, 'product_id', 'pro');
  const ids = idFilter(ctx.query, 'id', 'pri');
  const statuses = statusScope(ctx);
  const recurring = ctx.query.get('recurring');
  const type = typeScope(ctx);
  const include = includes(ctx, INCLUDES);
  const records = ctx.account.state.prices
    .all()
    .filter(
      (p) =>
        statuses.has(p.status) &&
        p.type === type &&
        (!ids || ids.includes(p.id)) &&
        (!productIds || productIds.includes(p.product_id)) &&
        (recurring === null || (recurring === 'true') === (p.billing_cycle !== null)),
    );
  const spec = { ...CATALOG_LIST, orderFields: ORDER_FIELDS };
  return listReply(
    ctx,
    records,
    spec,
    include.has('product') ? (page) => page.map((p) => withProduct(ctx, p)) : undefined,
  );
}

function get(ctx: RouteContext): Reply {
  const price = findOr404(ctx.account.state.prices, ctx.params[0] as string, 'Price');
  return { data: includes(ctx, INCLUDES).has('product') ? withProduct(ctx, price) : price };
}

function update(ctx: RouteContext): Reply {
  const price = findOr404(ctx.account.state.prices, ctx.params[0] as string, 'Price');
  checkPriceBody(ctx.body, 'update', ctx.account.settings);
  assertWritable(price, ctx.body, 'Price');
  const next = structuredClone(price);
  applyPatch(next, ctx.body, ctx);
  checkPriceRules(next, ctx.account.settings);
  applyPatch(price, ctx.body, ctx);
  price.trial_period = storedTrial(price.trial_period);
  return { data: price };
}

export const priceRoutes: Route[] = [
  { method: 'POST', pattern: pathPattern('/prices'), permission: 'price.write', handle: create },
  { method: 'GET', pattern: pathPattern('/prices'), permission: 'price.read', handle: list },
  { method: 'GET', pattern: pathPattern('/prices/{id}'), permission: 'price.read', handle: get },
  { method: 'PATCH', pattern: pathPattern('/prices/{id}'), permission: 'price.write', handle: update },
];
