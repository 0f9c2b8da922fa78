// amount-not-minor-units (docs/rules.md): amounts are strings of digits in the lowest currency
// unit. A YAML number or a decimal string is the commonest mistake; the message shows the string
// the user most likely meant and what it is worth, e.g. "1000" = $10.00, "1200" = ¥1,200.

import { formatMinorUnits, minorUnitsToDecimal } from '../../money/minor-units.js';
import { currencyDecimalPlaces } from '../../paddle-facts/currencies.js';

const DIGITS = /^\d+$/;

/** `$10.00` for ("1000", "USD"); a plain decimal and the code when Intl does not know the currency. */
export function describeAmount(minorUnits: string, currency: string | undefined): string {
  const code = currency ?? 'USD';
  const places = currencyDecimalPlaces(code);
  try {
    return formatMinorUnits(minorUnits, code, places, 'en-US');
  } catch {
    return `${minorUnitsToDecimal(minorUnits, places)} ${code}`;
  }
}

/** The digit string that a decimal in major units (`10.5` USD) stands for, if it can be exact. */
export function majorToMinorUnits(decimal: string, currency: string | undefined): string | undefined {
  const match = /^(\d+)(?:\.(\d*))?$/.exec(decimal);
  if (!match) return undefined;
  const places = currencyDecimalPlaces(currency ?? 'USD');
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > places) return undefined;
  const digits = `${match[1]}${fraction.padEnd(places, '0')}`.replace(/^0+(?=\d)/, '');
  return digits;
}

/**
 * Why an amount is not acceptable, and what to write instead. `source` is the text as written in the
 * YAML file (a YAML number `10.00` has the value 10, but the user wrote two decimals).
 */
export function amountMessage(
  value: unknown,
  source: string | undefined,
  currency: string | undefined,
): string {
  const written = (source ?? String(value)).trim();
  const quotedHint = (digits: string) => `write amount: "${digits}" (= ${describeAmount(digits, currency)})`;
  if (written.startsWith('-')) return 'amount cannot be negative';
  if (typeof value === 'number' && DIGITS.test(written)) {
    return `amount must be a quoted string of digits in the lowest currency unit, not a YAML number: ${quotedHint(written)}`;
  }
  const minor = majorToMinorUnits(written, currency);
  if (minor !== undefined && written.includes('.')) {
    return `amount is in the lowest currency unit, without a decimal point: for ${written} ${quotedHint(minor)}`;
  }
  if (written.includes('.')) {
    const places = currencyDecimalPlaces(currency ?? 'USD');
    return `amount ${written} has more decimals than ${currency ?? 'the currency'} has (${places}); amounts are strings of digits in the lowest currency unit`;
  }
  return `amount must be a string of digits in the lowest currency unit, e.g. ${quotedHint('1000')}`;
}
