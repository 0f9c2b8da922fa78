// Paddle's formatted amounts (`formatted_totals`, `formatted_unit_totals`: "$6,000.00" in the
// OpenAPI example of POST /pricing-preview). The emulator formats every currency the way Intl's
// en-US currency style does; Paddle formats for the customer itself and may differ in symbols.
import { formatMinorUnits } from '../../money/minor-units.js';
import type { Totals } from './pricing.js';

/** An amount in minor units as a customer reads it, e.g. 600000 USD → "$6,000.00". */
function formatAmount(amount: bigint, currency: string, places: number): string {
  return formatMinorUnits(String(amount), currency, places, 'en-US');
}

/** Totals as Paddle's wire strings. */
export function totalsWire(totals: Totals): Record<string, string> {
  return {
    subtotal: String(totals.subtotal),
    discount: String(totals.discount),
    tax: String(totals.tax),
    total: String(totals.total),
  };
}

/** Totals formatted for the customer. */
export function totalsFormatted(totals: Totals, currency: string, places: number): Record<string, string> {
  const f = (amount: bigint) => formatAmount(amount, currency, places);
  return {
    subtotal: f(totals.subtotal),
    discount: f(totals.discount),
    tax: f(totals.tax),
    total: f(totals.total),
  };
}
