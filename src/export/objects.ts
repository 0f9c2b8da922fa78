// One remote object as the catalog file has it (`export`): only what differs from Paddle's defaults,
// the wire names, the user's custom_data without our marker. Pure; export.ts keys and gathers them.
import type {
  CatalogDiscount,
  CatalogPrice,
  CatalogProduct,
  Money,
  TrialPeriod,
  UnitPriceOverride,
} from '../catalog/schema.js';
import { DEFAULT_QUANTITY, DEFAULT_TAX_MODE } from '../paddle-facts/prices.js';
import type { TaxCategory } from '../paddle-facts/tax-categories.js';
import { userCustomData } from '../planner/marker.js';
import type {
  RemoteDiscount,
  RemoteDuration,
  RemoteMoney,
  RemoteOverride,
  RemotePrice,
  RemoteProduct,
  RemoteTrialPeriod,
} from '../planner/remote.js';

const EVERY: Record<string, string> = { day: 'daily', week: 'weekly', month: 'monthly', year: 'yearly' };

/** `monthly`, `yearly`, `every-3-months`, `one-time`: a price key from its billing cycle. */
export function cycleKey(cycle: RemoteDuration | null): string {
  if (!cycle) return 'one-time';
  if (cycle.frequency === 1 && EVERY[cycle.interval]) return EVERY[cycle.interval] as string;
  return `every-${cycle.frequency}-${cycle.interval}s`;
}

const text = (value: string | null) => (value ? value : undefined);
// Remote strings are typed as the catalog's enums here; `export` validates the file it writes.
const money = (m: RemoteMoney) => ({ amount: m.amount, currency_code: m.currency_code }) as Money;

function overrides(list: RemoteOverride[] | null | undefined): UnitPriceOverride[] | undefined {
  if (!list || list.length === 0) return undefined;
  return list.map((o) => ({
    country_codes: [...o.country_codes] as UnitPriceOverride['country_codes'],
    unit_price: money(o.unit_price),
  }));
}

function trialOf(t: RemoteTrialPeriod | null): TrialPeriod | undefined {
  if (!t) return undefined;
  const trial: TrialPeriod = { interval: t.interval as TrialPeriod['interval'], frequency: t.frequency };
  if (t.unit_price) trial.unit_price = money(t.unit_price);
  const trialOverrides = overrides(t.unit_price_overrides);
  if (trialOverrides) trial.unit_price_overrides = trialOverrides;
  // only an explicit false makes a trial cardless; true is Paddle's default
  if (t.requires_payment_method === false) trial.requires_payment_method = false;
  return trial;
}

/** A price with only what differs from Paddle's defaults (the wire names, amounts as strings). */
export function exportPrice(p: RemotePrice): CatalogPrice {
  const price: CatalogPrice = {
    description: p.description,
    unit_price: money(p.unit_price),
  };
  const name = text(p.name);
  if (name) price.name = name;
  if (p.billing_cycle) price.billing_cycle = { ...p.billing_cycle } as CatalogPrice['billing_cycle'];
  const trial = trialOf(p.trial_period);
  if (trial) price.trial_period = trial;
  const priceOverrides = overrides(p.unit_price_overrides);
  if (priceOverrides) price.unit_price_overrides = priceOverrides;
  const q = p.quantity;
  if (q && (q.minimum !== DEFAULT_QUANTITY.minimum || q.maximum !== DEFAULT_QUANTITY.maximum)) {
    price.quantity = { minimum: q.minimum, maximum: q.maximum };
  }
  if (p.tax_mode && p.tax_mode !== DEFAULT_TAX_MODE) price.tax_mode = p.tax_mode as CatalogPrice['tax_mode'];
  const custom = userCustomData(p.custom_data);
  if (custom) price.custom_data = custom;
  return price;
}

export function exportProduct(p: RemoteProduct): Omit<CatalogProduct, 'prices'> {
  const product: CatalogProduct = { name: p.name, tax_category: p.tax_category as TaxCategory };
  const description = text(p.description);
  if (description) product.description = description;
  const image = text(p.image_url);
  if (image) product.image_url = image;
  const custom = userCustomData(p.custom_data);
  if (custom) product.custom_data = custom;
  return product;
}

/**
 * A discount with only what differs from Paddle's defaults; restrict_to ids become the keys of the
 * exported products and prices (`keyOfId`), and an id that none of them has stays an id.
 */
export function exportDiscount(
  d: RemoteDiscount,
  keyOfId: ReadonlyMap<string, string>,
  groupKeyOfId: ReadonlyMap<string, string> = new Map(),
): CatalogDiscount {
  const discount: CatalogDiscount = {
    description: d.description,
    type: d.type as CatalogDiscount['type'],
    amount: d.amount,
  };
  if (d.currency_code) discount.currency_code = d.currency_code as CatalogDiscount['currency_code'];
  if (d.code) discount.code = d.code;
  if (!d.enabled_for_checkout) discount.enabled_for_checkout = false;
  if (d.recur) discount.recur = true;
  if (d.maximum_recurring_intervals !== null)
    discount.maximum_recurring_intervals = d.maximum_recurring_intervals;
  if (d.usage_limit !== null) discount.usage_limit = d.usage_limit;
  if (d.restrict_to?.length) discount.restrict_to = d.restrict_to.map((id) => keyOfId.get(id) ?? id);
  if (d.expires_at) discount.expires_at = d.expires_at;
  const group = d.discount_group_id ? groupKeyOfId.get(d.discount_group_id) : undefined;
  if (group) discount.discount_group = group;
  const custom = userCustomData(d.custom_data);
  if (custom) discount.custom_data = custom;
  return discount;
}
