// Which subscriber moves a tool-server script may hold. A script is run by a person, perhaps hours
// or days after the subscriptions were read, and sends what it says without reading them again or
// judging the time; apply reads each batch again and judges it at the account's time just before
// its PATCHes (src/moves/batches.ts). So a script holds only moves that are right whenever it runs:
// - none that waits: a subscription in Paddle's 30-minute lock
//   (https://developer.paddle.com/errors/subscriptions/subscription_locked_renewal) is sent by apply
//   and refused until it renews, but a script run later may reach it after its renewal;
// - none of a move with bills_from: its customers were told the day the new price first bills them
//   (their first renewal on or after the date), and a script run after that renewal misses it.
// Those are left with "run apply", and a source price's archive stays out of the scripts while any
// subscription is still on it (apply holds it the same way: src/moves/hold.ts). Pure.

import { predictPlanned } from '../moves/by-verdict.js';
import { type AnyOperation, isMove, type LeftSubscription } from '../moves/compile.js';
import { termsOf } from '../moves/one-date.js';
import type { CompiledRun } from '../moves/stage.js';
import { WAITS } from '../planner/verdicts.js';

/** Our code for a move a script does not hold (not Paddle's): apply sends it when it is due. */
const RUN_APPLY = 'run_apply';

/** The run as scripts may print it, and the keys of the archives held (someone is still on the price). */
export function scriptable(run: CompiledRun, now: number): { run: CompiledRun; held: string[] } {
  const left: LeftSubscription[] = [...run.left];
  const planned = run.planned.filter((moving) => {
    const [move] = moving.moves;
    if (move === undefined) return true;
    const { billsFrom } = termsOf(moving.moves);
    // what the run still sends that waits is a lock (the other waits were left when it was read)
    const prediction = predictPlanned(moving, now);
    if (billsFrom === undefined && prediction.verdict !== WAITS) return true;
    const until = prediction.until ? ` until ${prediction.until.slice(0, 10)}` : '';
    const reason =
      billsFrom !== undefined
        ? `it moves with bills_from ${billsFrom}: a script run after its renewal would miss the day its customer was told; run apply, which judges it when it sends the change`
        : `${WAITS}: ${prediction.reason ?? ''}${until}; a script run later could send it after its renewal: run apply, which sends it then`;
    left.push({ move, subscription: moving.subscription, code: RUN_APPLY, reason, later: true });
    return false;
  });
  const kept = new Set(planned.map((p) => p.subscription.id));
  const moves = run.operations.filter((op) => !isMove(op) || kept.has(op.target));
  const stillOn = new Set(left.flatMap((l) => (l.move.fromId === null ? [] : [l.move.fromId])));
  const { operations, held } = withoutHeldArchives(moves, stillOn);
  return { run: { ...run, operations, planned, left, moving: planned.length }, held };
}

/** The archives of prices someone is still on, and whatever waits for them, taken out. */
function withoutHeldArchives(
  operations: readonly AnyOperation[],
  stillOn: ReadonlySet<string>,
): { operations: AnyOperation[]; held: string[] } {
  const out = new Set(
    operations
      .filter((op) => op.verb === 'archive' && typeof op.target === 'string' && stillOn.has(op.target))
      .map((op) => op.id),
  );
  for (let grew = true; grew; ) {
    grew = false;
    for (const op of operations) {
      if (!out.has(op.id) && op.after.some((id) => out.has(id))) {
        out.add(op.id);
        grew = true;
      }
    }
  }
  const held = [...new Set(operations.filter((op) => out.has(op.id)).map((op) => op.key))];
  return { operations: operations.filter((op) => !out.has(op.id)), held };
}
