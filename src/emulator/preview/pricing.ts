// What one preview line costs in a country: the unit price that applies there, its tax mode, the
// emulator's tax rate (preview/rates.ts: its own table, not Paddle's) and a discount.
// Totals follow Paddle's: total = subtotal − discount + tax; an exclusive price adds tax on the
// discounted subtotal, an inclusive one holds it (subtotal is then the amount without tax).
import type { AccountSettings } from '../core.js';
import type { WireRecord } from '../types.js';
import { convertAmount, EMULATOR_TAX_RATES, LOCAL_CURRENCY } from './rates.js';

const SCALE = 1_000_000n;

export interface Totals {
  subtotal: bigint;
  discount: bigint;
  tax: bigint;
  total: bigint;
}

/** A decimal string such as "0.19" in millionths. */
function millionths(rate: string): bigint {
  const [whole = '0', fraction = ''] = rate.split('.');
  return BigInt(whole) * SCALE + BigInt(fraction.padEnd(6, '0').slice(0, 6));
}

function divRound(a: bigint, b: bigint): bigint {
  return (a * 2n + b) / (2n * b);
}

export function taxRateIn(country: string | undefined): string {
  return (country && EMULATOR_TAX_RATES[country]) || '0';
}

/**
 * Whether the price's amount includes tax. `account_setting` takes the account's default; the
 * emulator reads `location` as exclusive in the US and Canada and inclusive elsewhere (Paddle
 * documents the mode as depending on the customer's location without listing the countries).
 */
export function isInclusive(
  price: WireRecord,
  country: string | undefined,
  settings: AccountSettings,
): boolean {
  const mode = price.tax_mode === 'account_setting' ? settings.defaultTaxMode : price.tax_mode;
  if (mode === 'internal' || mode === 'inclusive') return true;
  if (mode === 'location') return country !== 'US' && country !== 'CA';
  return false;
}

/** The currency a preview bills in: the one asked for, else the first price's in that country. */
export function previewCurrency(
  price: WireRecord,
  country: string | undefined,
  settings: AccountSettings,
  asked: string | undefined,
): string {
  if (asked) return asked;
  const override = overrideFor(price, country);
  if (override) return override.unit_price.currency_code;
  const local = country ? LOCAL_CURRENCY[country] : undefined;
  if (local && settings.enabledCurrencies.has(local)) return local;
  return price.unit_price.currency_code;
}

function overrideFor(price: WireRecord, country: string | undefined): WireRecord | undefined {
  if (!country) return undefined;
  return (price.unit_price_overrides ?? []).find((o: WireRecord) => o.country_codes?.includes(country));
}

/**
 * The unit price in `currency` for a customer in `country`: the country's override, else the base
 * price, else the base price converted at the emulator's fixed rates.
 */
export function unitPriceIn(
  price: WireRecord,
  country: string | undefined,
  currency: string,
  settings: AccountSettings,
): bigint {
  const override = overrideFor(price, country);
  if (override?.unit_price.currency_code === currency) return BigInt(override.unit_price.amount);
  const base = price.unit_price as WireRecord;
  if (base.currency_code === currency) return BigInt(base.amount);
  const decimals = (code: string) => settings.currencies.get(code) ?? 2;
  return convertAmount(BigInt(base.amount), base.currency_code, currency, decimals) ?? BigInt(base.amount);
}

/** Totals of `gross` (unit amount × quantity, as priced) less `discount`, taxed at `rate`. */
export function lineTotals(gross: bigint, discount: bigint, rate: string, inclusive: boolean): Totals {
  const r = millionths(rate);
  const off = discount > gross ? gross : discount;
  if (!inclusive) {
    const tax = divRound((gross - off) * r, SCALE);
    return { subtotal: gross, discount: off, tax, total: gross - off + tax };
  }
  // inclusive: the amounts hold tax; subtotal and discount are shown without it
  const total = gross - off;
  const tax = divRound(total * r, SCALE + r);
  const subtotal = divRound(gross * SCALE, SCALE + r);
  return { subtotal, discount: subtotal - (total - tax), tax, total };
}

/** Whether `discount` applies to `price` (restrict_to names the price or its product, or is empty). */
export function discountApplies(discount: WireRecord, price: WireRecord): boolean {
  const restrict = discount.restrict_to as string[] | null | undefined;
  if (!restrict || restrict.length === 0) return true;
  return restrict.includes(price.id) || restrict.includes(price.product_id);
}

/** The discount on `gross` for `quantity` units in `currency` (flat discounts only in theirs). */
export function discountAmount(
  discount: WireRecord,
  gross: bigint,
  quantity: number,
  currency: string,
): bigint {
  if (discount.type === 'percentage')
    return divRound(gross * millionths(String(discount.amount)), 100n * SCALE);
  if (discount.currency_code !== currency) return 0n;
  const amount = BigInt(discount.amount);
  return discount.type === 'flat_per_seat' ? amount * BigInt(quantity) : amount;
}
