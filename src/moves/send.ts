// Sending one subscriber move, and how it ended. Paddle refuses to change some subscriptions for
// reasons of their own (its error reference, developer.paddle.com/errors/subscriptions/…): within
// 30 minutes of a renewal or of processing, with pending changes, paused with a mode that bills
// now. Such a subscription is left as it is and listed with Paddle's code and words; the others move
// on, and the run then ends not converged, so the next run moves what is still on a source price.
import { InternalError, RemoteError } from '../errors.js';
import type { Calls, HeldCalls } from '../paddle/calls.js';
import { SUBSCRIPTION_LOCK_CODES } from '../paddle-facts/subscriptions.js';
import type { SubscriptionItem, SubscriptionsGateway } from '../planner/subscribers.js';
import type { MoveCheck } from './batches.js';
import { type MoveBody, type MoveOperation, sameItems } from './compile.js';

export interface MoveResult {
  /** the operation's id, `move subscription sub_…` */
  op: string;
  subscription: string;
  /** the target price keys */
  to: string;
  /**
   * left: Paddle will not change it (code and reason are Paddle's), or its items changed since the
   * run read them (our `changed_since_read`, not sent); skipped: not sent (a stop)
   */
  status: 'moved' | 'left' | 'failed' | 'skipped';
  code?: string;
  reason?: string;
  /** "not now" (Paddle's refusal, or changed since read while still on a source): a later run moves it */
  later?: boolean;
}

/** Refusals of one subscription (Paddle's `subscription_…` codes) leave it; any other failure stops the run. */
const refusesThisOne = (error: RemoteError) => error.details.code.startsWith('subscription_');

/**
 * PATCHes one subscription (paced and retried like every write) unless `check`, asked before each
 * attempt, says why not (batches.ts); a refusal of it is a result, not a throw. `body` is resolved: a
 * target made by this run is its id now.
 */
export async function sendMove(
  op: MoveOperation,
  body: MoveBody,
  calls: Calls,
  gateway: SubscriptionsGateway | undefined,
  check?: MoveCheck,
): Promise<MoveResult> {
  if (gateway === undefined) throw new InternalError(`${op.id}: no subscriptions gateway to send it`);
  const operation = `move subscription ${op.target} to ${op.key}`;
  const base = { op: op.id, subscription: op.target, to: op.key };
  const moved: MoveResult = { ...base, status: 'moved' };
  const items = body.items as SubscriptionItem[];
  const patch = async () => {
    await gateway.updateItems(operation, op.target, items, body.proration_billing_mode);
    return moved;
  };
  const ready =
    (on: MoveCheck) =>
    async (stale?: HeldCalls): Promise<{ hold: HeldCalls } | { done: MoveResult }> => {
      const read = await on(op, stale);
      // read again after an attempt whose answer was lost: Paddle may have taken it
      if (stale !== undefined && read.now !== undefined && sameItems(items, read.now.items))
        return { done: moved };
      if (read.changed) return { done: { ...base, status: 'left', ...read.changed } };
      return { hold: read.hold };
    };
  try {
    return await (check === undefined
      ? calls.run('write', patch)
      : calls.runHeld('write', ready(check), patch));
  } catch (error) {
    if (!(error instanceof RemoteError) || !refusesThisOne(error)) throw error;
    const { code, detail } = error.details;
    return { ...base, status: 'left', code, reason: detail, later: SUBSCRIPTION_LOCK_CODES.includes(code) };
  }
}

export const skippedMove = (op: MoveOperation, status: 'failed' | 'skipped'): MoveResult => ({
  op: op.id,
  subscription: op.target,
  to: op.key,
  status,
});

/**
 * A run's first move goes alone, the others once it has ended: a refusal about every subscription
 * (a key without subscription.write gets Paddle's 403 for each) then stops the moves after one
 * PATCH, not after a pool's worth of them.
 */
export class FirstMoveAlone {
  private first?: { op: string; ended: Promise<void>; end: () => void };

  /** At once for the first move that asks, for the others once that one has ended. */
  async before(op: string): Promise<void> {
    if (this.first !== undefined) return this.first.ended;
    let end = () => {};
    const ended = new Promise<void>((resolve) => {
      end = resolve;
    });
    this.first = { op, ended, end };
  }

  ended(op: string): void {
    if (this.first?.op === op) this.first.end();
  }
}
