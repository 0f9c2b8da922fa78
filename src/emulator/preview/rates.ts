// The emulator's own tables for previews. Real Paddle computes tax from its own, current rates
// (and the customer's full address), and converts prices at its own daily rates: these tables are
// the emulator's, fixed so that tests and reviews come out the same every time. Do not read them as
// what a customer of Paddle pays. Which countries pay in euros is a fact, read from paddle-facts.
import { EURO_AREA } from '../../paddle-facts/countries.js';

/** Sales tax / VAT / GST by country, as a decimal string; a country not listed pays none here. */
export const EMULATOR_TAX_RATES: Readonly<Record<string, string>> = {
  AT: '0.2',
  AU: '0.1',
  BE: '0.21',
  CA: '0.05',
  CH: '0.081',
  CZ: '0.21',
  DE: '0.19',
  DK: '0.25',
  ES: '0.21',
  FI: '0.255',
  FR: '0.2',
  GB: '0.2',
  HU: '0.27',
  IE: '0.23',
  IN: '0.18',
  IT: '0.22',
  JP: '0.1',
  KR: '0.1',
  MX: '0.16',
  NL: '0.21',
  NO: '0.25',
  NZ: '0.15',
  PL: '0.23',
  PT: '0.23',
  SE: '0.25',
  SG: '0.09',
  ZA: '0.15',
};

/** Units of each currency one US dollar buys, at the emulator's fixed rates. */
const EMULATOR_RATES_PER_USD: Readonly<Record<string, number>> = {
  USD: 1,
  EUR: 0.92,
  GBP: 0.79,
  JPY: 150,
  AUD: 1.5,
  CAD: 1.36,
  CHF: 0.88,
  HKD: 7.8,
  SGD: 1.34,
  SEK: 10.5,
  ARS: 900,
  BRL: 5,
  CLP: 930,
  CNY: 7.2,
  COP: 3900,
  CZK: 23,
  DKK: 6.9,
  HUF: 360,
  ILS: 3.7,
  INR: 83,
  KRW: 1350,
  MXN: 17,
  NOK: 10.7,
  NZD: 1.65,
  PEN: 3.75,
  PLN: 4,
  RUB: 90,
  THB: 36,
  TRY: 32,
  TWD: 32,
  UAH: 41,
  VND: 25000,
  ZAR: 18.5,
};

/** The currency a country pays in, where it is one Paddle sells in (ISO 4217). */
export const LOCAL_CURRENCY: Readonly<Record<string, string>> = {
  ...Object.fromEntries(EURO_AREA.map((c) => [c, 'EUR'])),
  AR: 'ARS',
  AU: 'AUD',
  BR: 'BRL',
  CA: 'CAD',
  CH: 'CHF',
  CL: 'CLP',
  CN: 'CNY',
  CO: 'COP',
  CZ: 'CZK',
  DK: 'DKK',
  GB: 'GBP',
  HK: 'HKD',
  HU: 'HUF',
  IL: 'ILS',
  IN: 'INR',
  JP: 'JPY',
  KR: 'KRW',
  MX: 'MXN',
  NO: 'NOK',
  NZ: 'NZD',
  PE: 'PEN',
  PL: 'PLN',
  SE: 'SEK',
  SG: 'SGD',
  TH: 'THB',
  TR: 'TRY',
  TW: 'TWD',
  UA: 'UAH',
  US: 'USD',
  VN: 'VND',
  ZA: 'ZAR',
};

/**
 * `amount` (minor units of `from`) in minor units of `to` at the fixed rates, rounded to the
 * nearest unit; undefined when either currency has no rate.
 */
export function convertAmount(
  amount: bigint,
  from: string,
  to: string,
  decimals: (code: string) => number,
): bigint | undefined {
  const fromRate = EMULATOR_RATES_PER_USD[from];
  const toRate = EMULATOR_RATES_PER_USD[to];
  if (fromRate === undefined || toRate === undefined) return undefined;
  const major = Number(amount) / 10 ** decimals(from);
  return BigInt(Math.round((major / fromRate) * toRate * 10 ** decimals(to)));
}
