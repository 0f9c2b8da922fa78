// /products: create, list (id, status, tax_category, type; include=prices), get, update.
import type { Reply, Route, RouteContext } from '../core.js';
import { timestamp } from '../ids.js';
import { CATALOG_LIST, csv, idFilter, listReply } from '../list.js';
import { checkProductBody, checkTaxCategoryApproved } from '../rules/product.js';
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

const INCLUDES = { prices: 'price.read' };

/** Adds `prices` to each product: every price of it, archived ones too (unconfirmed upstream). */
function withPrices(ctx: RouteContext, products: readonly WireRecord[]): WireRecord[] {
  const wanted = new Set(products.map((p) => p.id));
  const byProduct = new Map<string, WireRecord[]>();
  for (const price of ctx.account.state.prices.all()) {
    // included prices are listed too: a custom one is left out as in the prices list
    if (!wanted.has(price.product_id) || price.type === 'custom') continue;
    const list = byProduct.get(price.product_id) ?? [];
    list.push(price);
    byProduct.set(price.product_id, list);
  }
  return products.map((p) => ({ ...p, prices: byProduct.get(p.id) ?? [] }));
}

/** A product as Paddle stores it: Paddle's defaults for every field `fields` leaves out. */
export function newProduct(id: string, fields: WireRecord, at: string): WireRecord {
  return {
    id,
    name: fields.name,
    tax_category: fields.tax_category ?? 'standard',
    type: fields.type ?? 'standard',
    description: fields.description ?? null,
    image_url: fields.image_url ?? null,
    custom_data: structuredClone(fields.custom_data ?? null),
    status: 'active',
    import_meta: null,
    created_at: at,
    updated_at: at,
  };
}

function create(ctx: RouteContext): Reply {
  const body = ctx.body;
  checkProductBody(body, 'create');
  checkTaxCategoryApproved(body.tax_category, ctx.account.settings);
  const now = ctx.core.now();
  const product = newProduct(ctx.core.ids.next('pro', now.getTime()), body, timestamp(now));
  ctx.account.state.products.insert(product);
  return { status: 201, data: product };
}

function list(ctx: RouteContext): Reply {
  const ids = idFilter(ctx.query, 'id', 'pro');
  const statuses = statusScope(ctx);
  const categories = csv(ctx.query, 'tax_category');
  const type = typeScope(ctx);
  const include = includes(ctx, INCLUDES);
  const records = ctx.account.state.products
    .all()
    .filter(
      (p) =>
        statuses.has(p.status) &&
        (!ids || ids.includes(p.id)) &&
        (!categories || categories.includes(p.tax_category)) &&
        p.type === type,
    );
  const spec = {
    ...CATALOG_LIST,
    orderFields: ['created_at', 'updated_at', 'name', 'status', 'tax_category'],
  };
  return listReply(ctx, records, spec, include.has('prices') ? (page) => withPrices(ctx, page) : undefined);
}

function get(ctx: RouteContext): Reply {
  const product = findOr404(ctx.account.state.products, ctx.params[0] as string, 'Product');
  return { data: includes(ctx, INCLUDES).has('prices') ? withPrices(ctx, [product])[0] : product };
}

function update(ctx: RouteContext): Reply {
  const product = findOr404(ctx.account.state.products, ctx.params[0] as string, 'Product');
  checkProductBody(ctx.body, 'update');
  assertWritable(product, ctx.body, 'Product');
  if (ctx.body.tax_category !== product.tax_category)
    checkTaxCategoryApproved(ctx.body.tax_category, ctx.account.settings);
  applyPatch(product, ctx.body, ctx);
  return { data: product };
}

export const productRoutes: Route[] = [
  { method: 'POST', pattern: pathPattern('/products'), permission: 'product.write', handle: create },
  { method: 'GET', pattern: pathPattern('/products'), permission: 'product.read', handle: list },
  { method: 'GET', pattern: pathPattern('/products/{id}'), permission: 'product.read', handle: get },
  { method: 'PATCH', pattern: pathPattern('/products/{id}'), permission: 'product.write', handle: update },
];
