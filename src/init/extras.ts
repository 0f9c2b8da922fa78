// init's questions beyond a product and its prices: country prices (unit_price_overrides, and a paid
// trial's matching ones) and discounts, the two things a newcomer most wants an example of. Each is
// offered with a yes/no question that defaults to no, so the short path stays short.

import { DISCOUNT_CODE_PATTERN, DISCOUNT_TYPES } from '../catalog/discount-schema.js';
import { isPercentage, percentageMessage } from '../catalog/rules/discount.js';
import { unknownCountryMessage } from '../catalog/rules/overrides.js';
import type {
  BillingCycle,
  CatalogDiscount,
  CatalogProduct,
  Money,
  UnitPriceOverride,
} from '../catalog/schema.js';
import { SUPPORTED_COUNTRY_CODES } from '../paddle-facts/countries.js';
import type { Prompts } from '../terminal/prompts.js';
import { slugKey } from './starter.js';

type Interval = BillingCycle['interval'];
type Context = NonNullable<Parameters<Prompts['input']>[1]>;

/** What the extras need of the wizard: its prompts and its money question. */
export interface Asking {
  ask: Prompts;
  context: Context;
  money(what: string, defaultCurrency: string, fixedCurrency?: string): Promise<Money>;
  key(message: string, name: string, taken: string[]): Promise<string>;
  length(
    unitMessage: string,
    countMessage: (unit: Interval) => string,
    interval: Interval,
    frequency: number,
  ): Promise<{ interval: Interval; frequency: number }>;
  note(text: string): void;
}

type Country = UnitPriceOverride['country_codes'][number];
const SUPPORTED: ReadonlySet<string> = new Set(SUPPORTED_COUNTRY_CODES);
const isSupported = (code: string): code is Country => SUPPORTED.has(code);

/** `DE, fr it` → ["DE", "FR", "IT"]; the first problem, or the codes. */
function parseCountries(text: string, taken: ReadonlySet<string>): { codes: Country[] } | { error: string } {
  const words = text.split(/[\s,;]+/).filter(Boolean);
  if (words.length === 0) return { error: 'name at least one country, e.g. GB or DE, FR, IT' };
  const codes: Country[] = [];
  for (const word of words) {
    const code = word.toUpperCase();
    if (!isSupported(code)) return { error: unknownCountryMessage(word) };
    if (taken.has(code) || codes.includes(code))
      return { error: `${code} already has a price here; a country may have one` };
    codes.push(code);
  }
  return { codes };
}

/** Prices for customers in particular countries, after the price's own. */
export async function countryPrices(w: Asking, currency: string): Promise<UnitPriceOverride[]> {
  const overrides: UnitPriceOverride[] = [];
  const question = 'Different prices for customers in some countries (e.g. EUR for the euro area)?';
  if (!(await w.ask.confirm({ message: question, default: false }, w.context))) return overrides;
  do {
    const taken = new Set(overrides.flatMap((o) => o.country_codes));
    const typed = await w.ask.input(
      {
        message: 'Countries, two-letter codes (e.g. GB, or DE, FR, IT):',
        required: true,
        validate: (v) => {
          const parsed = parseCountries(v, taken);
          return 'error' in parsed ? parsed.error : true;
        },
      },
      w.context,
    );
    const parsed = parseCountries(typed, taken);
    if ('error' in parsed) continue; // validate() accepted it
    const unitPrice = await w.money(`${parsed.codes.join(', ')} price`, currency);
    overrides.push({ country_codes: parsed.codes, unit_price: unitPrice });
  } while (await w.ask.confirm({ message: 'Another country price?', default: false }, w.context));
  return overrides;
}

/** Discounts by key, after the products; none unless asked for. A flat one is offered in the first price's currency. */
export async function discounts(
  w: Asking,
  products: Record<string, CatalogProduct>,
): Promise<Record<string, CatalogDiscount>> {
  const prices = Object.values(products).flatMap((p) => Object.values(p.prices ?? {}));
  const currency = prices[0]?.unit_price.currency_code ?? 'USD';
  const found: Record<string, CatalogDiscount> = {};
  const question = 'Add a discount (a coupon code customers enter at checkout)?';
  if (!(await w.ask.confirm({ message: question, default: false }, w.context))) return found;
  do {
    const description = (
      await w.ask.input(
        {
          message: 'Discount description (internal; e.g. Launch offer):',
          required: true,
          validate: (v) =>
            (v.trim().length >= 1 && v.trim().length <= 500) || 'the description must be 1–500 characters',
        },
        w.context,
      )
    ).trim();
    const key = await w.key(
      'Discount key (its identity in the catalog):',
      slugKey(description, []),
      Object.keys(found),
    );
    found[key] = { description, ...(await discountTerms(w, currency)), ...(await discountCode(w, found)) };
  } while (await w.ask.confirm({ message: 'Add another discount?', default: false }, w.context));
  return found;
}

async function discountTerms(w: Asking, currency: string) {
  const type = await w.ask.select(
    {
      message: 'Discount type:',
      choices: DISCOUNT_TYPES.map((value) => ({
        value,
        description: {
          percentage: 'a share off',
          flat: 'an amount off the total',
          flat_per_seat: 'an amount off per unit',
        }[value],
      })),
    },
    w.context,
  );
  if (type !== 'percentage') {
    const money = await w.money('Amount off', currency);
    return { type, amount: money.amount, currency_code: money.currency_code };
  }
  const typed = await w.ask.input(
    {
      message: 'Percentage off (0.01–100):',
      required: true,
      validate: (v) => isPercentage(v.trim().replace(/\s*%$/, '')) || percentageMessage(v),
    },
    w.context,
  );
  return { type, amount: typed.trim().replace(/\s*%$/, '') };
}

async function discountCode(w: Asking, found: Record<string, CatalogDiscount>) {
  const taken = new Set(Object.values(found).flatMap((d) => (d.code ? [d.code.toUpperCase()] : [])));
  const code = (
    await w.ask.input(
      {
        message: 'Code customers enter (optional; letters and digits, e.g. LAUNCH25):',
        validate: (v) => {
          const value = v.trim();
          if (value === '') return true;
          if (!DISCOUNT_CODE_PATTERN.test(value)) return 'use 1–32 letters and digits, no spaces or symbols';
          return !taken.has(value.toUpperCase()) || `${value} is already another discount's code`;
        },
      },
      w.context,
    )
  ).trim();
  return code ? { code } : {};
}
