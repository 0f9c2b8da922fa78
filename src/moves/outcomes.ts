// What each subscriber move came to in one run: the subscriptions on its source price when the run
// listed them, how many it moved, how many it left because they changed since, and how many verify
// still counts there. Pure: the run's listing,
// its results and verify's counts are given.
import type { SubscriberCounts, SubscriberMove } from '../planner/subscribers.js';
import { CHANGED_SINCE_READ, type MovingSubscription } from './compile.js';
import type { MoveResult } from './send.js';
import type { StillOnSource } from './stage.js';

export interface MoveOutcome {
  from: string;
  to: string;
  /** on the source price when this run listed them; absent for a source not made yet */
  found?: SubscriberCounts;
  /** subscriptions this run moved off the source */
  moved: number;
  /** subscriptions it left because their items changed since it read them (not sent) */
  changed: number;
  /** still on the source after the run, as verify counts them; absent when the run did not get there */
  left?: SubscriberCounts;
  /** --dedupe: the source is this twin of the key, its subscribers moved to the kept twin `kept` */
  twin?: { id: string; kept: string };
}

/** One outcome per move of the plan, in the plan's order. */
export function moveOutcomes(
  moves: readonly SubscriberMove[],
  planned: readonly MovingSubscription[],
  results: readonly MoveResult[],
  stillOn: readonly StillOnSource[] | undefined,
): MoveOutcome[] {
  // by the source's id: a key's twins and the key itself share one key
  const sources = new Map(planned.map((p) => [p.subscription.id, new Set(p.moves.map((m) => m.fromId))]));
  const moved = results.filter((r) => r.status === 'moved');
  const changed = results.filter((r) => r.code === CHANGED_SINCE_READ);
  const on = (move: SubscriberMove) => (r: MoveResult) => sources.get(r.subscription)?.has(move.fromId);
  return moves.map((move) => {
    const left = stillOn?.find((s) => s.id === move.fromId)?.subscribers;
    const twin = move.duplicateOf && move.fromId ? { id: move.fromId, kept: move.duplicateOf } : undefined;
    return {
      from: move.from,
      to: move.to,
      ...(move.subscribers ? { found: move.subscribers } : {}),
      moved: moved.filter(on(move)).length,
      changed: changed.filter(on(move)).length,
      ...(left ? { left } : {}),
      ...(twin ? { twin } : {}),
    };
  });
}
