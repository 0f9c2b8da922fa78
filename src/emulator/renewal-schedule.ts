// When a subscription bills next: its billing cycle on from a date. Paddle says a subscription
// renews on the anniversary of its creation, or of the billing date it was changed to
// (https://developer.paddle.com/build/subscriptions/change-billing-dates), and does not say what
// happens in a month without that day. The emulator keeps the subscription's anchor day and
// clamps it to the month's end: 31 Jan → 28 Feb → 31 Mar → 30 Apr, 29 Feb 2028 → 28 Feb 2029 →
// 29 Feb 2032. Days and weeks are fixed lengths of time.
import type { AccountState } from './state.js';
import type { WireRecord } from './types.js';

const DAY_MS = 86_400_000;

export interface BillingCycle {
  interval: string;
  frequency: number;
}

const dayOf = (at: string) => new Date(at).getUTCDate();

/** The number of days in a month (`month` counted from 0, any integer: 12 is next January). */
function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

/**
 * `at` moved on by `count` cycles (back when negative). A month or year lands on `anchorDay`
 * (`at`'s own day unless given), or on the month's last day when the month is shorter; the time
 * of day is kept.
 */
export function addCycles(at: string, cycle: BillingCycle, count = 1, anchorDay = dayOf(at)): string {
  const date = new Date(at);
  const n = cycle.frequency * count;
  if (cycle.interval === 'day') return new Date(date.getTime() + n * DAY_MS).toISOString();
  if (cycle.interval === 'week') return new Date(date.getTime() + 7 * n * DAY_MS).toISOString();
  const months = cycle.interval === 'year' ? 12 * n : n;
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + months;
  date.setUTCFullYear(year, month, Math.min(anchorDay, daysIn(year, month)));
  return date.toISOString();
}

/**
 * The day of the month a subscription's renewals keep, read from its record: its next renewal's
 * day, or its current period's start day when that is later and the period is one cycle clamped
 * to a shorter month (a period from 31 Jan to 28 Feb keeps the 31st).
 */
function recordedAnchorDay(subscription: WireRecord): number {
  const next = subscription.next_billed_at as string;
  const start = subscription.current_billing_period?.starts_at;
  if (typeof start === 'string' && dayOf(start) > dayOf(next)) {
    const clamped = addCycles(start, subscription.billing_cycle);
    if (Date.parse(clamped) === Date.parse(next)) return dayOf(start);
  }
  return dayOf(next);
}

/**
 * The day of the month a subscription's renewals keep: the one its last renewal kept (held for the
 * next_billed_at it set, so a change of that date by anything else is read from the record again),
 * or the one its record shows.
 */
export function anchorDay(state: AccountState, subscription: WireRecord): number {
  const kept = state.renewalAnchors.get(subscription.id);
  if (kept && Date.parse(kept.next) === Date.parse(subscription.next_billed_at)) return kept.day;
  return recordedAnchorDay(subscription);
}

/**
 * The day of the month a monthly or yearly subscription's renewals keep when its next_billed_at is
 * not on it (a renewal clamped to a shorter month's last day); undefined when it is. Saved state
 * writes it on the record (seed.ts), as the record alone does not always show it: every two months
 * from 31 Dec goes 28 Feb → 30 Apr, and a period from 28 Feb to 30 Apr says nothing of the 31st.
 */
export function clampedDay(state: AccountState, subscription: WireRecord): number | undefined {
  const interval = subscription.billing_cycle?.interval;
  const next = subscription.next_billed_at;
  if ((interval !== 'month' && interval !== 'year') || typeof next !== 'string') return undefined;
  const day = anchorDay(state, subscription);
  return day === dayOf(next) ? undefined : day;
}

/**
 * Whether `day` can be what a subscription renewing at `next` keeps: `next`'s own day, or a later
 * one when `next` is the last day of its month (a month without that day).
 */
export function keepsDay(next: string, day: number): boolean {
  const date = new Date(next);
  const last = daysIn(date.getUTCFullYear(), date.getUTCMonth());
  return day === date.getUTCDate() || (day > date.getUTCDate() && date.getUTCDate() === last);
}

/** The end of the period that starts at the subscription's next renewal. */
export function periodAfterNextEnds(state: AccountState, subscription: WireRecord): string {
  return addCycles(
    subscription.next_billed_at,
    subscription.billing_cycle,
    1,
    anchorDay(state, subscription),
  );
}
