// The day a move's target first bills one subscription (pure), from the terms of the moves that
// take it (its mode and the latest bills_from: one date per subscription, src/moves/one-date.ts) and
// the subscription's status, scheduled change, next renewal and billing cycle as Paddle lists them.
// Where the date would rest on how Paddle steps a month past the 28th, which its pages do not say
// (a renewal on the 29th–31st, or on 28 February that may stand for one of them), the cell says so
// in words instead of a date.

import type { SubscriptionRecord } from '../planner/subscribers.js';
import type { MoveTerms } from './predict.js';

const DAY_MS = 86_400_000;
/** At most this many renewals are stepped to reach bills_from (a daily plan a year ahead). */
const MAX_STEPS = 400;

const day = (at: string) => at.slice(0, 10);

/**
 * Whether the months after a renewal on `at` rest on what Paddle does not say: a day past the 28th,
 * or the 28th that ends a February (it may stand for the 29th, 30th or 31st of a subscription
 * started then, clamped). From any other day every later month has that same day.
 */
function dayUnsaid(at: Date): boolean {
  const day = at.getUTCDate();
  const lastOfMonth = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 0)).getUTCDate();
  return day > 28 || (day === 28 && lastOfMonth === 28);
}

/** The renewal after `at`, or undefined where Paddle does not say (see dayUnsaid). */
function nextRenewal(
  at: Date,
  cycle: { interval: string; frequency: number },
  first: Date,
): Date | undefined {
  const { interval, frequency } = cycle;
  if (interval === 'day' || interval === 'week')
    return new Date(at.getTime() + frequency * (interval === 'week' ? 7 : 1) * DAY_MS);
  if ((interval !== 'month' && interval !== 'year') || dayUnsaid(first)) return undefined;
  const next = new Date(at);
  next.setUTCMonth(at.getUTCMonth() + frequency * (interval === 'year' ? 12 : 1));
  return next;
}

/** The first renewal on or after `billsFrom` (YYYY-MM-DD), from the renewal at `next`. */
function renewalFrom(next: string, billsFrom: string, subscription: SubscriptionRecord): string {
  const unsaid = `the first renewal on or after ${billsFrom}`;
  const first = new Date(next);
  let at: Date | undefined = first;
  for (let step = 0; at !== undefined && step < MAX_STEPS; step += 1) {
    if (day(at.toISOString()) >= billsFrom) return day(at.toISOString());
    at = subscription.billing_cycle ? nextRenewal(at, subscription.billing_cycle, first) : undefined;
  }
  return unsaid;
}

const billsNow = (terms: MoveTerms) => terms.proration.endsWith('_immediately');

/**
 * A cancel scheduled for its next billing date ends it before any renewal bills the new price:
 * Paddle cancels it "on the next billing date" and then creates no further transactions
 * (https://developer.paddle.com/build/subscriptions/cancel-subscriptions). Only a mode that bills
 * when apply moves it bills the new price first.
 */
export const cancelsFirst = (terms: MoveTerms, subscription: SubscriptionRecord): boolean =>
  subscription.scheduled_change === 'cancel' && !billsNow(terms);

/**
 * A paused one, or one paused from its next billing date with no renewal listed: Paddle bills a
 * paused subscription nothing until it resumes, and by default bills it on resuming
 * (https://developer.paddle.com/build/subscriptions/pause-subscriptions,
 * https://developer.paddle.com/api-reference/subscriptions/resume-subscription). With bills_from
 * it moves only on or after that day: resumed before, it bills the old price, then moves at its
 * first renewal on or after the day.
 */
function onResume(terms: MoveTerms, subscription: SubscriptionRecord): string {
  const resumes = subscription.scheduled_change === 'resume' && subscription.scheduled_at;
  const from = terms.billsFrom;
  if (resumes && (from === undefined || day(resumes) >= from)) return `when it resumes on ${day(resumes)}`;
  if (resumes) return `the first renewal on or after ${from} (it resumes on ${day(resumes)})`;
  if (from === undefined) return 'when it resumes';
  return `when it resumes, if on or after ${from}; else its first renewal on or after ${from}`;
}

/**
 * When the target first bills the subscription: when apply moves it (a mode that bills now), its
 * next renewal, or with bills_from the first renewal on or after that day; words for one past due
 * or paused; null when no bill at the new price comes (a cancel scheduled first: cancelsFirst).
 */
export function firstBillOf(terms: MoveTerms, subscription: SubscriptionRecord): string | null {
  if (billsNow(terms)) return 'when apply moves it';
  if (cancelsFirst(terms, subscription)) return null;
  // Paddle refuses any change while it is past due (subscription_update_when_past_due): its
  // next_billed_at is the bill still unpaid, and the move waits until it is paid
  if (subscription.status === 'past_due') return 'the first renewal after it is paid and moved';
  const next = subscription.next_billed_at;
  const pausing = subscription.status === 'paused' || subscription.scheduled_change === 'pause';
  if (next === null) return pausing ? onResume(terms, subscription) : null;
  return terms.billsFrom === undefined ? day(next) : renewalFrom(next, terms.billsFrom, subscription);
}
