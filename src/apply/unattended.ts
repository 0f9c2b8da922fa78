// What a run nobody is asked about (--yes) may do to subscribers. Moving them changes what customers
// are billed, so a person must have decided it: by reviewing the saved plan (plan --out) that the
// run applies, or by --allow-subscriber-moves beside a catalog. A scheduled run builds on this rule.
import { UserError } from '../errors.js';
import { plural } from '../text/plural.js';

/** The moves a run is about to make, as read just now. */
export interface UnattendedMoves {
  /** subscriptions this run moves */
  moving: number;
  /** subscriptions the moves' modes will not move: the run leaves them, and no later run moves them */
  refused: number;
  /** the run applies a saved plan, whose review showed its moves and how many will not move */
  reviewed: boolean;
  /** --allow-subscriber-moves: the person running a catalog allows its moves */
  allowSubscriberMoves: boolean;
}

/**
 * A reviewed plan needs no extra flag: it moves the subscriptions its modes move, sends nothing to
 * the ones they will not move, names those, and ends not verified, as --allow-subscriber-moves does
 * for a catalog. A catalog that moves anyone, or would leave anyone for good, under --yes alone is
 * refused before any write.
 */
export function refuseUnreviewedMoves(run: UnattendedMoves): void {
  if (run.reviewed || run.allowSubscriberMoves) return;
  if (run.refused > 0) {
    throw new UserError(
      `Refusing to apply with --yes: ${plural(run.refused, 'subscription')} will not move with this mode (the plan names each, and the mode that would move it), so this run would leave them for good.`,
      "Change the move's proration to a mode the plan names, or add --allow-subscriber-moves to move the others and leave these.",
    );
  }
  if (run.moving === 0) return;
  throw new UserError(
    `Refusing to apply with --yes alone: this run moves ${plural(run.moving, 'subscription')} to new prices, and no saved plan was reviewed for it.`,
    'Review it with `plan --out plan.json` and apply the plan file, or add --allow-subscriber-moves.',
  );
}
