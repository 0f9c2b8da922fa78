// What cancel, pause, resume and activate do to a subscription, and what Paddle refuses, decided
// from the body and the record alone (src/emulator/rules/subscription-action.ts): each row one
// case of Paddle's API reference or error reference (developer.paddle.com/errors/subscriptions/<code>).
import { describe, expect, it } from 'vitest';
import { ApiFailure } from '../../src/emulator/api-error.js';
import {
  type ActionOutcome,
  decideAction,
  type SubscriptionAction,
} from '../../src/emulator/rules/subscription-action.js';
import type { WireRecord } from '../../src/emulator/types.js';

const NOW = Date.parse('2026-01-15T12:00:00Z');
const END = '2026-02-01T00:00:00Z';
const PERIOD = { starts_at: '2026-01-01T00:00:00Z', ends_at: END };
const CARDLESS_ITEM = { price: { trial_period: { requires_payment_method: false } } };

const record = (fields: WireRecord = {}): WireRecord => ({
  status: 'active',
  collection_mode: 'automatic',
  next_billed_at: END,
  current_billing_period: PERIOD,
  scheduled_change: null,
  items: [{ price: { trial_period: null } }],
  ...fields,
});
const active = record();
const paused = record({ status: 'paused', next_billed_at: null });
const trialing = record({ status: 'trialing' });
const scheduledPause = record({
  next_billed_at: null,
  scheduled_change: { action: 'pause', effective_at: END, resume_at: null },
});

/** The outcome, or the refusal's status and code (and the first field error's field). */
function decide(action: SubscriptionAction, s: WireRecord, body: WireRecord = {}): ActionOutcome | string {
  try {
    return decideAction(action, s, body, NOW);
  } catch (error) {
    if (!(error instanceof ApiFailure)) throw error;
    const field = error.options.errors?.[0]?.field;
    return `${error.status} ${error.code}${field ? ` ${field}` : ''}`;
  }
}

describe('cancel', () => {
  it.each<[string, WireRecord, WireRecord, ActionOutcome | string]>([
    [
      'an active one, by default at the end of its period',
      active,
      {},
      { schedule: { action: 'cancel', effective_at: END, resume_at: null } },
    ],
    ['an active one, immediately', active, { effective_from: 'immediately' }, { now: 'cancel' }],
    ['a paused one, by default immediately', paused, {}, { now: 'cancel' }],
    [
      'a paused one at the end of a period Paddle does not document',
      paused,
      { effective_from: 'next_billing_period' },
      '400 bad_request effective_from',
    ],
    ['a canceled one', record({ status: 'canceled' }), {}, '400 subscription_is_canceled_action_invalid'],
    [
      'a past-due one',
      record({ status: 'past_due' }),
      { effective_from: 'immediately' },
      '400 subscription_update_when_past_due',
    ],
    [
      'within 30 minutes of its renewal',
      record({ next_billed_at: '2026-01-15T12:20:00Z' }),
      {},
      '409 subscription_locked_renewal',
    ],
    [
      'at the end of its period when a pause is scheduled',
      scheduledPause,
      {},
      '400 subscription_locked_pending_changes',
    ],
    [
      'immediately when a pause is scheduled',
      scheduledPause,
      { effective_from: 'immediately' },
      { now: 'cancel' },
    ],
    [
      'an effective_from Paddle does not have',
      active,
      { effective_from: 'tomorrow' },
      '400 bad_request effective_from',
    ],
    ['a field cancel does not take', active, { resume_at: END }, '400 bad_request resume_at'],
  ])('%s', (_, s, body, expected) => {
    expect(decide('cancel', s, body)).toEqual(expected);
  });
});

describe('pause', () => {
  const later = '2026-03-01T00:00:00Z';
  it.each<[string, WireRecord, WireRecord, ActionOutcome | string]>([
    [
      'an active one, by default at the end of its period',
      active,
      {},
      { schedule: { action: 'pause', effective_at: END, resume_at: null } },
    ],
    [
      'at the end of its period with a resume date',
      active,
      { resume_at: later },
      { schedule: { action: 'pause', effective_at: END, resume_at: later } },
    ],
    [
      'immediately, with a resume date',
      active,
      { effective_from: 'immediately', resume_at: later },
      { now: 'pause', resumeAt: later },
    ],
    ['a trialing one', trialing, { effective_from: 'immediately' }, { now: 'pause', resumeAt: null }],
    [
      'a cardless trial',
      record({ status: 'trialing', items: [CARDLESS_ITEM] }),
      {},
      '400 subscription_pausing_not_allowed_for_cardless_trial',
    ],
    ['a paused one', paused, {}, '400 subscription_not_active'],
    ['a canceled one', record({ status: 'canceled' }), {}, '400 subscription_is_canceled_action_invalid'],
    [
      'a past-due one, immediately',
      record({ status: 'past_due' }),
      { effective_from: 'immediately' },
      { now: 'pause', resumeAt: null },
    ],
    [
      'one already scheduled to pause',
      scheduledPause,
      { effective_from: 'immediately' },
      '400 subscription_locked_pending_changes',
    ],
    [
      'a resume date before the pause takes effect',
      active,
      { resume_at: '2026-01-20T00:00:00Z' },
      '400 bad_request resume_at',
    ],
    [
      'continuing a period that ends before the resume date',
      active,
      { effective_from: 'immediately', resume_at: later, on_resume: 'continue_existing_billing_period' },
      '400 subscription_continuing_existing_billing_period_not_allowed',
    ],
    [
      'continuing the period on a resume date within it, which the emulator does not keep',
      active,
      {
        effective_from: 'immediately',
        resume_at: '2026-01-25T00:00:00Z',
        on_resume: 'continue_existing_billing_period',
      },
      '400 bad_request on_resume',
    ],
    [
      'continuing the period with no resume date: the resume request says how',
      active,
      { effective_from: 'immediately', on_resume: 'continue_existing_billing_period' },
      { now: 'pause', resumeAt: null },
    ],
    [
      'a resume_at that is not a date',
      active,
      { resume_at: '2026-02-30T00:00:00Z' },
      '400 bad_request resume_at',
    ],
  ])('%s', (_, s, body, expected) => {
    expect(decide('pause', s, body)).toEqual(expected);
  });
});

describe('resume', () => {
  const later = '2026-03-01T00:00:00Z';
  it.each<[string, WireRecord, WireRecord, ActionOutcome | string]>([
    [
      'a paused one, by default immediately, on a new period',
      paused,
      {},
      { now: 'resume', continuePeriod: false },
    ],
    [
      'a paused one immediately, continuing the period it kept',
      paused,
      { effective_from: 'immediately', on_resume: 'continue_existing_billing_period' },
      { now: 'resume', continuePeriod: true },
    ],
    [
      'continuing a period that has ended',
      record({
        status: 'paused',
        current_billing_period: { starts_at: '2025-12-01T00:00:00Z', ends_at: '2026-01-01T00:00:00Z' },
      }),
      { on_resume: 'continue_existing_billing_period' },
      '400 subscription_continuing_existing_billing_period_not_allowed',
    ],
    [
      'continuing when there is no period',
      record({ status: 'paused', current_billing_period: null }),
      { on_resume: 'continue_existing_billing_period' },
      '400 subscription_continuing_existing_billing_period_not_allowed_no_billing_period',
    ],
    [
      'a paused one on a date: a scheduled resume',
      paused,
      { effective_from: later },
      { schedule: { action: 'resume', effective_at: later, resume_at: later } },
    ],
    [
      'a paused one on a date already past',
      paused,
      { effective_from: '2026-01-01T00:00:00Z' },
      '400 bad_request effective_from',
    ],
    [
      'an active one scheduled to pause, on a date: the pause’s resume date',
      scheduledPause,
      { effective_from: later },
      { schedule: { action: 'pause', effective_at: END, resume_at: later } },
    ],
    [
      'an active one scheduled to pause, immediately',
      scheduledPause,
      { effective_from: 'immediately' },
      '400 subscription_must_be_paused',
    ],
    ['an active one', active, { effective_from: 'immediately' }, '400 subscription_must_be_paused'],
    ['a trialing one', trialing, {}, '400 subscription_must_be_paused'],
    ['a canceled one', record({ status: 'canceled' }), {}, '400 subscription_is_canceled_action_invalid'],
    [
      'an effective_from that is neither immediately nor a date',
      paused,
      { effective_from: 'next_billing_period' },
      '400 bad_request effective_from',
    ],
  ])('%s', (_, s, body, expected) => {
    expect(decide('resume', s, body)).toEqual(expected);
  });
});

describe('activate', () => {
  it.each<[string, WireRecord, ActionOutcome | string]>([
    ['a trialing one', trialing, { now: 'activate' }],
    ['an active one', active, '400 subscription_cannot_activate'],
    [
      'a manually-collected trial',
      record({ status: 'trialing', collection_mode: 'manual' }),
      '400 subscription_manual_collection_mode_activation_not_allowed',
    ],
    [
      'a cardless trial',
      record({ status: 'trialing', items: [CARDLESS_ITEM] }),
      '400 subscription_missing_payment_method_cannot_activate',
    ],
    [
      'a trial scheduled to cancel at its end',
      record({
        status: 'trialing',
        next_billed_at: null,
        scheduled_change: { action: 'cancel', effective_at: END, resume_at: null },
      }),
      '400 subscription_locked_pending_changes',
    ],
  ])('%s', (_, s, expected) => {
    expect(decide('activate', s)).toEqual(expected);
  });

  it('names the status it found, as Paddle’s detail does', () => {
    expect(() => decideAction('activate', paused, {}, NOW)).toThrow(
      "Only subscriptions which have status 'trialing' can be activated. Subscription status is 'paused'",
    );
  });
});
