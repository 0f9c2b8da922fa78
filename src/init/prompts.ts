// The questions of `init`, asked with @inquirer/prompts as src/terminal/prompts.ts loads it. The
// answers become catalog values through the pure helpers of starter.ts. Asked on stderr, so
// stdout stays free; Ctrl-C or a closed input ends the wizard with nothing written.

import { describeAmount } from '../catalog/rules/amount.js';
import type {
  BillingCycle,
  Catalog,
  CatalogDiscount,
  CatalogPrice,
  CatalogProduct,
  Money,
} from '../catalog/schema.js';
import { InternalError, UserError } from '../errors.js';
import { CURRENCY_CODES, currencyDecimalPlaces, isCurrencyCode } from '../paddle-facts/currencies.js';
import { needsApproval, TAX_CATEGORIES, type TaxCategory } from '../paddle-facts/tax-categories.js';
import { loadPrompts, type Prompts, promptTheme } from '../terminal/prompts.js';
import type { Reporter } from '../terminal/reporter.js';
import { discounts } from './extras.js';
import { features } from './features.js';
import { priceAnswers } from './price.js';
import { amountFromMajorUnits, check, keyProblem, lengthProblem, slugKey } from './starter.js';

type Context = NonNullable<Parameters<Prompts['input']>[1]>;
type Interval = BillingCycle['interval'];

const INTERVALS: readonly Interval[] = ['month', 'year', 'week', 'day'];

/** The answers' cancellation: Ctrl-C (ExitPromptError), or the input closed under a prompt (abort). */
function isCancellation(error: unknown): boolean {
  const name = (error as Error | undefined)?.name;
  return name === 'ExitPromptError' || name === 'AbortPromptError' || name === 'CancelPromptError';
}

/** The prompts the wizard uses, each given `theme` (the plain one when stderr has no colour). */
function themed(prompts: Prompts, theme: object | undefined): Prompts {
  if (!theme) return prompts;
  const withTheme = <P>(ask: P): P => {
    const prompt = ask as unknown as (config: object, context?: Context) => unknown;
    return ((config: object, context?: Context) => prompt({ theme, ...config }, context)) as P;
  };
  return {
    ...prompts,
    input: withTheme(prompts.input),
    confirm: withTheme(prompts.confirm),
    select: withTheme(prompts.select),
    number: withTheme(prompts.number),
  };
}

export class InitWizard {
  private readonly closed = new AbortController();
  readonly context: Context;
  private readonly onClose = () => this.closed.abort();

  private constructor(
    private readonly reporter: Reporter,
    readonly ask: Prompts,
  ) {
    const input = reporter.io.stdin;
    // A closed input (EOF) would leave a prompt waiting forever: cancel it instead.
    input.once('end', this.onClose);
    input.once('close', this.onClose);
    this.context = {
      input,
      output: reporter.io.stderr as NodeJS.WritableStream,
      signal: this.closed.signal,
    };
  }

  static async open(reporter: Reporter): Promise<InitWizard> {
    return new InitWizard(reporter, themed(await loadPrompts(), promptTheme(reporter)));
  }

  /** Every product the user describes, by key, then the discounts; UserError when they cancel. */
  async answers(): Promise<{
    products: Record<string, CatalogProduct>;
    discounts: Record<string, CatalogDiscount>;
    features?: NonNullable<Catalog['features']>;
  }> {
    try {
      const asked: Record<string, CatalogProduct> = {};
      do {
        const { key, product } = await this.product(Object.keys(asked));
        asked[key] = product;
      } while (await this.ask.confirm({ message: 'Add another product?', default: false }, this.context));
      const { declared, products } = await features(this, asked);
      return {
        products,
        discounts: await discounts(this, products),
        ...(declared && { features: declared }),
      };
    } catch (error) {
      if (isCancellation(error) || this.closed.signal.aborted)
        throw new UserError('init cancelled: nothing was written');
      throw error;
    } finally {
      this.reporter.io.stdin.removeListener('end', this.onClose);
      this.reporter.io.stdin.removeListener('close', this.onClose);
    }
  }

  private async product(taken: string[]): Promise<{ key: string; product: CatalogProduct }> {
    const { input } = this.ask;
    const ctx = this.context;
    const name = (
      await input(
        {
          message: 'Product name (shown to customers at checkout):',
          required: true,
          validate: (v) => check(lengthProblem('the name', v.trim(), 1, 200)),
        },
        ctx,
      )
    ).trim();
    const key = await this.key('Product key (its identity in the catalog; never shown):', name, taken);
    const description = (
      await input(
        {
          message: 'Product description (optional):',
          validate: (v) => check(lengthProblem('the description', v.trim(), 0, 2048)),
        },
        ctx,
      )
    ).trim();
    const taxCategory = await this.taxCategory();
    const prices: Record<string, CatalogPrice> = {};
    let currency = 'USD';
    do {
      const price = await priceAnswers(this, name, Object.keys(prices), currency);
      prices[price.key] = price.price;
      currency = price.price.unit_price.currency_code;
    } while (await this.ask.confirm({ message: `Add another price to ${name}?`, default: false }, ctx));
    const product: CatalogProduct = {
      name,
      tax_category: taxCategory,
      ...(description && { description }),
      prices,
    };
    return { key, product };
  }

  /** A note under the answers, on stderr. */
  note(text: string): void {
    this.reporter.info(text);
  }

  async key(message: string, name: string, taken: string[]): Promise<string> {
    return (
      await this.ask.input(
        { message, default: slugKey(name, taken), validate: (v) => check(keyProblem(v.trim(), taken)) },
        this.context,
      )
    ).trim();
  }

  private async taxCategory(): Promise<TaxCategory> {
    const { select, Separator } = this.ask;
    const approval = 'needs approval: request it in the settings of your live Paddle account';
    const category = await select<TaxCategory>(
      {
        message: 'Tax category:',
        default: 'saas',
        pageSize: TAX_CATEGORIES.length + 1,
        choices: [
          { value: 'saas', description: 'online services (software as a service); no approval needed' },
          { value: 'standard', description: 'downloadable software; no approval needed' },
          new Separator(`── ${approval} ──`),
          ...TAX_CATEGORIES.filter(needsApproval).map((value) => ({ value, description: approval })),
        ],
      },
      this.context,
    );
    if (needsApproval(category)) {
      this.reporter.info(
        `  note: ${category} needs approval, requested in the settings of your live Paddle account. ` +
          'It is added to environments.sandbox.approved_tax_categories; add it under production once approved.',
      );
    }
    return category;
  }

  /** An interval and a frequency, e.g. every 1 month, every 14 days. */
  async length(
    unitMessage: string,
    countMessage: (unit: Interval) => string,
    interval: Interval,
    frequency: number,
  ) {
    const chosen = await this.ask.select<Interval>(
      { message: unitMessage, default: interval, choices: INTERVALS.map((value) => ({ value })) },
      this.context,
    );
    const count = await this.ask.number(
      { message: countMessage(chosen), default: frequency, min: 1, max: 999, required: true },
      this.context,
    );
    return { interval: chosen, frequency: count };
  }

  /** A currency from the accepted list and an amount in its major units, stored exactly in minor units. */
  async money(what: string, defaultCurrency: string, fixedCurrency?: string): Promise<Money> {
    const currency =
      fixedCurrency ??
      (
        await this.ask.input(
          {
            message: `${what} currency (${CURRENCY_CODES.slice(0, 6).join(', ')}, …):`,
            default: defaultCurrency,
            transformer: (v) => v.toUpperCase(),
            validate: (v) =>
              isCurrencyCode(v.trim().toUpperCase()) ||
              `not a currency the API accepts; one of ${CURRENCY_CODES.join(', ')}`,
          },
          this.context,
        )
      )
        .trim()
        .toUpperCase();
    const typed = await this.ask.input(
      {
        message: `${what} amount in ${currency} (e.g. ${currencyDecimalPlaces(currency) ? '10.00' : '1200'}):`,
        required: true,
        validate: (v) => {
          const parsed = amountFromMajorUnits(v, currency);
          return 'error' in parsed ? parsed.error : true;
        },
      },
      this.context,
    );
    const parsed = amountFromMajorUnits(typed, currency);
    if ('error' in parsed) throw new InternalError(parsed.error); // validate() accepted it
    this.reporter.info(
      `  written as amount: "${parsed.amount}" (${describeAmount(parsed.amount, currency)})`,
    );
    return { amount: parsed.amount, currency_code: currency as Money['currency_code'] };
  }
}
