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
 * A locale-aware currency string for an amount in minor units, with exactly `decimalPlaces`
 * fraction digits. Intl formats the decimal *string* (exact, no float rounding).
 */
export function formatMinorUnits(
  amount: string,
  currencyCode: string,
  decimalPlaces: number,
  locale: string,
): string {
  const formatter = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: currencyCode,
    minimumFractionDigits: decimalPlaces,
    maximumFractionDigits: decimalPlaces,
  });
  // Intl accepts decimal strings exactly (ES2023 Intl.NumberFormat v3); the cast is for older lib types.
  return formatter.format(minorUnitsToDecimal(amount, decimalPlaces) as unknown as number);
}
