// What apply says of the subscribers it moved: in --json a `subscribers` member, and when a run
// leaves some on a source price, what is left where and why (Paddle's code and words).

import type { ApplyOutcome } from '../../apply/use-case.js';
import type { LeftSubscription } from '../../moves/compile.js';
import type { MoveResult } from '../../moves/send.js';
import type { KeyResult } from '../../operations/results.js';
import { countsJson } from '../../planner/counts.js';
import { WAITS, WILL_NOT_MOVE } from '../../planner/verdicts.js';
import type { Reporter } from '../../terminal/reporter.js';
import { shown } from '../../text/escape.js';
import { plural } from '../../text/plural.js';
import { statusCounts } from '../plan/counts.js';

/** A subscription no move takes, as --json gives it (apply's and plan --emit's). */
export const leftDocument = (l: LeftSubscription) => ({
  subscription: l.subscription.id,
  to: l.move.to,
  code: l.code,
  reason: l.reason,
  ...(l.later === undefined ? {} : { verdict: l.later ? WAITS : WILL_NOT_MOVE }),
});

/** The subscriptions a stopped run did not move: the move refused for every one, and those it did not send. */
const unmoved = (moves: readonly MoveResult[]) =>
  moves.filter((m) => m.status === 'failed' || m.status === 'skipped').length;

/**
 * After a failure that stopped the moves (Paddle refused the first one for every subscription, e.g.
 * a key without subscription.write): how far the run got, and how a run with the cause fixed ends it.
 */
export function movesStoppedLines(
  { results, outcome }: { results: readonly KeyResult[]; outcome: ApplyOutcome },
  again: string,
): string[] {
  const { moves, error } = outcome.execution;
  if (unmoved(moves) === 0) return [];
  const moved = moves.filter((m) => m.status === 'moved').length;
  const applied = results.filter((r) => r.status === 'applied').length;
  const permissions = error?.details.permissions ?? [];
  const fix =
    permissions.length > 0
      ? `With a key that has ${permissions.join(' and ')}, `
      : 'Once the cause is fixed, ';
  return [
    `The subscriber moves stopped at that refusal: ${moved.toLocaleString('en-US')} of ${plural(moves.length, 'subscription')} moved, none other sent; applied before them and kept: ${plural(applied, 'change')} (above).`,
    `${fix}${again}: it keeps what is made and moves the subscriptions still on a source price.`,
  ];
}

/**
 * `subscribers` of apply --json, with `perMove` (move-outcomes.ts) as its `moves`; absent when the
 * catalog moves no one.
 */
export function subscribersDocument(outcome: ApplyOutcome, perMove: readonly object[] = []) {
  const { moves } = outcome.execution;
  const none = outcome.moves === undefined && moves.length === 0 && outcome.left.length === 0;
  if (none && outcome.stillOnSources === undefined) return {};
  const left = [
    ...outcome.left.map(leftDocument),
    ...moves
      .filter((m) => m.status === 'left')
      .map((m) => ({ subscription: m.subscription, to: m.to, code: m.code, reason: m.reason })),
  ];
  const stopped = unmoved(moves);
  return {
    subscribers: {
      moved: moves.filter((m) => m.status === 'moved').length,
      left,
      ...(stopped > 0 ? { stopped } : {}),
      ...(outcome.stillOnSources
        ? {
            on_sources: outcome.stillOnSources.map((s) => ({
              ...s,
              ...countsJson('subscribers', s.subscribers),
            })),
          }
        : {}),
      ...(outcome.moves ? { moves: perMove } : {}),
    },
  };
}

/** The subscriptions still on a source price, per price and status, and what to do. */
export function renderSubscribersLeft(outcome: ApplyOutcome, out: Reporter): void {
  const counted = (outcome.stillOnSources ?? []).filter((s) =>
    Object.values(s.subscribers).some((n) => n !== 0),
  );
  if (counted.length === 0 && outcome.left.length === 0) return;
  for (const { from, to, subscribers } of counted) {
    out.info(`  subscribers still on ${shown(from)} (to move to ${shown(to)}): ${statusCounts(subscribers)}`);
  }
  for (const l of outcome.left) {
    out.info(`  ! ${shown(l.subscription.id)} left on its price: ${shown(l.reason)}`);
  }
  // "a later run moves it" only for what waits: what the mode will not move, no later run moves
  const refused = outcome.left.filter((l) => l.later === false).length;
  const still = counted.reduce((n, s) => n + Object.values(s.subscribers).reduce((a, b) => a + b, 0), 0);
  if (refused < outcome.left.length || still > refused) {
    out.info('Run apply again later: it moves only the subscriptions still on a source price.');
  }
  if (refused > 0) {
    out.info(
      `${refused} will not move with this mode: change the move's proration to one named above, or the subscriptions in Paddle; a later run as the catalog stands leaves them.`,
    );
  }
}
