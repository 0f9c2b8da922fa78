// Each move's subscriptions by what a run does with them (predict.ts), grouped for the plan: how many
// move now, how many wait and until when, which will not move with the move's mode and which mode
// would, and which Paddle's pages leave open. Pure: the subscriptions and the clock are given.

import type { SubscriberMove, SubscriptionRecord } from '../planner/subscribers.js';
import type { MoveVerdicts, RefusedGroup, UnpredictedGroup, WaitGroup } from '../planner/verdicts.js';
import { MOVES_NOW, NOT_PREDICTED, WAITS, WILL_NOT_MOVE, waitIsSent } from '../planner/verdicts.js';
import type { LeftSubscription, MovingSubscription } from './compile.js';
import { predictTaken, termsOf } from './one-date.js';
import { type Prediction, predictMove } from './predict.js';

export const predictPlanned = (planned: MovingSubscription, now: number): Prediction =>
  predictMove(planned.subscription, termsOf(planned.moves), now);

const day = (at: string | null | undefined) => (at ? at.slice(0, 10) : null);

/**
 * One move's subscriptions (each once) by verdict, each under the terms of every move of `moves`
 * that takes it (one-date.ts): as apply sends it.
 */
function verdictsOf(
  move: SubscriberMove,
  subscriptions: readonly SubscriptionRecord[],
  now: number,
  moves: readonly SubscriberMove[] = [move],
): MoveVerdicts {
  const rollout = noVerdicts();
  for (const subscription of subscriptions)
    tally(rollout, predictTaken(move, subscription, moves, now), subscription.id);
  return sortedWaits(rollout);
}

export const noVerdicts = (): MoveVerdicts => ({ now: 0, waits: [], refused: [], unpredicted: [] });

/** The waits in order of their day, those until paid (no day) last. */
export function sortedWaits(rollout: MoveVerdicts): MoveVerdicts {
  rollout.waits.sort((a, b) => (a.until ?? '9999').localeCompare(b.until ?? '9999'));
  return rollout;
}

/** Counts one subscription's prediction into its move's verdicts (`id`: the subscription's). */
export function tally(rollout: MoveVerdicts, prediction: Prediction, id: string): void {
  const reason = prediction.reason ?? '';
  if (prediction.verdict === MOVES_NOW) rollout.now += 1;
  else if (prediction.verdict === WAITS) addWait(rollout.waits, prediction, reason);
  else if (prediction.verdict === WILL_NOT_MOVE) {
    const group = groupOf(rollout.refused, reason, () => ({
      code: prediction.code ?? '',
      reason,
      modes: prediction.modes ?? [],
      subscriptions: [],
    }));
    group.subscriptions.push(id);
  } else if (prediction.verdict === NOT_PREDICTED) {
    const group = groupOf<UnpredictedGroup>(rollout.unpredicted, reason, () => ({
      reason,
      subscriptions: [],
    }));
    group.subscriptions.push(id);
  }
}

function addWait(waits: WaitGroup[], prediction: Prediction, reason: string): void {
  const until = day(prediction.until);
  const code = prediction.code ?? '';
  const found = waits.find((w) => w.code === code && w.until === until && w.reason === reason);
  if (found) found.count += 1;
  else waits.push({ code, reason, until, count: 1 });
}

function groupOf<G extends RefusedGroup | UnpredictedGroup>(groups: G[], reason: string, make: () => G): G {
  const found = groups.find((g) => g.reason === reason);
  if (found) return found;
  const made = make();
  groups.push(made);
  return made;
}

/**
 * Sent, and Paddle answers: what moves now, what Paddle's pages leave open, and what waits for a
 * 30-minute lock (over in minutes, maybe before the PATCH or a script runs; Paddle then says "not
 * now" and a later run moves it, as before). A lock is only ever the reason once the move's
 * bills_from is reached (predict.ts: a wait for the date outranks it), so no PATCH a lock lets
 * through bills the target before that date.
 */
const sent = (prediction: Prediction) =>
  prediction.verdict === MOVES_NOW ||
  prediction.verdict === NOT_PREDICTED ||
  (prediction.verdict === WAITS && waitIsSent(prediction.code ?? ''));

/** Why a run does not send a subscription's PATCH now; `later`: it waits, and a later run moves it. */
export interface NotSent {
  code: string;
  reason: string;
  later: boolean;
}

/**
 * Whether `moving` is sent at `now` (undefined: send it), by predict.ts: one that waits (past_due,
 * bills_from not reached) is not, nor one the move's mode will not move. Asked when the run lists
 * the subscriptions, and again of each batch as it is read just before its PATCHes (batches.ts).
 */
export function notSent(moving: MovingSubscription, now: number): NotSent | undefined {
  const prediction = predictPlanned(moving, now);
  const [move] = moving.moves;
  if (move === undefined || sent(prediction)) return undefined;
  return {
    code: prediction.code ?? '',
    reason: whyNotSent(prediction, move),
    later: prediction.verdict === WAITS,
  };
}

/**
 * A run's subscriptions to move, less those it will not send (notSent): one that waits is left for a
 * later run; one the move's mode will not move is left, naming the modes that would.
 */
export function predicted(
  run: { planned: MovingSubscription[]; left: LeftSubscription[] },
  now: number,
): { planned: MovingSubscription[]; left: LeftSubscription[] } {
  const planned: MovingSubscription[] = [];
  const left = [...run.left];
  for (const moving of run.planned) {
    const why = notSent(moving, now);
    const [move] = moving.moves;
    if (move === undefined || why === undefined) {
      planned.push(moving);
      continue;
    }
    const reason = why.later ? `${why.reason}; a later run moves it` : why.reason;
    left.push({ move, subscription: moving.subscription, ...why, reason });
  }
  return { planned, left };
}

/** `waits: past due until paid`, or the mode's refusal and the modes that would. */
function whyNotSent(prediction: Prediction, move: SubscriberMove): string {
  const reason = prediction.reason ?? prediction.code ?? '';
  if (prediction.verdict === WAITS) {
    const until = day(prediction.until);
    return `${WAITS}: ${reason}${until ? ` (until ${until})` : ''}`;
  }
  const modes = prediction.modes ?? [];
  const works = modes.length > 0 ? `${modes.join(' or ')} would move it` : 'no mode moves it';
  return `${WILL_NOT_MOVE} (${move.proration}): ${reason}, Paddle's ${prediction.code ?? ''}; ${works}`;
}

/** The plan's moves, each with its rollout over the subscriptions listed on its source. */
export function withVerdicts(
  moves: readonly SubscriberMove[],
  listed: readonly SubscriptionRecord[],
  now: number,
): SubscriberMove[] {
  const unique = [...new Map(listed.map((s) => [s.id, s])).values()];
  return moves.map((move) => {
    if (move.fromId === null || move.blocked !== undefined) return move;
    const on = unique.filter((s) => s.items.some((item) => item.price_id === move.fromId));
    return { ...move, verdicts: verdictsOf(move, on, now, moves) };
  });
}
