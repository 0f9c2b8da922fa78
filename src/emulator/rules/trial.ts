// Paddle's trial rules, checked on the price as it will be stored. Paddle's own code, detail and
// no errors[] where its docs give the code (developer.paddle.com/errors/prices/<code>); the others
// are a 400 bad_request naming the field, as its schema checks do.
import { badRequest, domainError } from '../api-error.js';
import type { AccountSettings } from '../core.js';
import type { WireRecord } from '../types.js';

function sameCountries(a: string[] | undefined, b: string[]): boolean {
  return a !== undefined && a.length === b.length && [...a].sort().join() === [...b].sort().join();
}

const currencyOf = (override: WireRecord): string => override.unit_price.currency_code;

/** Paddle's answer when a paid trial's prices do not follow the price's currencies and countries. */
const trialCurrencyMismatch = () =>
  domainError(
    'trial_currency_mismatch',
    'The currencies for trial prices must match the currencies of the associated price entity, both for Unit Price and Unit Price Overrides.',
    'prices',
  );

/**
 * A paid trial's overrides mirror the price's overrides one for one, country set for
 * country set (in any order) and currency for currency, so a country priced in two currencies
 * (which the API allows) pairs each trial override with its own price override.
 */
function checkPaidTrialOverrides(price: WireRecord, trial: WireRecord): void {
  const priceOverrides: WireRecord[] = price.unit_price_overrides ?? [];
  const trialOverrides: WireRecord[] = trial.unit_price_overrides ?? [];
  const unpaired = new Set(trialOverrides.keys());
  for (const override of priceOverrides) {
    const j = [...unpaired].find((c) => {
      const candidate = trialOverrides[c] as WireRecord;
      return (
        sameCountries(candidate.country_codes, override.country_codes) &&
        currencyOf(candidate) === currencyOf(override)
      );
    });
    if (j === undefined) throw trialCurrencyMismatch();
    unpaired.delete(j);
  }
  if (unpaired.size > 0) throw trialCurrencyMismatch();
}

export function checkTrialRules(price: WireRecord, settings: AccountSettings): void {
  const trial: WireRecord | null | undefined = price.trial_period;
  if (!trial) return;
  // no trial on a one-time price: there is no later charge to delay
  if (!price.billing_cycle) {
    throw domainError(
      'price_trial_period_requires_billing_cycle',
      'setting a trial_period requires billing_cycle to be set',
      'prices',
    );
  }
  const paid = trial.unit_price !== undefined && trial.unit_price !== null;
  const cardless = trial.requires_payment_method === false;
  // not both paid and cardless
  if (paid && cardless) {
    throw domainError(
      'trial_is_either_paid_or_cardless',
      'If a trial has a unit price amount, it must require a payment method.',
      'prices',
    );
  }
  // cardless trials are an early-access feature of the account
  if (cardless && !settings.cardlessTrials) {
    // Paddle's answer here is not documented: a schema-style bad_request naming the field
    throw badRequest([
      {
        field: 'trial_period.requires_payment_method',
        message: 'cardless trials are in early access, which this account does not have',
      },
    ]).withHint('start the emulator with --cardless-trials, or set cardless_trials in its seed');
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
  // a paid trial is charged in the price's currency (docs/rules.md: trial-paid-currency-mismatch)
  if (trial.unit_price.currency_code !== price.unit_price.currency_code) throw trialCurrencyMismatch();
  checkPaidTrialOverrides(price, trial);
}
