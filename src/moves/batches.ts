// Just before a batch of subscriptions is moved, the batch is read again: one list request with
// Paddle's `id` filter (https://developer.paddle.com/api-reference/subscriptions/list-subscriptions),
// sent when the first move of the batch is about to be. A subscription whose items changed since the
// run read them is left (compile.ts, changedSinceRead), so the window in which a change
// made elsewhere could be overwritten is a batch's few seconds, not the whole run.
import { InternalError } from '../errors.js';
import type { Calls } from '../paddle/calls.js';
import type { SubscriptionRecord, SubscriptionsGateway } from '../plan/subscribers.js';
import {
  type ChangedSinceRead,
  changedSinceRead,
  type MoveOperation,
  type MovingSubscription,
} from './compile.js';

/**
 * Subscriptions read again per request: Paddle documents no maximum for `id`, so a batch keeps the
 * URL under 2,000 characters (50 ids of 30 characters, commas encoded); it is one page (Paddle's
 * `per_page` goes to 200), one list request for 50 PATCHes, and about 12 s of them at 240 a minute.
 */
export const MOVE_BATCH_SIZE = 50;

/** Why a move is not sent now, asked just before it would be; undefined: send it. */
export type MoveCheck = (op: MoveOperation) => Promise<ChangedSinceRead | undefined>;

/** Checks the moves of `planned` (in the order they run) against a fresh read of their batch. */
export function batchCheck(
  planned: readonly MovingSubscription[],
  calls: Calls,
  gateway: SubscriptionsGateway,
  size = MOVE_BATCH_SIZE,
): MoveCheck {
  const place = new Map(planned.map((p, i) => [p.subscription.id, i]));
  const reads = new Map<number, Promise<Map<string, SubscriptionRecord>>>();
  const readBatch = (batch: number) => {
    const ids = planned.slice(batch * size, (batch + 1) * size).map((p) => p.subscription.id);
    const operation = `read ${ids.length} subscriptions again before moving them`;
    const read = calls
      .runPaced((pace) => gateway.read(operation, ids, pace))
      .then((records) => new Map(records.map((r) => [r.id, r])));
    reads.set(batch, read);
    return read;
  };
  return async (op) => {
    const i = place.get(op.target);
    const move = i === undefined ? undefined : planned[i];
    if (i === undefined || move === undefined) throw new InternalError(`${op.id} is not a planned move`);
    const batch = Math.floor(i / size);
    const read = await (reads.get(batch) ?? readBatch(batch));
    return changedSinceRead(move, read.get(op.target));
  };
}
