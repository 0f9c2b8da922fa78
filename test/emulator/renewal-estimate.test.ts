// The estimate a clock move is held to (at most 250,000 steps a move, docs/emulator.md): what the
// clock would do over a window, counted without doing it, is what it then does. A trial counts as
// it ends: a cardless one is canceled with nothing billed, one whose payment fails
// (trial_payment_fails) goes past due and is canceled when its dunning ends; neither renews.
import { describe, expect, it } from 'vitest';
import type { EmulatorCore } from '../../src/emulator/core.js';
import { IdFactory } from '../../src/emulator/ids.js';
import { Renewals } from '../../src/emulator/renewal.js';
import { accountSettings, buildAccountState, currencySettings } from '../../src/emulator/seed.js';
import { StepEvents } from '../../src/emulator/step-events.js';
import type { AccountName, AccountSeed } from '../../src/emulator/types.js';
import { KIM, PRO, pid, sub } from '../support/subscription-account.mjs';

const FROM = '2026-01-15T12:00:00.000Z';
const LIMIT = 250_000;
const month = { interval: 'month', frequency: 1 };
const PAID = { id: pid('pri', 1), trial_period: { interval: 'day', frequency: 14 } };
const CARDLESS = {
  id: pid('pri', 2),
  trial_period: { interval: 'day', frequency: 14, requires_payment_method: false },
};
const DAILY = { id: pid('pri', 3), billing_cycle: { interval: 'day', frequency: 1 } };

/** A subscription of Kim's on `price`, its next step at `next` (a trial's end, a renewal). */
const subscription = (status: string, price: { id: string }, next: string, fields = {}) => ({
  id: sub(1),
  customer_id: KIM,
  status,
  currency_code: 'USD',
  next_billed_at: next,
  items: [{ price_id: price.id, quantity: 1 }],
  ...fields,
});

/** The sandbox holding `subscription`, its clock at FROM and moved by `moveTo`: what renewals run on. */
function coreWith(subscriptionSeed: Record<string, unknown>, dunningDays: number) {
  const prices = [PAID, CARDLESS, DAILY].map((p) => ({
    billing_cycle: month,
    product_id: PRO,
    description: p.id,
    unit_price: { amount: '1000', currency_code: 'USD' },
    ...p,
  }));
  const section: AccountSeed = {
    customers: [{ id: KIM, email: 'kim@example.com' }],
    products: [{ id: PRO, name: 'Pro', tax_category: 'saas' }],
    prices,
    subscriptions: [subscriptionSeed],
    cardless_trials: true,
    dunning_days: dunningDays,
  };
  const ids = new IdFactory(() => 0.5);
  const account = (name: AccountName, seed: AccountSeed | undefined) => ({
    name,
    state: buildAccountState(seed, ids, false),
    settings: accountSettings({}, seed, currencySettings(undefined)),
  });
  let now = new Date(FROM);
  // what the clock's steps use of the core: the accounts, ids, the clock and where steps go
  const core = {
    accounts: { sandbox: account('sandbox', section), live: account('live', undefined) },
    ids,
    now: () => now,
    events: new StepEvents(),
  } as Partial<EmulatorCore> as EmulatorCore;
  const moveTo = (at: string) => {
    now = new Date(at);
  };
  return { core, moveTo };
}

describe('a clock move counts the steps it will take before it takes them', () => {
  it.each([
    [
      'an active monthly subscription renews each month',
      subscription('active', PAID, '2026-02-01T00:00:00Z'),
      '2026-06-15T00:00:00Z',
      5,
    ],
    [
      'a paid trial ends active, then renews each month',
      subscription('trialing', PAID, '2026-02-01T00:00:00Z'),
      '2026-06-15T00:00:00Z',
      5,
    ],
    [
      'a trial ending on 31 Jan renews on the last day of each shorter month',
      subscription('trialing', PAID, '2026-01-31T00:00:00Z'),
      '2026-04-30T12:00:00Z',
      4,
    ],
    [
      'a cardless trial is canceled as it ends, with nothing billed, over twenty years',
      subscription('trialing', CARDLESS, '2026-02-01T00:00:00Z'),
      '2046-01-01T00:00:00Z',
      1,
    ],
    [
      'a cardless trial with trial_payment_fails is canceled all the same',
      subscription('trialing', CARDLESS, '2026-02-01T00:00:00Z', { trial_payment_fails: true }),
      '2046-01-01T00:00:00Z',
      1,
    ],
    [
      'a trial whose payment fails goes past due, and no further within its dunning',
      subscription('trialing', PAID, '2026-02-01T00:00:00Z', { trial_payment_fails: true }),
      '2026-02-20T00:00:00Z',
      1,
    ],
    [
      'a trial whose payment fails is canceled when its 30 days of dunning end, and never renews',
      subscription('trialing', PAID, '2026-02-01T00:00:00Z', { trial_payment_fails: true }),
      '2046-01-01T00:00:00Z',
      2,
    ],
    [
      'a paid trial of a daily price ends, then renews each day until the end of the year',
      subscription('trialing', DAILY, '2026-01-20T00:00:00Z'),
      '2026-12-31T12:00:00Z',
      346,
    ],
  ])('%s', (_, seed, to, steps) => {
    const { core, moveTo } = coreWith(seed, 30);
    const renewals = new Renewals(Date.parse(FROM));
    expect(renewals.countUpTo(core, Date.parse(to), LIMIT)).toBe(steps);
    moveTo(to);
    expect(renewals.catchUp(core)).toBe(steps);
  });
});
