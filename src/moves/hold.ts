// A price whose subscribers move away (a catalog's `subscribers_from`) is archived in the same run
// only once none is left on it: counted just before its archive is sent, so a subscription Paddle
// would not change now (locked near its renewal), one left for a reason of ours, or one that joined
// the price meanwhile keeps it active. Paddle keeps an archived price on the subscriptions that bill
// it (https://developer.paddle.com/api-reference/about/delete-entities), so archiving it under
// them would leave them where no later run's move would be reviewed as one; a later run moves them,
// then archives it. A count taken once every move of the run has ended (the archive waited for them
// all) is after the last PATCH, as the verification's must be: the verification reads it instead of
// listing the same subscriptions again (stage.ts, stillOnSources).
import type { Operation } from '../operations/compile.js';
import type { Calls } from '../paddle/calls.js';
import { type Counted, countSubscribers } from '../paddle/subscriber-counts.js';
import { totalOf } from '../planner/counts.js';
import { NO_SUBSCRIBERS, type SubscriptionsGateway } from '../planner/subscribers.js';
import type { Plan } from '../planner/types.js';
import { plural } from '../text/plural.js';

/** Why an archive is held now; undefined: send it. */
export type ArchiveCheck = (op: Operation) => Promise<string | undefined>;

/**
 * The run's moves (their operation ids), and where the counts taken after all of them are kept: a
 * --dedupe twin's archive waits only for the moves off that twin, so its count may come before others.
 */
interface AfterMoves {
  moves: readonly string[];
  counted: Map<string, Counted>;
}

/** @internal A table test holds which archives count after every move. */
export function waitsForEveryMove(op: Operation, moves: readonly string[]): boolean {
  const after = new Set(op.after);
  return moves.every((id) => after.has(id));
}

/**
 * The check of the archives of move sources, a --dedupe twin's included (its refusal before the run
 * covers what the plan can see; a subscription Paddle locks is found only as it is sent); none
 * without moves.
 */
export function archiveHold(
  plan: Plan,
  calls: Calls,
  gateway: SubscriptionsGateway | undefined,
  afterMoves?: AfterMoves,
): ArchiveCheck | undefined {
  const sources = new Set((plan.moves ?? []).flatMap((m) => (m.fromId !== null ? [m.fromId] : [])));
  if (sources.size === 0 || gateway === undefined) return undefined;
  return async (op) => {
    if (op.kind !== 'price' || typeof op.target !== 'string' || !sources.has(op.target)) return undefined;
    const counts = await countSubscribers(gateway, calls, [op.target]);
    if (afterMoves && waitsForEveryMove(op, afterMoves.moves))
      for (const [id, counted] of counts) afterMoves.counted.set(id, counted);
    const total = totalOf(counts.get(op.target)?.counts ?? NO_SUBSCRIBERS);
    if (!('uncounted' in total) && total.n === 0) return undefined;
    const how =
      'uncounted' in total
        ? 'subscriptions not counted'
        : `${plural(total.n, 'subscription')}${total.moreThan ? ' or more' : ''} still on it`;
    return `${how}: it stays active, and a later apply archives it once they have moved`;
  };
}
