// A move follows the country, not only the currency: a subscriber in a country the source price
// overrides pays that override's amount. On a target that has no amount for that country in that
// currency, Paddle bills the target's base price converted to the subscription's currency
// (https://developer.paddle.com/build/products/offer-localized-pricing), an amount nobody reviewed.
import type { CatalogPrice } from '../schema.js';

type Priced = Partial<Pick<CatalogPrice, 'unit_price' | 'unit_price_overrides'>>;

/** The currency of each country's override. */
function overrideCurrencies(price: Priced): Map<string, string> {
  const byCountry = new Map<string, string>();
  for (const override of price.unit_price_overrides ?? []) {
    for (const country of override.country_codes) byCountry.set(country, override.unit_price.currency_code);
  }
  return byCountry;
}

/**
 * Per currency, the countries the source overrides in it that the target bills in another amount's
 * currency or not at all in it: no override there in that currency, and a base price in another.
 * Currencies the target lacks entirely are left to subscribers-from-currency.
 */
export function droppedCountries(source: Priced, target: Priced): Map<string, string[]> {
  const targetCountries = overrideCurrencies(target);
  const targetCurrencies = new Set([...targetCountries.values(), target.unit_price?.currency_code]);
  const dropped = new Map<string, string[]>();
  for (const [country, currency] of overrideCurrencies(source)) {
    if (!targetCurrencies.has(currency)) continue;
    const there = targetCountries.get(country);
    const covered = there === undefined ? target.unit_price?.currency_code === currency : there === currency;
    if (!covered) dropped.set(currency, [...(dropped.get(currency) ?? []), country]);
  }
  return dropped;
}
