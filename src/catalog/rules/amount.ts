// amount-not-minor-units (docs/rules.md): amounts are strings of digits in the lowest currency
// unit. A YAML number or a decimal string is the commonest mistake; the message shows the string
// the user most likely meant and what it is worth, e.g. "1000" = $10.00, "1200" = ¥1,200.
// amount-too-large: an amount has an upper bound (src/paddle-facts/limits.ts), so a stray run of
// digits is caught here, not sent.

import { formatMinorUnits, minorUnitsToDecimal } from '../../money/minor-units.js';
import { currencyDecimalPlaces } from '../../paddle-facts/currencies.js';
import { AMOUNT_MAX, amountAboveMax } from '../../paddle-facts/limits.js';
import type { CatalogPrice, Money, UnitPriceOverride } from '../schema.js';
import { error, type Finding, type PathSegment } from './finding.js';

export const AMOUNT_TOO_LARGE = 'amount-too-large';

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

/** `1,200` or `1.200.000` without its separators: whole-number digits in groups of three. */
function ungrouped(text: string, separator: string): string | undefined {
  const groups = text.split(separator);
  const [first = '', ...rest] = groups;
  const ok = /^\d{1,3}$/.test(first) && rest.every((group) => /^\d{3}$/.test(group));
  return ok ? groups.join('') : undefined;
}

/**
 * A price as people write it — a currency sign or code (`$120`, `120 EUR`), a decimal comma
 * (`120,00`), thousands separators (`1,200.50`, `1.200,50`) — as a plain decimal (`120`, `120.00`,
 * `1200.50`); undefined when it is not a price. A lone comma before three digits (`1,200`) groups
 * thousands; before one or two (`120,5`, `120,00`) it is a decimal comma.
 */
export function plainDecimal(written: string): string | undefined {
  const bare = written
    .trim()
    .replace(/^[^\d.,-]+|[^\d.,]+$/g, '')
    .replace(/[\s\u00a0\u202f'_]/g, '');
  if (!/^\d[\d.,]*$/.test(bare)) return undefined;
  const marks = bare.replace(/\d/g, '');
  const last = marks[marks.length - 1];
  if (last === undefined) return bare;
  const point = bare.lastIndexOf(last);
  const whole = bare.slice(0, point);
  const fraction = bare.slice(point + 1);
  if (marks.length > 1 && !marks.slice(0, -1).includes(last)) {
    // both marks: the last one is the decimal mark, the other groups thousands
    const digits = ungrouped(whole, last === '.' ? ',' : '.');
    return digits === undefined ? undefined : `${digits}.${fraction}`;
  }
  if (marks.length > 1 || (last === ',' && fraction.length === 3)) return ungrouped(bare, last);
  return `${whole}.${fraction}`;
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
  const plain = plainDecimal(written);
  const meant = plain === undefined ? undefined : majorToMinorUnits(plain, currency);
  if (meant !== undefined && plain !== written) {
    return `amount is a string of digits in the lowest currency unit, without a currency sign or separators: for ${written} ${quotedHint(meant)}`;
  }
  if (written.includes('.')) {
    const places = currencyDecimalPlaces(currency ?? 'USD');
    return `amount ${written} has more decimals than ${currency ?? 'the currency'} has (${places}); amounts are strings of digits in the lowest currency unit`;
  }
  return `amount must be a string of digits in the lowest currency unit, e.g. ${quotedHint('1000')}`;
}

/** amount-too-large: why an amount above the bound of docs/rules.md is refused. */
export function amountTooLargeMessage(digits: string, currency: string | undefined): string {
  return `amount ${digits} is above the largest amount the tool sends, ${AMOUNT_MAX} (= ${describeAmount(AMOUNT_MAX, currency)}); no real price reaches it, so it is most likely a typo`;
}

type Priced = Pick<CatalogPrice, 'unit_price' | 'unit_price_overrides' | 'trial_period'>;

/** Every amount of a price (its own, its overrides', its paid trial's), at its path. */
function pricedAmounts(price: Priced): Array<{ path: PathSegment[]; money: Money }> {
  const overrides = (at: PathSegment[], list: UnitPriceOverride[] | undefined) =>
    (list ?? []).map((o, i) => ({
      path: [...at, 'unit_price_overrides', i, 'unit_price'],
      money: o.unit_price,
    }));
  const trial = price.trial_period;
  return [
    { path: ['unit_price'], money: price.unit_price },
    ...overrides([], price.unit_price_overrides),
    ...(trial?.unit_price ? [{ path: ['trial_period', 'unit_price'], money: trial.unit_price }] : []),
    ...overrides(['trial_period'], trial?.unit_price_overrides),
  ];
}

/** amount-too-large: each amount of a price is at most AMOUNT_MAX. */
export function priceAmountsBounded(price: Priced): Finding[] {
  return pricedAmounts(price)
    .filter(({ money }) => amountAboveMax(money.amount))
    .map(({ path, money }) =>
      error(AMOUNT_TOO_LARGE, [...path, 'amount'], amountTooLargeMessage(money.amount, money.currency_code)),
    );
}
