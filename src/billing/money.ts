// Totals as a billing history shows them. The arithmetic on minor units is src/money/'s; the
// decimal places come from the account's currencies list when it is available.
import { formatMinorUnits } from '../money/minor-units.js';
import { currencyDecimalPlaces } from '../paddle-facts/currencies.js';

/**
 * Decimal places of a currency: from the currencies list when it is available
 * and knows the code, else Paddle's fixed table.
 * @internal A table test of each currency's decimal places.
 */
export function decimalPlacesOf(code: string, list: ReadonlyMap<string, number> | null): number {
  return list?.get(code.toUpperCase()) ?? currencyDecimalPlaces(code);
}

/**
 * A total as shown in a billing history. A missing amount is "0", a missing
 * currency "USD"; the decimal places come from the currencies list when given, else the table.
 * The amount is only shifted by its decimal places: no other rounding, no recomputation.
 */
export function formatTotal(
  amount: string | null | undefined,
  currencyCode: string | null | undefined,
  currencies: ReadonlyMap<string, number> | null,
  locale: string,
): string {
  const code = currencyCode || 'USD';
  return formatMinorUnits(amount || '0', code, decimalPlacesOf(code, currencies), locale);
}
