// What one unit of a catalog price costs in a subscription's currency, from the catalog (pure). A
// subscription's currency is known but not always its country, so the amount is the base price's
// when it is in that currency, else the one override in that currency; overrides of one currency
// with different amounts are said as such in the cell, never one picked.
import type { CatalogPrice } from '../catalog/schema.js';
import { formatMinorUnits } from '../money/minor-units.js';
import { currencyDecimalPlaces } from '../paddle-facts/currencies.js';

/** An amount in minor units (null when the catalog gives no single one) and how it reads. */
export interface UnitAmount {
  minor: string | null;
  formatted: string;
}

const format = (amount: string, currency: string) =>
  formatMinorUnits(amount, currency, currencyDecimalPlaces(currency), 'en-US');

/** The unit amount of `price` in `currency`, or words saying why there is no single one. */
export function unitAmountIn(price: CatalogPrice | undefined, currency: string): UnitAmount {
  if (price === undefined) return { minor: null, formatted: 'not in the catalog' };
  if (price.unit_price.currency_code === currency)
    return { minor: price.unit_price.amount, formatted: format(price.unit_price.amount, currency) };
  const overrides = (price.unit_price_overrides ?? []).filter((o) => o.unit_price.currency_code === currency);
  const amounts = [...new Set(overrides.map((o) => o.unit_price.amount))];
  const [only] = amounts;
  if (only !== undefined && amounts.length === 1) return { minor: only, formatted: format(only, currency) };
  if (only === undefined) return { minor: null, formatted: `no ${currency} amount in the catalog` };
  const byCountry = amounts.map((amount) => {
    const countries = overrides.filter((o) => o.unit_price.amount === amount).flatMap((o) => o.country_codes);
    return `${format(amount, currency)} (${countries.join(', ')})`;
  });
  return { minor: null, formatted: `by country: ${byCountry.join('; ')}` };
}
