// How a price, its overrides, its trial and a discount read in a plan line: amounts raw and human,
// every country override spelled out, and a create's override list wrapped when it is long.
import { formatMinorUnits } from '../../money/minor-units.js';
import { currencyDecimalPlaces } from '../../paddle-facts/currencies.js';
import type { RemoteMoney, RemoteOverride } from '../../planner/remote.js';
import type {
  Change,
  DiscountState,
  NotificationState,
  PriceState,
  TrialState,
} from '../../planner/types.js';
import { shown } from '../../text/escape.js';
import { plural } from '../../text/plural.js';

/** `2400 USD ($24.00)`: the amount as written in the catalog, then as a customer sees it. */
export function formatMoney(money: RemoteMoney): string {
  const raw = shown(`${money.amount} ${money.currency_code}`);
  let human: string;
  try {
    human = formatMinorUnits(
      money.amount,
      money.currency_code,
      currencyDecimalPlaces(money.currency_code),
      'en-US',
    );
  } catch {
    return raw;
  }
  return `${raw} (${shown(human)})`;
}

const EVERY: Record<string, string> = { day: 'daily', week: 'weekly', month: 'monthly', year: 'yearly' };

export function formatCycle(cycle: { interval: string; frequency: number } | null): string {
  if (!cycle) return 'one-time';
  if (cycle.frequency === 1) return EVERY[cycle.interval] ?? `every ${shown(cycle.interval)}`;
  return shown(`every ${cycle.frequency} ${cycle.interval}s`);
}

export function formatTrial(trial: TrialState | null): string {
  if (!trial) return 'no trial';
  const length = shown(`${trial.frequency}-${trial.interval}`);
  if (trial.unit_price) {
    const overrides = trial.unit_price_overrides;
    const local = overrides.length > 0 ? ` with trial overrides ${formatOverrides(overrides)}` : '';
    return `${length} paid trial at ${formatMoney(trial.unit_price)}${local}`;
  }
  return `${length} ${trial.requires_payment_method ? '' : 'cardless '}trial`;
}

/** `DE,FR: 900 EUR (€9.00); GB: 800 GBP (£8.00)`: every override, so a reviewer can check each price. */
export function formatOverrides(list: RemoteOverride[]): string {
  if (list.length === 0) return 'none';
  return list.map((o) => `${shown(o.country_codes.join(','))}: ${formatMoney(o.unit_price)}`).join('; ');
}

/**
 * One line that says what a price charges, every country override spelled out:
 * `2400 USD ($24.00) monthly, 7-day trial, country overrides GB: 2000 GBP (£20.00)`.
 */
export function describePrice(price: PriceState): string {
  const parts = [`${formatMoney(price.unit_price)} ${formatCycle(price.billing_cycle)}`];
  if (price.trial_period) parts.push(formatTrial(price.trial_period));
  if (price.unit_price_overrides.length > 0) {
    parts.push(`country overrides ${formatOverrides(price.unit_price_overrides)}`);
  }
  const q = price.quantity;
  if (q.minimum !== 1 || q.maximum !== 100) parts.push(shown(`quantity ${q.minimum}–${q.maximum}`));
  return parts.join(', ');
}

/** `25%`, or `500 EUR (€5.00)`: an amount of the discount as its type reads it. */
export const discountAmount = (amount: string, { type, currency_code }: DiscountState) =>
  type === 'percentage' ? shown(`${amount}%`) : formatMoney({ amount, currency_code: currency_code ?? '' });

/** `25% off (code LAUNCH25) on pro/yearly, starter, 3 billing periods, until 2027-01-31T23:59:59Z`. */
export function describeDiscount(discount: DiscountState): string {
  const parts = [
    `${discountAmount(discount.amount, discount)} off${discount.type === 'flat_per_seat' ? ' per seat' : ''}`,
  ];
  if (discount.code) parts.push(`code ${shown(discount.code)}`);
  if (!discount.enabled_for_checkout) parts.push('not at checkout');
  parts.push(discount.restrict_to ? `on ${shown(discount.restrict_to.join(', '))}` : 'on everything');
  if (discount.recur) {
    const n = discount.maximum_recurring_intervals;
    parts.push(n === null ? 'every billing period' : `${n} billing period${n === 1 ? '' : 's'}`);
  }
  if (discount.usage_limit !== null) parts.push(`${discount.usage_limit} uses`);
  if (discount.expires_at) parts.push(`until ${shown(discount.expires_at)}`);
  return parts.join(', ');
}

/** Past this width a create's line puts its country overrides on lines of their own. */
const WRAP_AT = 120;
/** Country codes on one line of a wrapped override. */
const CODES_PER_LINE = 12;

/**
 * A price create whose line is too long (a euro-zone override lists 20 countries): the line without
 * its overrides, then each override on its own lines, its countries a dozen to a line.
 */
export function wrappedPriceCreate(head: string, price: PriceState): string[] | undefined {
  const overrides = price.unit_price_overrides;
  if (head.length <= WRAP_AT || overrides.length === 0) return undefined;
  const without = head.replace(`, country overrides ${formatOverrides(overrides)}`, '');
  const lines = [`${without}, country overrides:`];
  for (const override of overrides) {
    const codes = override.country_codes;
    for (let i = 0; i < codes.length; i += CODES_PER_LINE) {
      const chunk = shown(codes.slice(i, i + CODES_PER_LINE).join(','));
      const last = i + CODES_PER_LINE >= codes.length;
      lines.push(`      ${chunk}${last ? `: ${formatMoney(override.unit_price)}` : ','}`);
    }
  }
  return lines;
}

/** `url https://example.com/hooks, 3 events (subscription.created, …)`: where it delivers, and what. */
export function describeNotification(notification: NotificationState): string {
  const events = notification.subscribed_events;
  const inactive = notification.active ? '' : ', inactive';
  return `${shown(notification.type)} ${shown(notification.destination)}, ${plural(events.length, 'event')} (${shown(events.join(', '))})${inactive}`;
}

/** What a create or replace line says of the new object. */
export function describeNew(change: Change): string {
  if (change.kind === 'product') {
    if (!change.desired) return '';
    const { name, tax_category, description } = change.desired;
    const shownToCustomers = description ? `, description "${shown(description)}"` : '';
    return `"${shown(name)}" (${shown(tax_category)})${shownToCustomers}`;
  }
  if (change.kind === 'discount') return change.desired ? describeDiscount(change.desired) : '';
  if (change.kind === 'discount_group') return change.desired ? `"${shown(change.desired.name)}"` : '';
  if (change.kind === 'notification')
    return change.desired
      ? `"${shown(change.desired.description)}" ${describeNotification(change.desired)}`
      : '';
  if (!change.desired) return '';
  const { name } = change.desired;
  return `${describePrice(change.desired)}${name ? `, named "${shown(name)}" at checkout` : ''}`;
}
