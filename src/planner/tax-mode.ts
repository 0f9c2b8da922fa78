// A price's tax_mode as the plan compares it once the price exists. Since late 2025 an account can
// make "Automatic based on location" its default: a price created with tax_mode left out or
// account_setting is then stored as location
// (https://developer.paddle.com/changelog/2025/default-automatic-tax-setting). A plan that
// compared the catalog's account_setting with that location would update the price on every run
// and apply would never verify. So a tax_mode the catalog leaves out is the account's to choose
// and is not compared, and an explicit account_setting stored as location is a warning, not an
// update.
import { DEFAULT_TAX_MODE } from '../paddle-facts/prices.js';
import { fieldChanges } from './field-diff.js';
import type { FieldChange, PriceState } from './types.js';

export interface PriceComparison {
  /** the catalog's price, its tax_mode as the account keeps it where the catalog leaves it to the account */
  desired: PriceState;
  fields: FieldChange[];
  /** the catalog says account_setting and Paddle stored location: the account's default did it */
  storedTaxMode?: 'location';
}

/** What differs between the account's price (normalised) and the catalog's (`wanted`: its tax_mode as written). */
export function comparePrice(
  remote: PriceState,
  desired: PriceState,
  wanted: string | undefined,
): PriceComparison {
  const storedAsLocation = wanted === DEFAULT_TAX_MODE && remote.tax_mode === 'location';
  const kept = wanted === undefined || storedAsLocation ? { ...desired, tax_mode: remote.tax_mode } : desired;
  return {
    desired: kept,
    fields: fieldChanges(remote, kept),
    ...(storedAsLocation ? { storedTaxMode: 'location' as const } : {}),
  };
}
