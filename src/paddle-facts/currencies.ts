// Currencies the API accepts (the OpenAPI `currency_code` enum plus CLP and PEN, added in SDK 3.6)
// and their decimal places (JPY, KRW, VND and CLP have none, the rest two).

export const CURRENCY_CODES = [
  'USD',
  'EUR',
  'GBP',
  'JPY',
  'AUD',
  'CAD',
  'CHF',
  'HKD',
  'SGD',
  'SEK',
  'ARS',
  'BRL',
  'CNY',
  'COP',
  'CZK',
  'DKK',
  'HUF',
  'ILS',
  'INR',
  'KRW',
  'MXN',
  'NOK',
  'NZD',
  'PLN',
  'RUB',
  'THB',
  'TRY',
  'TWD',
  'UAH',
  'VND',
  'ZAR',
  'CLP',
  'PEN',
] as const;

export type CurrencyCode = (typeof CURRENCY_CODES)[number];

const ZERO_DECIMAL: ReadonlySet<string> = new Set(['JPY', 'KRW', 'VND', 'CLP']);

export function isCurrencyCode(code: string): code is CurrencyCode {
  return (CURRENCY_CODES as readonly string[]).includes(code);
}

/** Paddle's decimal places of a currency: none for JPY, KRW, VND and CLP, two for the rest. */
export function currencyDecimalPlaces(code: string): number {
  return ZERO_DECIMAL.has(code.toUpperCase()) ? 0 : 2;
}

/** One entry of Paddle's currencies list, in wire names. */
export interface Currency {
  code: string;
  decimal_places: number;
}

/** The currencies list as data (what the emulator serves at GET /currencies). */
export function currencyTable(): Currency[] {
  return CURRENCY_CODES.map((code) => ({ code, decimal_places: currencyDecimalPlaces(code) }));
}
