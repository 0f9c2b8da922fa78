// Seed §2.4 trial rules, checked on the price as it will be stored. Real codes where Paddle's
// are known (research §3.2); the others are the seed's 400 bad_request. Every error names its field.
import { badRequest, ruleViolation } from '../api-error.js';
import type { AccountSettings } from '../core.js';
import type { WireRecord } from '../types.js';

function sameCountries(a: string[], b: string[]): boolean {
  return a.length === b.length && [...a].sort().join() === [...b].sort().join();
}

/** Rule 6: a paid trial's overrides mirror the price's overrides, country set for country set. */
function checkPaidTrialOverrides(price: WireRecord, trial: WireRecord): void {
  const priceOverrides: WireRecord[] = price.unit_price_overrides ?? [];
  const trialOverrides: WireRecord[] = trial.unit_price_overrides ?? [];
  priceOverrides.forEach((override, i) => {
    const match = trialOverrides.find((t) => sameCountries(t.country_codes, override.country_codes));
    if (!match) {
      throw badRequest([
        {
          field: 'trial_period.unit_price_overrides',
          message: `a paid trial needs an override for country_codes ${override.country_codes.join(',')} (unit_price_overrides[${i}])`,
        },
      ]);
    }
    if (match.unit_price.currency_code !== override.unit_price.currency_code) {
      throw badRequest([
        {
          field: `trial_period.unit_price_overrides[${trialOverrides.indexOf(match)}].unit_price.currency_code`,
          message: `must equal the currency of unit_price_overrides[${i}] (${override.unit_price.currency_code})`,
        },
      ]);
    }
  });
  trialOverrides.forEach((t, i) => {
    if (!priceOverrides.some((o) => sameCountries(o.country_codes, t.country_codes))) {
      throw badRequest([
        {
          field: `trial_period.unit_price_overrides[${i}].country_codes`,
          message: 'has no matching override in unit_price_overrides',
        },
      ]);
    }
  });
}

export function checkTrialRules(price: WireRecord, settings: AccountSettings): void {
  const trial: WireRecord | null | undefined = price.trial_period;
  if (!trial) return;
  // rule 5: no trial on a one-time price
  if (!price.billing_cycle) {
    throw ruleViolation(
      'price_trial_period_requires_billing_cycle',
      'setting a trial_period requires billing_cycle to be set',
      'trial_period',
    );
  }
  const paid = trial.unit_price !== undefined && trial.unit_price !== null;
  const cardless = trial.requires_payment_method === false;
  // rule 4: not both paid and cardless
  if (paid && cardless) {
    throw ruleViolation(
      'trial_is_either_paid_or_cardless',
      'If a trial has a unit price amount, it must require a payment method.',
      'trial_period.requires_payment_method',
    );
  }
  // rule 3: cardless trials are early access
  if (cardless && !settings.cardlessTrials) {
    throw badRequest([
      {
        field: 'trial_period.requires_payment_method',
        message: 'cardless trials are in early access, which this account does not have',
      },
    ]);
  }
  if (!paid && trial.unit_price_overrides !== undefined) {
    throw badRequest([
      { field: 'trial_period.unit_price', message: 'trial unit_price_overrides need a trial unit_price' },
    ]);
  }
  if (!paid) return;
  // rule 2/6: a paid trial is charged in the price's currency
  if (trial.unit_price.currency_code !== price.unit_price.currency_code) {
    throw badRequest([
      {
        field: 'trial_period.unit_price.currency_code',
        message: `must equal the currency of unit_price (${price.unit_price.currency_code})`,
      },
    ]);
  }
  checkPaidTrialOverrides(price, trial);
}
