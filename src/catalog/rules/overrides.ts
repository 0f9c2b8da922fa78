// Per-market prices (docs/rules.md: country-codes-invalid, override-country-repeated). The schema
// checks the codes and the count (≤ 250); a country may appear in one override only, or the API
// cannot tell which price applies.

import {
  COUNTRY_CODE_MISTAKES,
  COUNTRY_GROUPS,
  EURO_AREA,
  UNSUPPORTED_COUNTRY_CODES,
} from '../../paddle-facts/countries.js';
import type { CatalogPrice, UnitPriceOverride } from '../schema.js';
import { error, type Finding, type PathSegment } from './finding.js';

/** Why a country code is refused: a common mix-up, a country Paddle does not sell to, or no code at all. */
export function unknownCountryMessage(value: unknown): string {
  const shown = JSON.stringify(value);
  if (typeof value !== 'string') return `country code ${shown} must be a two-letter string such as "GB"`;
  const upper = value.toUpperCase();
  const group = COUNTRY_GROUPS[upper.replace(/[\s_-]/g, '')];
  if (group) return groupMessage(shown, group);
  const mistake = COUNTRY_CODE_MISTAKES[upper];
  if (mistake) return `${shown} is not an ISO 3166-1 alpha-2 code; did you mean "${mistake}"?`;
  if (UNSUPPORTED_COUNTRY_CODES.has(upper))
    return `Paddle does not sell to ${upper}, so no price can target it`;
  if (upper !== value && /^[A-Z]{2}$/.test(upper)) return `country codes are upper case: "${upper}"`;
  return `${shown} is not an ISO 3166-1 alpha-2 country code Paddle accepts (e.g. "GB", "DE", "JP")`;
}

/** A group (EU, EUROZONE) is no country: its countries to paste, and the euro area beside the EU. */
function groupMessage(shown: string, group: { name: string; codes: readonly string[] }) {
  const list = (codes: readonly string[]) => `[${codes.join(', ')}] (${codes.length} countries)`;
  const euro = group.codes === EURO_AREA ? '' : `; the euro area, which pays in EUR, is ${list(EURO_AREA)}`;
  return `${shown} is a group, not a country: Paddle takes country codes one by one. For ${group.name} write country_codes: ${list(group.codes)}${euro}`;
}

/** No country in two overrides (or twice in one) of the same list. */
function countriesOnce(overrides: readonly UnitPriceOverride[], at: PathSegment[]): Finding[] {
  const seen = new Map<string, number>();
  const findings: Finding[] = [];
  overrides.forEach((override, index) => {
    override.country_codes.forEach((code, position) => {
      const first = seen.get(code);
      if (first === undefined) {
        seen.set(code, index);
        return;
      }
      const where = first === index ? 'this override' : `unit_price_overrides.${first}`;
      findings.push(
        error(
          'override-country-repeated',
          [...at, index, 'country_codes', position],
          `${code} is already in ${where}; a country may have one override only`,
        ),
      );
    });
  });
  return findings;
}

/** Both override lists of a price: its own and its paid trial's. */
export function priceCountriesOnce(
  price: Pick<CatalogPrice, 'unit_price_overrides' | 'trial_period'>,
): Finding[] {
  return [
    ...countriesOnce(price.unit_price_overrides ?? [], ['unit_price_overrides']),
    ...countriesOnce(price.trial_period?.unit_price_overrides ?? [], [
      'trial_period',
      'unit_price_overrides',
    ]),
  ];
}
