// Renewals as the emulator's clock passes a subscription's next_billed_at, as Paddle's renewal
// lifecycle describes them (developer.paddle.com/build/lifecycle/subscription-renewal): the
// subscription and its items get new previously_billed_at and next_billed_at dates and a new
// current_billing_period, and a transaction (origin subscription_recurring) bills the recurring
// items for the new period. An automatically-collected one is collected at once (completed; the
// emulator's payments never fail); a manually-collected one is issued as an invoice (billed).
// Only active subscriptions renew: one scheduled to cancel or pause has no next_billed_at, or, for a
// pause with a resume date, that date, after the pause (its scheduled change) takes effect. The
// clock's other steps (a trial ending, a scheduled change taking effect, dunning ending) are in
// lifecycle.ts; every step goes out through the core's events (step-events.ts).
//
// Renewals happen for the time the clock covers while the emulator runs: a next_billed_at already
// past when the emulator starts (or is reset) is left as given, so seeded history stays as seeded.
// A clock moved back starts the covered time again from there: what is due later renews when the
// clock passes it again (what renewed already has its next_billed_at past the old reading).
// One clock move steps through its renewals soonest first with one queue entry per subscription
// (due-queue.ts), so its memory is the transactions it makes; POST /__emulator/clock refuses a
// move of more than MAX_RENEWALS_PER_MOVE before it changes anything.
import type { Account, EmulatorCore } from './core.js';
import { type Due, DueQueue } from './due-queue.js';
import {
  applyScheduledChange,
  cancel,
  dunningEndsAfter,
  dunningEndsAt,
  endTrial,
  type StepContext,
  stepContext,
} from './lifecycle.js';
import { addCycles, anchorDay } from './renewal-schedule.js';
import { billedStatus, periodTransaction } from './renewal-transaction.js';
import { hasPaymentMethod } from './rules/subscription-update.js';
import { ACCOUNTS, type WireRecord } from './types.js';

/** A move of the clock makes at most this many renewals (its transactions are what it holds in memory). */
export const MAX_RENEWALS_PER_MOVE = 250_000;

const at = (date: unknown): number | undefined => {
  const ms = typeof date === 'string' ? Date.parse(date) : Number.NaN;
  return Number.isFinite(ms) ? ms : undefined;
};

/** A scheduled change's effective_at, when it is one the clock carries out on this status. */
function scheduledAt(subscription: WireRecord): number | undefined {
  const change = subscription.scheduled_change as WireRecord | null | undefined;
  if (!change) return undefined;
  const due = subscription.status === 'paused' ? change.action === 'resume' : change.action !== 'resume';
  return due && subscription.status !== 'canceled' ? at(change.effective_at) : undefined;
}

/** When the clock passing a time next changes `subscription`; undefined: nothing will. */
function nextStepAt(account: Account, subscription: WireRecord): number | undefined {
  const scheduled = scheduledAt(subscription);
  const status = subscription.status;
  const next = status === 'active' || status === 'trialing' ? at(subscription.next_billed_at) : undefined;
  const dunning = status === 'past_due' ? dunningEndsAt(account, subscription) : undefined;
  const times = [scheduled, next, dunning].filter((t): t is number => t !== undefined);
  return times.length === 0 ? undefined : Math.min(...times);
}

/** The subscriptions of `account` whose next step falls in (fromMs, toMs], in a queue. */
function dueQueue(account: Account, fromMs: number, toMs: number): DueQueue {
  const queue = new DueQueue();
  for (const subscription of account.state.subscriptions.all()) {
    const atMs = nextStepAt(account, subscription);
    if (atMs !== undefined && atMs > fromMs && atMs <= toMs) queue.push({ subscription, atMs });
  }
  return queue;
}

/** A step that does not move a subscription on would repeat forever: a bug, never a hang. */
function stepped(due: Due, nextMs: number | undefined): number | undefined {
  if (nextMs !== undefined && nextMs <= due.atMs)
    throw new Error(`subscription ${due.subscription.id}: its next step ${nextMs} is not after ${due.atMs}`);
  return nextMs;
}

/** Renews `subscription` once, from its next_billed_at, and records the renewal's transaction. */
function renew(ctx: StepContext, subscription: WireRecord): void {
  const { account, ids, invoiceNumber } = ctx;
  const at = subscription.next_billed_at as string;
  const day = anchorDay(account.state, subscription);
  const period = { starts_at: at, ends_at: addCycles(at, subscription.billing_cycle, 1, day) };
  account.state.renewalAnchors.set(subscription.id, { next: period.ends_at, day });
  subscription.current_billing_period = period;
  subscription.next_billed_at = period.ends_at;
  subscription.updated_at = at;
  for (const item of subscription.items as WireRecord[]) {
    if (!item.recurring) continue;
    item.previously_billed_at = at;
    item.next_billed_at = period.ends_at;
    item.updated_at = at;
  }
  const status = billedStatus(subscription, false);
  const transaction = periodTransaction(account, ids, subscription, period, invoiceNumber, status);
  account.state.transactions.insert(transaction);
  ctx.emit({ kind: 'renewed', account: account.name, at, subscription, transaction });
}

/** The clock passed the subscription's next step at `atMs`: the one place a step is taken. */
function pass(ctx: StepContext, subscription: WireRecord, atMs: number): void {
  if (scheduledAt(subscription) === atMs) applyScheduledChange(ctx, subscription);
  else if (subscription.status === 'past_due') cancel(ctx, subscription, new Date(atMs).toISOString());
  else if (subscription.status === 'trialing') endTrial(ctx, subscription);
  else renew(ctx, subscription);
}

/** Takes the steps `subscription` has due up to `toMs` (one that a change left behind the clock). */
export function stepUpTo(ctx: StepContext, subscription: WireRecord, toMs: number): void {
  for (let atMs = nextStepAt(ctx.account, subscription); atMs !== undefined && atMs <= toMs; ) {
    pass(ctx, subscription, atMs);
    atMs = stepped({ subscription, atMs }, nextStepAt(ctx.account, subscription));
  }
}

/** Takes every step of `account` in (fromMs, toMs], soonest first; returns how many. */
function stepThrough(core: EmulatorCore, account: Account, fromMs: number, toMs: number): number {
  const queue = dueQueue(account, fromMs, toMs);
  const ctx = stepContext(core, account);
  let count = 0;
  for (let due = queue.pop(); due !== undefined; due = queue.pop()) {
    pass(ctx, due.subscription, due.atMs);
    count += 1;
    const nextMs = stepped(due, nextStepAt(account, due.subscription));
    if (nextMs !== undefined && nextMs <= toMs) queue.push({ subscription: due.subscription, atMs: nextMs });
  }
  return count;
}

/** Steps a cycle apart from `from` (kept on `day`) up to `toMs`, counted up to `limit` + 1. */
function cycleSteps(
  subscription: WireRecord,
  from: string,
  day: number,
  toMs: number,
  limit: number,
): number {
  let count = 0;
  let stepAt = from;
  for (let due: Due = { subscription, atMs: Date.parse(from) }; due.atMs <= toMs && count <= limit; ) {
    count += 1;
    stepAt = addCycles(stepAt, subscription.billing_cycle, 1, day);
    due = { subscription, atMs: stepped(due, Date.parse(stepAt)) as number };
  }
  return count;
}

/** The steps `subscription` takes in (fromMs, toMs], counted up to `limit` + 1 without taking them. */
function stepsOf(
  account: Account,
  subscription: WireRecord,
  fromMs: number,
  toMs: number,
  limit: number,
): number {
  const atMs = nextStepAt(account, subscription);
  if (atMs === undefined || atMs <= fromMs || atMs > toMs) return 0;
  const change = subscription.scheduled_change as WireRecord | null;
  const dayOf = (date: string) => new Date(date).getUTCDate();
  if (scheduledAt(subscription) === atMs && change) {
    if (change.action === 'cancel') return 1;
    if (change.action === 'resume')
      return cycleSteps(subscription, change.effective_at, dayOf(change.effective_at), toMs, limit);
    const resume = change.resume_at as string | null | undefined;
    return 1 + (resume ? cycleSteps(subscription, resume, dayOf(resume), toMs, limit) : 0);
  }
  if (subscription.status === 'past_due') return 1;
  if (subscription.status === 'trialing') return trialSteps(account, subscription, toMs, limit);
  const day = anchorDay(account.state, subscription);
  return cycleSteps(subscription, subscription.next_billed_at as string, day, toMs, limit);
}

/**
 * The steps of a trial that ends in (fromMs, toMs] (endTrial in lifecycle.ts): a cardless one is
 * canceled then, one whose payment fails goes past due and is canceled when its dunning ends, and
 * only one that is paid renews on, from the day its trial ends.
 */
function trialSteps(account: Account, subscription: WireRecord, toMs: number, limit: number): number {
  const endsAt = subscription.next_billed_at as string;
  if (!hasPaymentMethod(subscription)) return 1;
  if (account.state.failingTrials.has(subscription.id))
    return dunningEndsAfter(account, Date.parse(endsAt)) <= toMs ? 2 : 1;
  return cycleSteps(subscription, endsAt, new Date(endsAt).getUTCDate(), toMs, limit);
}

/** How many steps `account` takes in (fromMs, toMs], counted up to `limit` + 1 without taking them. */
function countSteps(account: Account, fromMs: number, toMs: number, limit: number): number {
  let count = 0;
  for (const subscription of account.state.subscriptions.all()) {
    count += stepsOf(account, subscription, fromMs, toMs, limit - count);
    if (count > limit) return count;
  }
  return count;
}

/** The renewals the clock has passed since it was last asked; both accounts. */
export class Renewals {
  constructor(private throughMs: number) {}

  /** From `nowMs` on only: what lies before it is history (start and reset). */
  restart(nowMs: number): void {
    this.throughMs = nowMs;
  }

  /** How many renewals a clock reading `toMs` would make now, counted up to `limit` + 1. */
  countUpTo(core: EmulatorCore, toMs: number, limit: number): number {
    let count = 0;
    for (const name of ACCOUNTS) {
      if (count > limit) break;
      count += countSteps(core.accounts[name], this.throughMs, toMs, limit - count);
    }
    return count;
  }

  /** Renews what fell due up to the clock's reading; returns how many renewals it made. */
  catchUp(core: EmulatorCore): number {
    const nowMs = core.now().getTime();
    // moved back: what falls due after the new reading renews when the clock passes it again
    if (nowMs < this.throughMs) this.throughMs = nowMs;
    if (nowMs === this.throughMs) return 0;
    let count = 0;
    for (const name of ACCOUNTS) count += stepThrough(core, core.accounts[name], this.throughMs, nowMs);
    this.throughMs = nowMs;
    return count;
  }
}
