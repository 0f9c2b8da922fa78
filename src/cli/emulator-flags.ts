// The `emulator` command's flags, parsed: numbers, rates and lists checked as the emulator needs
// them, each refusal a one-line error naming the flag.
import type { EmulatorFaults } from '../emulator/index.js';
import { UserError } from '../errors.js';
import { isCurrencyCode } from '../paddle-facts/currencies.js';
import { TAX_CATEGORIES } from '../paddle-facts/tax-categories.js';

export interface EmulatorFlags {
  port: string;
  host: string;
  seed?: string;
  demo: boolean;
  state?: string;
  cardlessTrials?: boolean;
  caseSensitiveEmails?: boolean;
  approveTaxCategories?: string;
  enableCurrencies?: string;
  defaultTaxMode?: string;
  latency?: string;
  rateLimit?: string;
  failRate?: string;
  dropRate?: string;
  randomSeed?: string;
  forwardTo?: string;
}

export function number(
  flag: string,
  raw: string | undefined,
  check: (n: number) => boolean,
  what: string,
): number | undefined {
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (raw.trim() === '' || !check(value))
    throw new UserError(`${flag} must be ${what}, not ${JSON.stringify(raw)}.`);
  return value;
}

export const whole = (n: number) => Number.isInteger(n) && n >= 0;
const rate = (n: number) => Number.isFinite(n) && n >= 0 && n <= 1;

export function faultsFrom(flags: EmulatorFlags): EmulatorFaults {
  return {
    latencyMs: number('--latency', flags.latency, whole, 'a whole number of milliseconds'),
    rateLimit: number(
      '--rate-limit',
      flags.rateLimit,
      whole,
      'a whole number of requests per minute (0 = none)',
    ),
    failRate: number('--fail-rate', flags.failRate, rate, 'between 0 and 1'),
    dropRate: number('--drop-rate', flags.dropRate, rate, 'between 0 and 1'),
    randomSeed: number('--random-seed', flags.randomSeed, Number.isInteger, 'an integer'),
  };
}

/** `--approve-tax-categories a,b`: each one a category Paddle knows. */
export function approvedCategories(raw: string | undefined): string[] | undefined {
  if (raw === undefined) return undefined;
  const categories = raw
    .split(',')
    .map((c) => c.trim())
    .filter((c) => c !== '');
  const unknown = categories.find((c) => !(TAX_CATEGORIES as readonly string[]).includes(c));
  if (unknown !== undefined) {
    throw new UserError(
      `--approve-tax-categories: ${JSON.stringify(unknown)} is not a Paddle tax category.`,
      `Use any of: ${TAX_CATEGORIES.join(', ')}.`,
    );
  }
  return categories;
}

/** `--enable-currencies JPY,EUR`: each one a currency Paddle sells in. */
export function enabledCurrencies(raw: string | undefined): string[] | undefined {
  if (raw === undefined) return undefined;
  const codes = raw
    .split(',')
    .map((c) => c.trim().toUpperCase())
    .filter((c) => c !== '');
  const unknown = codes.find((c) => !isCurrencyCode(c));
  if (unknown !== undefined) {
    throw new UserError(`--enable-currencies: ${JSON.stringify(unknown)} is not a currency Paddle sells in.`);
  }
  return codes;
}

export function defaultTaxMode(raw: string | undefined): 'exclusive' | 'inclusive' | 'location' | undefined {
  if (raw === undefined || raw === 'exclusive' || raw === 'inclusive' || raw === 'location') return raw;
  throw new UserError(
    `--default-tax-mode must be exclusive, inclusive or location, not ${JSON.stringify(raw)}.`,
  );
}
