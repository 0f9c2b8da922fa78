// Currencies the API accepts (the OpenAPI `currency_code` enum plus CLP and PEN, added in SDK 3.6)
// and their decimal places (seed §2.2: JPY, KRW, VND and CLP have none, the rest two).

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

const ZERO_DECIMAL = new Set(['JPY', 'KRW', 'VND', 'CLP']);

export function isCurrencyCode(code: string): code is CurrencyCode {
  return (CURRENCY_CODES as readonly string[]).includes(code);
}

/** Seed §4.2 rule 8 fallback when the currencies list is not available. */
export function fallbackDecimalPlaces(code: string): number {
  return ZERO_DECIMAL.has(code.toUpperCase()) ? 0 : 2;
}

/**
 * Decimal places of a currency (seed §4.2 rule 8): from the currencies list when it is available
 * and knows the code, else the fallback table.
 */
export function decimalPlacesOf(code: string, list: ReadonlyMap<string, number> | null): number {
  return list?.get(code.toUpperCase()) ?? fallbackDecimalPlaces(code);
}

export interface Currency {
  code: string;
  decimal_places: number;
}

/** The seed's currencies list (§2.2), as the emulator serves it. */
export function currencyTable(): Currency[] {
  return CURRENCY_CODES.map((code) => ({ code, decimal_places: fallbackDecimalPlaces(code) }));
}
