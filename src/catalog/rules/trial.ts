// The trial rules of docs/rules.md (trial-*), checked before anything is sent, as Paddle answers
// 400 for each. A free trial (interval and frequency only) needs no check, nor the SDK dropping a
// paid trial's price (apply sends those directly).
import type { CatalogPrice, UnitPriceOverride } from '../schema.js';
import { error, type Finding, otherEnvironment, type RuleContext, warning } from './finding.js';

type Price = Pick<CatalogPrice, 'billing_cycle' | 'trial_period' | 'unit_price' | 'unit_price_overrides'>;

/** trial-needs-billing-cycle: a trial on a one-time price (no billing cycle) is rejected. */
export function trialNeedsBillingCycle(price: Price): Finding[] {
  if (!price.trial_period || price.billing_cycle) return [];
  return [
    error(
      'trial-needs-billing-cycle',
      ['trial_period'],
      'a trial needs a recurring price: add billing_cycle, or remove trial_period from this one-time price',
    ),
  ];
}

/** trial-paid-currency-mismatch: a paid trial is charged in the price's currency. */
export function paidTrialCurrency(price: Price): Finding[] {
  const trialPrice = price.trial_period?.unit_price;
  if (!trialPrice || trialPrice.currency_code === price.unit_price.currency_code) return [];
  return [
    error(
      'trial-paid-currency-mismatch',
      ['trial_period', 'unit_price', 'currency_code'],
      `a paid trial's currency must equal the price's: ${trialPrice.currency_code} is not ${price.unit_price.currency_code}`,
    ),
  ];
}

const countrySet = (override: UnitPriceOverride) => [...override.country_codes].sort().join(',');

/**
 * trial-paid-overrides-mismatch: a paid trial on a price with overrides has exactly one trial override per
 * price override, with the same country codes (in any order) and the same currency.
 */
export function paidTrialOverrides(price: Price): Finding[] {
  const trial = price.trial_period;
  if (!trial) return [];
  const trialOverrides = trial.unit_price_overrides ?? [];
  if (!trial.unit_price) {
    if (trialOverrides.length === 0) return [];
    return [
      error(
        'trial-paid-overrides-mismatch',
        ['trial_period', 'unit_price_overrides'],
        'trial unit_price_overrides need a paid trial: add trial_period.unit_price or remove them',
      ),
    ];
  }
  const findings: Finding[] = [];
  const bySet = new Map(trialOverrides.map((override, index) => [countrySet(override), { override, index }]));
  const matched = new Set<number>();
  (price.unit_price_overrides ?? []).forEach((override, index) => {
    const match = bySet.get(countrySet(override));
    if (!match) {
      findings.push(
        error(
          'trial-paid-overrides-mismatch',
          ['unit_price_overrides', index, 'country_codes'],
          `a paid trial needs a trial override for every price override: add one to trial_period.unit_price_overrides with country_codes [${override.country_codes.join(', ')}]`,
        ),
      );
      return;
    }
    matched.add(match.index);
    const currency = match.override.unit_price.currency_code;
    if (currency !== override.unit_price.currency_code) {
      findings.push(
        error(
          'trial-paid-overrides-mismatch',
          ['trial_period', 'unit_price_overrides', match.index, 'unit_price', 'currency_code'],
          `this trial override's currency must equal its price override's: ${currency} is not ${override.unit_price.currency_code}`,
        ),
      );
    }
  });
  trialOverrides.forEach((override, index) => {
    if (matched.has(index)) return;
    findings.push(
      error(
        'trial-paid-overrides-mismatch',
        ['trial_period', 'unit_price_overrides', index, 'country_codes'],
        `no price override has exactly these country codes [${override.country_codes.join(', ')}]; trial overrides must mirror unit_price_overrides`,
      ),
    );
  });
  return findings;
}

/**
 * trial-cardless-not-enabled: cardless trials are in early access; the account must say it has it.
 * Warns for the other one.
 */
export function cardlessNeedsAccess(price: Price, ctx: RuleContext): Finding[] {
  if (price.trial_period?.requires_payment_method !== false || ctx.settings === undefined) return [];
  const at = ['trial_period', 'requires_payment_method'];
  if (ctx.settings.cardless_trials !== true) {
    return [
      error(
        'trial-cardless-not-enabled',
        at,
        `cardless trials are in early access: set environments.${ctx.environment}.cardless_trials: true once the ${ctx.environment} account has it, or require a payment method`,
      ),
    ];
  }
  const other = otherEnvironment(ctx.environment);
  if (ctx.otherSettings !== undefined && ctx.otherSettings.cardless_trials !== true) {
    return [
      warning(
        'trial-cardless-not-enabled',
        at,
        `environments.${other}.cardless_trials is not true; creating this price in ${other} will fail until that account has cardless trials`,
      ),
    ];
  }
  return [];
}

/** trial-paid-and-cardless: a trial cannot be both paid and cardless. */
export function paidOrCardless(price: Price): Finding[] {
  const trial = price.trial_period;
  if (!trial?.unit_price || trial.requires_payment_method !== false) return [];
  return [
    error(
      'trial-paid-and-cardless',
      ['trial_period', 'requires_payment_method'],
      'a trial cannot be both paid and cardless: remove trial_period.unit_price or requires_payment_method: false',
    ),
  ];
}
