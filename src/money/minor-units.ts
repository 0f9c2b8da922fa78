// Amounts are strings of digits in the lowest currency unit (Paddle's format for prices and
// totals). They are turned into decimal strings by string arithmetic, never floats, so that 18+
// digit amounts stay exact.

/** "123456" with 2 places → "1234.56"; "5" with 2 → "0.05"; "-150" with 2 → "-1.50"; any places ≥ 0. */
export function minorUnitsToDecimal(amount: string, decimalPlaces: number): string {
  const match = /^(-?)(\d+)$/.exec(amount.trim());
  if (!match) throw new RangeError(`not an amount in minor units: ${JSON.stringify(amount)}`);
  const sign = match[1] ?? '';
  const digits = (match[2] ?? '0').replace(/^0+(?=\d)/, '');
  if (decimalPlaces === 0) return sign + digits;
  const padded = digits.padStart(decimalPlaces + 1, '0');
  const whole = padded.slice(0, -decimalPlaces);
  const fraction = padded.slice(-decimalPlaces);
  return `${sign}${whole}.${fraction}`;
}

/**
 * The formatters made so far, by locale, currency and places: making one loads its locale's data and
 * costs about 0.2 ms, a few hundred formats with it (a plan's review or the emulator's previews
 * format thousands of amounts in a few currencies). Bounded all the same, as a currency code may
 * come from an account or a request.
 */
const formatters = new Map<string, Intl.NumberFormat>();
const MOST_FORMATTERS = 100;

function formatterFor(locale: string, currencyCode: string, decimalPlaces: number): Intl.NumberFormat {
  const key = `${locale} ${currencyCode} ${decimalPlaces}`;
  let formatter = formatters.get(key);
  if (formatter) return formatter;
  formatter = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: currencyCode,
    minimumFractionDigits: decimalPlaces,
    maximumFractionDigits: decimalPlaces,
  });
  if (formatters.size >= MOST_FORMATTERS) formatters.clear();
  formatters.set(key, formatter);
  return formatter;
}

/**
 * A locale-aware currency string for an amount in minor units, with exactly `decimalPlaces`
 * fraction digits. Intl formats the decimal *string* (exact, no float rounding).
 */
export function formatMinorUnits(
  amount: string,
  currencyCode: string,
  decimalPlaces: number,
  locale: string,
): string {
  const formatter = formatterFor(locale, currencyCode, decimalPlaces);
  // Intl accepts decimal strings exactly (ES2023 Intl.NumberFormat v3); the cast is for older lib types.
  return formatter.format(minorUnitsToDecimal(amount, decimalPlaces) as unknown as number);
}
