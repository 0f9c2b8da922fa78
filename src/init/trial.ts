// init's trial question: none, free, paid or cardless. A paid trial asks its price, and one per
// country price of the price, in that price's currency (trial-paid-overrides-mismatch).
import type { UnitPriceOverride } from '../catalog/schema.js';
import type { Asking } from './extras.js';
import type { TrialAnswers, TrialKind } from './starter.js';

export async function trialAnswers(
  w: Asking,
  currency: string,
  overrides: readonly UnitPriceOverride[],
): Promise<TrialAnswers | undefined> {
  const kind = await w.ask.select<TrialKind>(
    {
      message: 'Trial:',
      default: 'none',
      choices: [
        { value: 'none', description: 'charged from the first day' },
        {
          value: 'free',
          description: 'a payment method at checkout, nothing charged until the trial ends',
        },
        { value: 'paid', description: 'a reduced price for the trial period' },
        { value: 'cardless', description: 'no payment method needed; early access only' },
      ],
    },
    w.context,
  );
  if (kind === 'none') return undefined;
  const length = await w.length('Trial length in:', (unit) => `Trial lasts how many ${unit}s?`, 'day', 14);
  if (kind === 'cardless') {
    w.note(
      '  note: cardless trials are in early access; Paddle refuses them (400 bad_request) without it. ' +
        'environments.sandbox.cardless_trials is set to true: ask Paddle for early access, and add it under ' +
        'production once your live account has it.',
    );
  }
  if (kind !== 'paid') return { kind, ...length };
  const unitPrice = await w.money('Trial', currency, currency);
  return { kind, ...length, unitPrice, overrides: await trialCountryPrices(w, overrides) };
}

/** A paid trial's price per country price, in that price's currency (trial-paid-overrides-mismatch). */
async function trialCountryPrices(w: Asking, overrides: readonly UnitPriceOverride[]) {
  const trial: UnitPriceOverride[] = [];
  for (const { country_codes, unit_price } of overrides) {
    const money = await w.money(
      `${country_codes.join(', ')} trial`,
      unit_price.currency_code,
      unit_price.currency_code,
    );
    trial.push({ country_codes: [...country_codes], unit_price: money });
  }
  return trial;
}
