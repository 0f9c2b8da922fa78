// The subscriptions a run moves, read when it runs: every subscription still on a source price (so
// a run stopped halfway is finished by the next one, which finds only those), compiled with the
// catalog's operations into one list; and, to verify, how many are left on each source price.
import { InternalError } from '../errors.js';
import { compileOperations, idsAfterGroups } from '../operations/compile.js';
import type { Calls } from '../paddle/calls.js';
import { isForbidden } from '../paddle/remote-error.js';
import { type Counted, countSubscribers } from '../paddle/subscriber-counts.js';
import { breakdownByPrice } from '../planner/subscriber-breakdown.js';
import {
  countListed,
  MOVED_STATUSES,
  NO_SUBSCRIBERS,
  type SubscriberCounts,
  type SubscriptionRecord,
  type SubscriptionsGateway,
} from '../planner/subscribers.js';
import type { Plan } from '../planner/types.js';
import { predicted, withVerdicts } from './by-verdict.js';
import {
  type AnyOperation,
  type LeftSubscription,
  type MovingSubscription,
  moveOperations,
  subscriptionMoves,
  withMoves,
} from './compile.js';

export interface CompiledRun {
  /** the plan, each move counted on its source price as this run listed it (what apply shows) */
  plan: Plan;
  operations: AnyOperation[];
  /** how many subscriptions this run asks Paddle to move */
  moving: number;
  /** the subscriptions it asks Paddle to move, each with the moves that take it */
  planned: MovingSubscription[];
  /** subscriptions the tool leaves without asking Paddle (compile.ts says why) */
  left: LeftSubscription[];
}

const sourceIds = (plan: Plan) => (plan.moves ?? []).flatMap((m) => (m.fromId === null ? [] : [m.fromId]));

function gatewayFor(subscriptions: SubscriptionsGateway | undefined): SubscriptionsGateway {
  if (subscriptions === undefined)
    throw new InternalError('a plan that moves subscribers needs a subscriptions gateway');
  return subscriptions;
}

/**
 * Each move counted on its source price as listed: by status, and by currency and scheduled change
 * (plan and apply show the same lines of it).
 */
function countedOnSources(plan: Plan, listed: readonly SubscriptionRecord[]) {
  const breakdowns = breakdownByPrice(sourceIds(plan), listed);
  return countListed(plan.moves ?? [], listed).map((move) =>
    move.fromId === null ? move : { ...move, breakdown: breakdowns.get(move.fromId) },
  );
}

/** The catalog's operations, and one move per subscription on a source price now. */
export async function compileRun(
  plan: Plan,
  calls: Calls,
  subscriptions: SubscriptionsGateway | undefined,
  now: number,
): Promise<CompiledRun> {
  const catalogOps = compileOperations(plan);
  const sources = sourceIds(plan);
  if (sources.length === 0) return { plan, operations: catalogOps, moving: 0, planned: [], left: [] };
  const gateway = gatewayFor(subscriptions);
  // one request per page: each is paced, or a long list overruns the rate limit
  const listed = await calls.runPaced((pace) =>
    gateway.list('list subscriptions on the source prices', sources, MOVED_STATUSES, pace),
  );
  const { planned, left } = predicted(subscriptionMoves(plan.moves ?? [], listed), now);
  const moves = moveOperations(planned, catalogOps, idsAfterGroups(plan));
  return {
    plan: { ...plan, moves: countedOnSources(plan, listed) },
    operations: withMoves(plan, catalogOps, moves, planned),
    moving: moves.length,
    planned,
    left,
  };
}

/** One source price and the subscriptions still on it, by status. */
export interface StillOnSource {
  from: string;
  to: string;
  /** the source price's id (a key's twins share its key) */
  id: string;
  subscribers: SubscriberCounts;
}

/**
 * Counts what is still on each source price (verify), all sources at once: those `counted` already
 * after the run's last PATCH (the archive's hold, hold.ts) are not counted again.
 */
export async function stillOnSources(
  plan: Plan,
  calls: Calls,
  subscriptions: SubscriptionsGateway | undefined,
  counted: ReadonlyMap<string, Counted> = new Map(),
): Promise<StillOnSource[]> {
  const moves = (plan.moves ?? []).filter((m) => m.fromId !== null);
  if (moves.length === 0) return [];
  const uncounted = sourceIds(plan).filter((id) => !counted.has(id));
  const fresh =
    uncounted.length === 0 ? [] : await countSubscribers(gatewayFor(subscriptions), calls, uncounted);
  const counts = new Map([...counted, ...fresh]);
  return moves.map((move) => ({
    from: move.from,
    to: move.to,
    id: move.fromId as string,
    subscribers: { ...(counts.get(move.fromId as string)?.counts ?? NO_SUBSCRIBERS) },
  }));
}

/**
 * The plan with each move's subscriptions listed on its source price, counted by status and each
 * predicted (what this run would do with it, by-verdict.ts) at `now`, and the subscriptions as listed
 * (what plan --notices-out tells of, with no second read). A key without subscription.read (Paddle
 * answers 403) leaves them unread: the review says so, the plan goes on.
 */
export async function withSubscriberVerdicts(
  plan: Plan,
  calls: Calls,
  subscriptions: SubscriptionsGateway | undefined,
  now: number,
): Promise<{ plan: Plan; listed?: SubscriptionRecord[] }> {
  if (plan.moves === undefined || subscriptions === undefined) return { plan };
  const sources = sourceIds(plan);
  if (sources.length === 0) return { plan, listed: [] };
  try {
    // one request per page: each is paced, or a long list overruns the rate limit
    const listed = await calls.runPaced((pace) =>
      subscriptions.list('list subscriptions on the source prices', sources, MOVED_STATUSES, pace),
    );
    return { plan: { ...plan, moves: withVerdicts(countedOnSources(plan, listed), listed, now) }, listed };
  } catch (error) {
    if (isForbidden(error)) return { plan };
    throw error;
  }
}
