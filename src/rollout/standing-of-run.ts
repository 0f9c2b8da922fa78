// The moves of a run (or of a dry run) as standing.ts takes them (pure). A dry run's are the plan's
// verdicts over the subscriptions it listed (what a run now would do: by-verdict.ts, as the review
// says it). A run's are what it did: the ones it moved, and each one it left predicted again at the
// run's clock (why it waits and until when, or why its mode will not move it), or as Paddle answered.
import type { ApplyResult } from '../apply/use-case.js';
import { noVerdicts, sortedWaits, tally } from '../moves/by-verdict.js';
import type { LeftSubscription } from '../moves/compile.js';
import { predictTaken } from '../moves/one-date.js';
import type { Prediction } from '../moves/predict.js';
import type { MoveResult } from '../moves/send.js';
import type { SubscriberMove, SubscriptionRecord } from '../planner/subscribers.js';
import { WAITS, WILL_NOT_MOVE } from '../planner/verdicts.js';
import type { StandingInput } from './standing.js';
import { PAST_DUE } from './verdict.js';

const sameMove = (a: SubscriberMove, b: SubscriberMove) =>
  a.from === b.from && a.to === b.to && a.fromId === b.fromId;

const pastDueOf = (subscription: SubscriptionRecord) => ({
  id: subscription.id,
  since: subscription.period_starts_at ?? null,
});

/** A dry run: each move's verdicts as the plan read them, and those of its subscriptions past due. */
export function dryRunMoves(
  moves: readonly SubscriberMove[],
  listed: readonly SubscriptionRecord[],
  now: number,
): StandingInput[] {
  const unique = [...new Map(listed.map((s) => [s.id, s])).values()];
  return moves.map((move) => {
    const on = unique.filter((s) => s.items.some((item) => item.price_id === move.fromId));
    const pastDue = on.filter((s) => predictTaken(move, s, moves, now).code === PAST_DUE);
    return {
      from: move.from,
      to: move.to,
      proration: move.proration,
      ...(move.verdicts ? { verdicts: move.verdicts } : {}),
      pastDue: pastDue.map(pastDueOf),
    };
  });
}

/** One the run left, predicted again now; where the prediction would send it, the run's own reason. */
function leftPrediction(left: LeftSubscription, moves: readonly SubscriberMove[], now: number): Prediction {
  const prediction = predictTaken(left.move, left.subscription, moves, now);
  if (prediction.verdict === WAITS || prediction.verdict === WILL_NOT_MOVE) return prediction;
  if (left.later === false) return { verdict: WILL_NOT_MOVE, code: left.code, reason: left.reason };
  return { verdict: WAITS, code: left.code, reason: left.reason, until: new Date(now).toISOString() };
}

/**
 * One the run sent and did not move: Paddle's "not now" (a lock) waits until a later run, its
 * refusal will not move with this mode, and one not sent because the run stopped waits for the next.
 */
function sentPrediction(result: MoveResult, now: number): Prediction {
  const code = result.code ?? result.status;
  if (result.status === 'left' && result.later !== true)
    return { verdict: WILL_NOT_MOVE, code, reason: result.reason ?? code };
  const reason = result.status === 'left' ? (result.reason ?? code) : 'not sent: the run stopped first';
  return { verdict: WAITS, code, reason, until: new Date(now).toISOString() };
}

/** A run: per move, the ones it moved, and each one it left, as it stands at `now`. */
export function runMoves(result: ApplyResult, now: number): StandingInput[] {
  const moves = result.plan.moves ?? [];
  const { outcome } = result;
  const unmoved = outcome.execution.moves.filter((m) => m.status !== 'moved');
  return moves.map((move, index) => {
    const verdicts = noVerdicts();
    verdicts.now = outcome.moves?.[index]?.moved ?? 0;
    const left = outcome.left.filter((l) => sameMove(l.move, move));
    for (const l of left) tally(verdicts, leftPrediction(l, moves, now), l.subscription.id);
    // a result names its target keys: each is counted under the first move to one of them
    const first = (r: MoveResult) => moves.find((m) => r.to.split(' ').includes(m.to)) === move;
    for (const r of unmoved.filter(first)) tally(verdicts, sentPrediction(r, now), r.subscription);
    const pastDue = left.filter((l) => l.code === PAST_DUE).map((l) => pastDueOf(l.subscription));
    return {
      from: move.from,
      to: move.to,
      proration: move.proration,
      verdicts: sortedWaits(verdicts),
      pastDue,
    };
  });
}
