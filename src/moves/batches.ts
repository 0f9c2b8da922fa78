// Just before a batch of subscriptions is moved, the batch is read again: one list request with
// Paddle's `id` filter (https://developer.paddle.com/api-reference/subscriptions/list-subscriptions),
// sent when the first move of the batch is about to be. A subscription whose items changed since the
// run read them is left (compile.ts, changedSinceRead). The read and the batch's PATCHes take their
// places under the rate limit together, before the read (pacer.ts): they go out at once, not some now
// and the rest once the minute is over. No PATCH is sent on a read older than READ_FRESH_MS (its
// places lapse), nor after a back-off (a 429, a 5xx, a dropped connection): the batch is read
// again, on new places, before it goes on. So the window in which a change made
// elsewhere could be overwritten is the seconds between a batch's read and its PATCH, not the whole run.
// Each is predicted again from that read (its status, next_billed_at, scheduled change) at the
// account's time then (by-verdict.ts, notSent): a run may last an hour, and one that now waits for its
// bills_from, a payment, or will not move with the mode, is not sent.
import { InternalError, UserError } from '../errors.js';
import type { AccountTime } from '../paddle/account-time.js';
import type { Calls, HeldCalls } from '../paddle/calls.js';
import type { SubscriptionRecord, SubscriptionsGateway } from '../planner/subscribers.js';
import { type NotSent, notSent } from './by-verdict.js';
import { changedSinceRead, type MoveOperation, type MovingSubscription } from './compile.js';

/**
 * Subscriptions read again per request: Paddle documents no maximum for `id`, so a batch keeps the
 * URL under 2,000 characters (50 ids of 30 characters, commas encoded); it is one page (Paddle's
 * `per_page` goes to 200), one list request for 50 PATCHes.
 */
const MOVE_BATCH_SIZE = 50;

/**
 * The oldest read a move is sent on: a batch's places are held this long after they are taken. At
 * Paddle's 240 a minute a batch's 51 requests fit in the window at once; its PATCHes take a few
 * seconds (8 in flight), and BENCHMARKS.md has the longest gap measured.
 */
const READ_FRESH_MS = 15_000;

/**
 * A batch's read and at least one of its PATCHes must fit in the window at once: under 2 requests a
 * minute, none could be sent on a fresh read (0 turns pacing off).
 */
export function refuseSlowMoves(moving: number, requestsPerMinute: number): void {
  if (moving === 0 || requestsPerMinute !== 1) return;
  throw new UserError(
    '--rate-limit 1 cannot move subscribers: each batch is read again and sent at once, two requests or more a minute',
    'use --rate-limit 2 or more (Paddle allows 240 a minute)',
  );
}

/**
 * A move's subscription as its batch was last read, and the places to send the move on.
 * @public docs/architecture.md's glossary names it (test/architecture/glossary.test.ts).
 */
export interface MoveRead {
  hold: HeldCalls;
  /** the subscription as read (undefined: the read did not find it) */
  now: SubscriptionRecord | undefined;
  /** why it is not sent (undefined: send it) */
  changed?: NotSent;
}

/**
 * Asked before each attempt to send a move: its batch's read, read again first when there is none,
 * or when `stale` (the places its last attempt started on, or found lapsed) are still the latest.
 */
export type MoveCheck = (op: MoveOperation, stale?: HeldCalls) => Promise<MoveRead>;

interface BatchRead {
  hold: HeldCalls;
  records: Map<string, SubscriptionRecord>;
}

/** Checks the moves of `planned` (in the order they run) against a fresh read of their batch. */
export function batchCheck(
  planned: readonly MovingSubscription[],
  calls: Calls,
  gateway: SubscriptionsGateway,
  time: AccountTime,
  size = MOVE_BATCH_SIZE,
): MoveCheck {
  const place = new Map(planned.map((p, i) => [p.subscription.id, i]));
  const latest = new Map<number, Promise<BatchRead>>();

  const readBatch = async (batch: number): Promise<BatchRead> => {
    const ids = planned.slice(batch * size, (batch + 1) * size).map((p) => p.subscription.id);
    const operation = `read ${ids.length} subscriptions again before moving them`;
    const hold = await calls.hold(1 + ids.length, READ_FRESH_MS);
    const records = await calls.runPaced((pace) =>
      gateway.read(operation, ids, async () => {
        if (!hold.take('read')) await pace();
      }),
    );
    return { hold, records: new Map(records.map((r) => [r.id, r])) };
  };

  const readFor = async (batch: number, stale?: HeldCalls): Promise<BatchRead> => {
    const current = latest.get(batch);
    if (current !== undefined) {
      const read = await current;
      if (read.hold !== stale) return read;
      // another move of the batch has read it again meanwhile
      if (latest.get(batch) !== current) return readFor(batch, stale);
    }
    const next = readBatch(batch);
    latest.set(batch, next);
    return next;
  };

  return async (op, stale) => {
    const i = place.get(op.target);
    const move = i === undefined ? undefined : planned[i];
    if (i === undefined || move === undefined) throw new InternalError(`${op.id} is not a planned move`);
    const read = await readFor(Math.floor(i / size), stale);
    const now = read.records.get(op.target);
    const changed =
      changedSinceRead(move, now) ?? (now && notSent({ ...move, subscription: now }, time.now()));
    return { hold: read.hold, now, ...(changed ? { changed } : {}) };
  };
}
