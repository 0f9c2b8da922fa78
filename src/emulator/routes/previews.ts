// POST /pricing-preview and POST /transactions/preview: what a customer in a country pays for
// prices, in Paddle's shapes (developer.paddle.com/api-reference/pricing-preview and
// …/transactions/preview-transaction). The unit price is the country's override, else the base
// price, or the base converted where the account has the country's currency enabled; tax follows
// the price's tax_mode at the emulator's own rates (src/emulator/preview/rates.ts: real Paddle
// computes its own); a discount_id is applied. Both need transaction.read, as Paddle's do.
import type { AccountSettings, Reply, Route, RouteContext } from '../core.js';
import { totalsFormatted, totalsWire } from '../preview/format.js';
import {
  discountAmount,
  discountApplies,
  isInclusive,
  lineTotals,
  previewCurrency,
  type Totals,
  taxRateIn,
  unitPriceIn,
} from '../preview/pricing.js';
import {
  checkPreviewBody,
  type PreviewItem,
  previewCountry,
  previewDiscount,
  previewItems,
} from '../preview/request.js';
import { completeTotals } from '../transaction-shape.js';
import type { WireRecord } from '../types.js';
import { pathPattern } from './common.js';

// as in the OpenAPI description's examples
const PAYMENT_METHODS = ['apple_pay', 'card', 'paypal', 'google_pay'];

interface Where {
  country: string | undefined;
  currency: string;
  settings: AccountSettings;
}

interface PricedLine {
  item: PreviewItem;
  rate: string;
  unit: Totals;
  totals: Totals;
}

/** Paddle's trials bill nothing now unless the preview ignores them (ignore_trials). */
function inTrial(item: PreviewItem, ignoreTrials: boolean): boolean {
  return !ignoreTrials && Boolean(item.price.trial_period && item.price.billing_cycle);
}

/** Each line's totals; a flat discount is spent once across the lines it applies to. */
function priceLines(
  items: PreviewItem[],
  where: Where,
  discount: WireRecord | null,
  charged: boolean[],
): PricedLine[] {
  let flatLeft = discount?.type === 'flat' ? BigInt(discount.amount) : 0n;
  return items.map((item, i) => {
    const unitAmount = charged[i]
      ? unitPriceIn(item.price, where.country, where.currency, where.settings)
      : 0n;
    const gross = unitAmount * BigInt(item.quantity);
    const applies = discount !== null && discountApplies(discount, item.price);
    let off = applies ? discountAmount(discount, gross, item.quantity, where.currency) : 0n;
    if (applies && discount.type === 'flat') {
      off = off > gross ? gross : off;
      off = off > flatLeft ? flatLeft : off;
      flatLeft -= off;
    }
    const unitOff =
      applies && discount.type !== 'flat'
        ? discountAmount(discount, unitAmount, 1, where.currency)
        : off / BigInt(item.quantity);
    const rate = taxRateIn(where.country);
    const inclusive = isInclusive(item.price, where.country, where.settings);
    return {
      item,
      rate,
      unit: lineTotals(unitAmount, unitOff, rate, inclusive),
      totals: lineTotals(gross, off, rate, inclusive),
    };
  });
}

function whereFor(ctx: RouteContext, items: PreviewItem[]): Where {
  const country = previewCountry(ctx.body);
  const settings = ctx.account.settings;
  const asked = typeof ctx.body.currency_code === 'string' ? ctx.body.currency_code : undefined;
  return {
    country,
    settings,
    currency: previewCurrency((items[0] as PreviewItem).price, country, settings, asked),
  };
}

/** The request's echo Paddle puts before the details. */
function echo(ctx: RouteContext, currency: string): WireRecord {
  const b = ctx.body;
  return {
    customer_id: b.customer_id ?? null,
    address_id: b.address_id ?? null,
    business_id: b.business_id ?? null,
    currency_code: currency,
    discount_id: b.discount_id ?? null,
    address: b.address ? { postal_code: null, ...(b.address as WireRecord) } : null,
    customer_ip_address: b.customer_ip_address ?? null,
  };
}

function pricingPreview(ctx: RouteContext): Reply {
  checkPreviewBody(ctx, 'pricing');
  const items = previewItems(ctx);
  const discount = previewDiscount(ctx);
  const where = whereFor(ctx, items);
  const places = where.settings.currencies.get(where.currency) ?? 2;
  const lines = priceLines(
    items,
    where,
    discount,
    items.map(() => true),
  );
  const lineItems = lines.map(({ item, rate, unit, totals }) => ({
    price: item.price,
    quantity: item.quantity,
    tax_rate: rate,
    unit_totals: totalsWire(unit),
    formatted_unit_totals: totalsFormatted(unit, where.currency, places),
    totals: totalsWire(totals),
    formatted_totals: totalsFormatted(totals, where.currency, places),
    product: item.product,
    discounts:
      discount && totals.discount > 0n
        ? [
            {
              discount,
              total: String(totals.discount),
              formatted_total: totalsFormatted(totals, where.currency, places).discount,
            },
          ]
        : [],
  }));
  return {
    data: {
      ...echo(ctx, where.currency),
      details: { line_items: lineItems },
      available_payment_methods: PAYMENT_METHODS,
    },
  };
}

function sum(lines: PricedLine[], field: keyof Totals): bigint {
  return lines.reduce((total, line) => total + line.totals[field], 0n);
}

/** details of a transaction preview: tax rates used, transaction totals and line items. */
function transactionDetails(lines: PricedLine[], currency: string): WireRecord {
  const counted = lines.filter((line) => line.item.includeInTotals);
  const rates = [...new Set(counted.map((line) => line.rate))];
  const given = {
    subtotal: String(sum(counted, 'subtotal')),
    discount: String(sum(counted, 'discount')),
    tax: String(sum(counted, 'tax')),
  };
  return {
    tax_rates_used: rates.map((rate) => {
      const at = counted.filter((line) => line.rate === rate);
      const totals = {
        subtotal: sum(at, 'subtotal'),
        discount: sum(at, 'discount'),
        tax: sum(at, 'tax'),
        total: sum(at, 'total'),
      };
      return { tax_rate: rate, totals: totalsWire(totals) };
    }),
    totals: completeTotals(given, 'draft', currency),
    line_items: lines.map(({ item, rate, unit, totals }) => ({
      price_id: item.price.id,
      quantity: item.quantity,
      tax_rate: rate,
      unit_totals: totalsWire(unit),
      totals: totalsWire(totals),
      product: item.product,
      proration: null,
    })),
  };
}

function transactionPreview(ctx: RouteContext): Reply {
  checkPreviewBody(ctx, 'transaction');
  const items = previewItems(ctx);
  const discount = previewDiscount(ctx);
  const where = whereFor(ctx, items);
  const ignoreTrials = ctx.body.ignore_trials === true;
  const lines = priceLines(
    items,
    where,
    discount,
    items.map((item) => !inTrial(item, ignoreTrials)),
  );
  return {
    data: {
      ...echo(ctx, where.currency),
      ignore_trials: ignoreTrials,
      items: items.map((item) => ({
        price: item.price,
        quantity: item.quantity,
        include_in_totals: item.includeInTotals,
        proration: null,
      })),
      details: transactionDetails(lines, where.currency),
      available_payment_methods: PAYMENT_METHODS,
    },
  };
}

export const previewRoutes: Route[] = [
  {
    method: 'POST',
    pattern: pathPattern('/pricing-preview'),
    permission: 'transaction.read',
    handle: pricingPreview,
  },
  {
    method: 'POST',
    pattern: pathPattern('/transactions/preview'),
    permission: 'transaction.read',
    handle: transactionPreview,
  },
];
