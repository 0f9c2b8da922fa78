// What POST /subscriptions/{id}/cancel, /pause, /resume and /activate do to a subscription, decided
// from the body and the subscription alone (the route carries it out): now, or as a scheduled
// change, or Paddle's refusal. From Paddle's API reference (developer.paddle.com/api-reference/
// subscriptions/cancel-subscription, pause-subscription, resume-subscription, activate-subscription,
// and the OpenAPI 2025-05-27 request bodies), its guides (developer.paddle.com/build/subscriptions/
// cancel-subscriptions: "You can't make changes to a subscription if the next billing period is
// within 30 minutes, or the subscription status is past_due"; …/pause-subscriptions;
// …/build/trials/extend-activate-change-date-trials) and its error reference
// (developer.paddle.com/errors/subscriptions/<code>; statuses and details in
// src/paddle-facts/subscriptions.ts). Where Paddle documents no answer, the emulator refuses with a
// field error of Paddle's bad_request and says why in an X-Emulator-Hint (docs/emulator.md lists them).
import { EFFECTIVE_FROM, ON_RESUME } from '../../paddle-facts/subscriptions.js';
import { badRequest } from '../api-error.js';
import { instant } from '../seed-fields.js';
import type { WireRecord } from '../types.js';
import { type Body, FieldErrors } from '../validate.js';
import { checkLocks, hasPaymentMethod, subscriptionError } from './subscription-update.js';

export type SubscriptionAction = 'cancel' | 'pause' | 'resume' | 'activate';

export interface ScheduledChange {
  action: 'cancel' | 'pause' | 'resume';
  effective_at: string;
  resume_at: string | null;
}

/** What the request does: a step taken now, or a change scheduled for later. */
export type ActionOutcome =
  | { now: 'cancel' }
  | { now: 'pause'; resumeAt: string | null }
  | { now: 'resume'; continuePeriod: boolean }
  | { now: 'activate' }
  | { schedule: ScheduledChange };

const FIELDS: Record<SubscriptionAction, readonly string[]> = {
  cancel: ['effective_from'],
  pause: ['effective_from', 'resume_at', 'on_resume'],
  resume: ['effective_from', 'on_resume'],
  activate: [],
};

const isTimestamp = (value: unknown): value is string => instant.safeParse(value).success;

/** The body's shape: 400 bad_request with every field at once. */
function checkBody(action: SubscriptionAction, body: Body): void {
  const errors = new FieldErrors();
  errors.onlyKnown(body, FIELDS[action]);
  if (action !== 'resume' && body.effective_from !== null)
    errors.oneOf('effective_from', body.effective_from, EFFECTIVE_FROM);
  const from = body.effective_from;
  if (
    action === 'resume' &&
    from !== undefined &&
    from !== null &&
    from !== 'immediately' &&
    !isTimestamp(from)
  )
    errors.add('effective_from', 'must be "immediately" or an RFC 3339 date-time');
  if (body.resume_at !== undefined && body.resume_at !== null && !isTimestamp(body.resume_at))
    errors.add('resume_at', 'must be an RFC 3339 date-time');
  errors.oneOf('on_resume', body.on_resume, ON_RESUME);
  if (errors.list.length > 0) throw badRequest(errors.list);
}

/** A field error Paddle documents no code for: bad_request, and the emulator's reason as its hint. */
function unanswered(field: string, message: string, hint: string): never {
  throw badRequest([{ field, message }]).withHint(hint);
}

/** When the current period ends: the next renewal, or the end of the period a pause kept. */
const periodEnd = (s: WireRecord): string | undefined =>
  (s.next_billed_at as string | null) ?? s.current_billing_period?.ends_at ?? undefined;

/** A change scheduled for the end of the period; a subscription holds one scheduled change only. */
function atPeriodEnd(s: WireRecord, action: 'cancel' | 'pause', resumeAt: string | null): ActionOutcome {
  if (s.scheduled_change) throw subscriptionError('subscription_locked_pending_changes');
  const end = periodEnd(s);
  if (!end)
    unanswered('effective_from', 'no billing period to end', 'the subscription has no next billing date');
  return { schedule: { action, effective_at: end, resume_at: resumeAt } };
}

/** What cancel and pause refuse alike: a canceled subscription, the 30-minute locks. */
function checkCanStop(s: WireRecord, nowMs: number): void {
  if (s.status === 'canceled') throw subscriptionError('subscription_is_canceled_action_invalid');
  checkLocks(s, s.scheduled_change ?? null, nowMs);
}

/** A cancel; not of a past-due subscription (the guide to canceling, above). */
function cancel(s: WireRecord, body: Body, nowMs: number): ActionOutcome {
  checkCanStop(s, nowMs);
  if (s.status === 'past_due') throw subscriptionError('subscription_update_when_past_due');
  const from = body.effective_from ?? (s.status === 'paused' ? 'immediately' : 'next_billing_period');
  if (from === 'immediately') return { now: 'cancel' };
  if (s.status === 'paused')
    unanswered(
      'effective_from',
      'a paused subscription is canceled immediately',
      'Paddle documents no end of period for a paused subscription to cancel at',
    );
  return atPeriodEnd(s, 'cancel', null);
}

/**
 * The billing period a resume on `at` continues (on_resume continue_existing_billing_period):
 * Paddle refuses one the subscription does not have, or one that has ended by then.
 */
function checkContinues(s: WireRecord, atMs: number): void {
  const period = s.current_billing_period as WireRecord | null;
  if (!period)
    throw subscriptionError('subscription_continuing_existing_billing_period_not_allowed_no_billing_period');
  if (atMs > Date.parse(period.ends_at))
    throw subscriptionError('subscription_continuing_existing_billing_period_not_allowed');
}

/** A resume on a date keeps no on_resume of its own in Paddle's record, so only the default is taken. */
function checkDatedResume(s: WireRecord, resumeAt: string, onResume: unknown): void {
  if (onResume !== 'continue_existing_billing_period') return;
  checkContinues(s, Date.parse(resumeAt));
  unanswered(
    'on_resume',
    'not supported with a resume date',
    'the emulator resumes on a date with a new billing period only (start_new_billing_period)',
  );
}

/**
 * A pause: not of a paused subscription (Paddle documents no code of its own for it; its
 * subscription_not_active says "If the subscription is paused, resume and attempt the request
 * again"), nor over a scheduled change, which it would replace: that one is canceled first. A
 * past-due one may pause ("Past due subscription paused by Paddle Retain, or using the API",
 * developer.paddle.com/changelog/2024/past-due-renewal-translations-canceled-pause).
 */
function pause(s: WireRecord, body: Body, nowMs: number): ActionOutcome {
  if (s.status === 'paused') throw subscriptionError('subscription_not_active');
  checkCanStop(s, nowMs);
  if (s.scheduled_change) throw subscriptionError('subscription_locked_pending_changes');
  if (!hasPaymentMethod(s)) throw subscriptionError('subscription_pausing_not_allowed_for_cardless_trial');
  const resumeAt = (body.resume_at as string | null | undefined) ?? null;
  const immediately = body.effective_from === 'immediately';
  const pausesAt = immediately ? nowMs : Date.parse(periodEnd(s) ?? '');
  if (resumeAt !== null) {
    if (!(Date.parse(resumeAt) > pausesAt))
      unanswered(
        'resume_at',
        'must be after the pause takes effect',
        'Paddle does not say; the emulator refuses it',
      );
    checkDatedResume(s, resumeAt, body.on_resume);
  }
  return immediately ? { now: 'pause', resumeAt } : atPeriodEnd(s, 'pause', resumeAt);
}

/** A resume on a date: a paused subscription's scheduled resume, or a scheduled pause's resume_at. */
function resumeOn(s: WireRecord, date: string, body: Body, nowMs: number): ActionOutcome {
  const pending = s.scheduled_change as WireRecord | null;
  const after = s.status === 'paused' ? nowMs : Date.parse(pending?.effective_at);
  if (!(Date.parse(date) > after))
    unanswered('effective_from', 'must be after the pause', 'Paddle does not say; the emulator refuses it');
  checkDatedResume(s, date, body.on_resume);
  if (s.status === 'paused') return { schedule: { action: 'resume', effective_at: date, resume_at: date } };
  return { schedule: { ...(pending as unknown as ScheduledChange), resume_at: date } };
}

function resume(s: WireRecord, body: Body, nowMs: number): ActionOutcome {
  if (s.status === 'canceled') throw subscriptionError('subscription_is_canceled_action_invalid');
  const from = body.effective_from;
  const dated = typeof from === 'string' && from !== 'immediately';
  const scheduledPause = s.status === 'active' && s.scheduled_change?.action === 'pause';
  if (s.status !== 'paused' && !(dated && scheduledPause))
    throw subscriptionError('subscription_must_be_paused');
  if (dated) return resumeOn(s, from as string, body, nowMs);
  const continuePeriod = body.on_resume === 'continue_existing_billing_period';
  if (continuePeriod) checkContinues(s, nowMs);
  return { now: 'resume', continuePeriod };
}

/**
 * An activation; not of a trial scheduled to cancel or pause at its end, which would be left
 * behind the new period: Paddle does not say, and its subscription_locked_pending_changes ("Cancel
 * the pending change before attempting request again") is the emulator's answer.
 */
function activate(s: WireRecord): ActionOutcome {
  if (s.status !== 'trialing') throw subscriptionError('subscription_cannot_activate', s.status);
  if (s.collection_mode === 'manual')
    throw subscriptionError('subscription_manual_collection_mode_activation_not_allowed');
  if (!hasPaymentMethod(s)) throw subscriptionError('subscription_missing_payment_method_cannot_activate');
  if (s.scheduled_change) throw subscriptionError('subscription_locked_pending_changes');
  return { now: 'activate' };
}

/** What `action` with `body` does to `subscription` at `nowMs`; throws Paddle's refusal. */
export function decideAction(
  action: SubscriptionAction,
  subscription: WireRecord,
  body: Body,
  nowMs: number,
): ActionOutcome {
  checkBody(action, body);
  if (action === 'cancel') return cancel(subscription, body, nowMs);
  if (action === 'pause') return pause(subscription, body, nowMs);
  if (action === 'resume') return resume(subscription, body, nowMs);
  return activate(subscription);
}
