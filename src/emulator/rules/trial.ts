// Paddle's trial rules, checked on the price as it will be stored. Real codes where Paddle's
// are known; the others are a 400 bad_request. Every error names its field.
import { ApiFailure, badRequest, ruleViolation } from '../api-error.js';
import type { AccountSettings } from '../core.js';
import type { WireRecord } from '../types.js';

function sameCountries(a: string[] | undefined, b: string[]): boolean {
  return a !== undefined && a.length === b.length && [...a].sort().join() === [...b].sort().join();
}

const currencyOf = (override: WireRecord): string => override.unit_price.currency_code;

/**
 * Rule 6: a paid trial's overrides mirror the price's overrides one for one, country set for
 * country set (in any order). Pairs prefer the same currency, so a country priced in two
 * currencies (which the API allows) pairs each trial override with its own price override.
 */
function checkPaidTrialOverrides(price: WireRecord, trial: WireRecord): void {
  const priceOverrides: WireRecord[] = price.unit_price_overrides ?? [];
  const trialOverrides: WireRecord[] = trial.unit_price_overrides ?? [];
  const unpaired = new Set(trialOverrides.keys());
  priceOverrides.forEach((override, i) => {
    const candidates = [...unpaired].filter((j) =>
      sameCountries(trialOverrides[j]?.country_codes, override.country_codes),
    );
    const j =
      candidates.find((c) => currencyOf(trialOverrides[c] as WireRecord) === currencyOf(override)) ??
      candidates[0];
    if (j === undefined) {
      throw badRequest([
        {
          field: 'trial_period.unit_price_overrides',
          message: `a paid trial needs an override for country_codes ${override.country_codes.join(',')} (unit_price_overrides[${i}])`,
        },
      ]);
    }
    if (currencyOf(trialOverrides[j] as WireRecord) !== currencyOf(override)) {
      throw badRequest([
        {
          field: `trial_period.unit_price_overrides[${j}].unit_price.currency_code`,
          message: `must equal the currency of unit_price_overrides[${i}] (${currencyOf(override)})`,
        },
      ]);
    }
    unpaired.delete(j);
  });
  const [extra] = unpaired;
  if (extra !== undefined) {
    throw badRequest([
      {
        field: `trial_period.unit_price_overrides[${extra}].country_codes`,
        message: 'has no override of its own in unit_price_overrides (one trial override per price override)',
      },
    ]);
  }
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
    // the detail names the emulator's flag: the one thing that differs from asking Paddle
    throw new ApiFailure(
      400,
      'bad_request',
      'Cardless trials are in early access, which this account does not have ' +
        '(emulator: start it with --cardless-trials, or set cardless_trials in its seed).',
      {
        group: 'prices',
        errors: [
          {
            field: 'trial_period.requires_payment_method',
            message: 'cardless trials are in early access, which this account does not have',
          },
        ],
      },
    );
  }
  // an empty list is no override at all
  if (!paid && (trial.unit_price_overrides ?? []).length > 0) {
    throw badRequest([
      {
        field: 'trial_period.unit_price_overrides',
        message: 'trial unit_price_overrides need a trial unit_price (a paid trial)',
      },
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
