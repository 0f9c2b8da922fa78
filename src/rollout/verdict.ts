// What a scheduled run came to, for the person who reads the job (pure): done (everyone moved, the
// old prices archived), in progress (the rest waits for a date or a payment: nothing needs anyone),
// or needs a person, naming each thing: a subscription the move's mode will not move or the tool
// leaves for the team (items to merge, moves that bill differently), Paddle's error
// (a key without a permission among them), one waiting for payment longer than --fail-after, a key
// with two active objects.
import type { ApplyResult } from '../apply/use-case.js';
import { CHANGED_SINCE_READ } from '../moves/compile.js';
import { shown } from '../text/escape.js';

export const PAST_DUE = 'subscription_update_when_past_due';
const DAY_MS = 86_400_000;

type RolloutState = 'done' | 'in-progress' | 'needs-attention';

export interface RolloutVerdict {
  state: RolloutState;
  /** what a person must see to, one line each (empty unless `needs-attention`) */
  needs: string[];
  /** subscriptions waiting for a date or a payment, a later run moves them */
  waiting: number;
  /** past-due subscriptions waiting for payment, and since when (their unpaid period's start) */
  pastDue: { id: string; since: string | null }[];
}

/**
 * `now`: the run's clock; `failAfterDays`: how long a subscription may wait for payment. Paddle bills
 * a renewal at the start of the billing period, and an automatically-collected renewal whose payment
 * fails makes the subscription past due
 * (https://developer.paddle.com/webhooks/transactions/transaction-past-due), so its
 * `current_billing_period.starts_at` says since when it owes it
 * (https://developer.paddle.com/api-reference/subscriptions/overview).
 */
export function rolloutVerdict(result: ApplyResult, now: number, failAfterDays: number): RolloutVerdict {
  const { outcome } = result;
  const { error, interrupted } = outcome.execution;
  const needs: string[] = [];
  if (error) needs.push(`Paddle's error: ${shown(error.code)}: ${shown(error.message)}`);
  if (interrupted) needs.push('the run was stopped before it finished');
  for (const d of outcome.remaining?.duplicates ?? [])
    needs.push(`${d.kind} ${shown(d.key)} has more than one active object`);
  const pastDue: RolloutVerdict['pastDue'] = [];
  let waiting = 0;
  for (const left of outcome.left) {
    // one that left the source price since it was read has nothing left to move
    if (left.code === CHANGED_SINCE_READ && left.later === false) continue;
    if (left.later !== true) {
      // the mode will not move it, or the tool will not decide for the team (compile.ts): the reason says which
      needs.push(`${shown(left.subscription.id)}: ${shown(left.reason)}`);
      continue;
    }
    waiting += 1;
    if (left.code !== PAST_DUE) continue;
    pastDue.push({ id: left.subscription.id, since: left.subscription.period_starts_at ?? null });
  }
  needs.push(...overdue(pastDue, now, failAfterDays));
  const state = needs.length > 0 ? 'needs-attention' : outcome.verified ? 'done' : 'in-progress';
  return { state, needs, waiting, pastDue };
}

/** Each one waiting for payment longer than --fail-after days, in a line that names it. */
export function overdue(pastDue: RolloutVerdict['pastDue'], now: number, failAfterDays: number): string[] {
  return pastDue.flatMap(({ id, since }) =>
    since !== null && now - Date.parse(since) > failAfterDays * DAY_MS
      ? [
          `${shown(id)} has waited for payment since ${shown(since.slice(0, 10))}, more than --fail-after ${failAfterDays} days`,
        ]
      : [],
  );
}
