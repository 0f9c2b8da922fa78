// init's questions about one price: how it is charged, its amount, key, description and name, then
// its country prices and trial (extras.ts, trial.ts).
import type { BillingCycle, CatalogPrice } from '../catalog/schema.js';
import { type Asking, countryPrices } from './extras.js';
import { check, lengthProblem, trialPeriod } from './starter.js';
import { trialAnswers } from './trial.js';

const PER: Record<BillingCycle['interval'], string> = {
  day: 'daily',
  week: 'weekly',
  month: 'monthly',
  year: 'yearly',
};

export async function priceAnswers(
  w: Asking,
  productName: string,
  taken: string[],
  lastCurrency: string,
): Promise<{ key: string; price: CatalogPrice }> {
  const ctx = w.context;
  const cycle = await billingCycle(w);
  const unitPrice = await w.money('Price', lastCurrency);
  const label = cycle ? cycleLabel(cycle) : 'one-time';
  const key = await w.key('Price key (unique within the product):', label, taken);
  const description = (
    await w.ask.input(
      {
        message: 'Price description (internal; customers never see it):',
        default: `${productName} ${label}`,
        validate: (v) => check(lengthProblem('the description', v.trim(), 2, 500)),
      },
      ctx,
    )
  ).trim();
  const name = (
    await w.ask.input(
      {
        message: 'Price name shown at checkout and on invoices (optional):',
        validate: (v) => check(v.trim() ? lengthProblem('the name', v.trim(), 1, 150) : undefined),
      },
      ctx,
    )
  ).trim();
  const overrides = await countryPrices(w, unitPrice.currency_code);
  const trial = cycle ? await trialAnswers(w, unitPrice.currency_code, overrides) : undefined;
  const price: CatalogPrice = {
    description,
    ...(name && { name }),
    unit_price: unitPrice,
    ...(cycle && { billing_cycle: cycle }),
    ...(overrides.length > 0 && { unit_price_overrides: overrides }),
    ...(trial && { trial_period: trialPeriod(trial) }),
  };
  return { key, price };
}

/** Undefined for a one-time price. */
async function billingCycle(w: Asking): Promise<BillingCycle | undefined> {
  const kind = await w.ask.select(
    {
      message: 'How is it charged?',
      choices: [
        { name: 'recurring', value: 'recurring', description: 'a subscription, billed every interval' },
        { name: 'one-time', value: 'one-time', description: 'charged once (a licence, a pack)' },
      ],
    },
    w.context,
  );
  if (kind === 'one-time') return undefined;
  return w.length('Billing interval:', (unit) => `Billed every how many ${unit}s?`, 'month', 1);
}

/** `monthly`, `yearly`, `every-3-months`: a readable default key and label for a billing cycle. */
function cycleLabel({ interval, frequency }: BillingCycle): string {
  return frequency === 1 ? PER[interval] : `every-${frequency}-${interval}s`;
}
