// apply's confirmation: a prompt on a terminal (typing the name for production), --yes, or refuse.
// Moving subscribers changes what customers are billed, so the question names how many move; what
// --yes may move is apply's rule (src/apply/unattended.ts).
import { refuseUnreviewedMoves } from '../apply/unattended.js';
import { UserError } from '../errors.js';
import type { EnvironmentName } from '../paddle-facts/environments.js';
import { confirm, confirmByTyping } from '../terminal/prompts.js';
import type { Reporter } from '../terminal/reporter.js';
import { plural } from '../text/plural.js';

export interface ConfirmFlags {
  yes?: boolean;
  local?: boolean;
  allowSubscriberMoves?: boolean;
}

/**
 * `moving`: subscriptions this run moves; `refused`: those the moves' proration will not move (the
 * run leaves them, and no later run moves them); `saved`: the run follows a reviewed plan file.
 */
export async function confirmApply(
  reporter: Reporter,
  flags: ConfirmFlags,
  environment: EnvironmentName,
  { moving, refused = 0, saved }: { moving: number; refused?: number; saved: boolean },
): Promise<void> {
  const moved = `moves ${plural(moving, 'subscription')} to new prices`;
  const moves = moving > 0 ? ` and ${moved}` : '';
  // --local too: a run that writes without asking must say so with --yes, whatever the target
  if (flags.yes) {
    refuseUnreviewedMoves({
      moving,
      refused,
      reviewed: saved,
      allowSubscriberMoves: flags.allowSubscriberMoves === true,
    });
    return;
  }
  if (!reporter.interactive) {
    throw new UserError(
      'Refusing to apply without confirmation: there is no terminal to ask on.',
      'Pass --yes to apply without a prompt (CI, scripts, --json).',
    );
  }
  const confirmed =
    environment === 'production'
      ? await confirmByTyping(reporter, `This changes the PRODUCTION catalog${moves}.`, 'production')
      : await confirm(reporter, `Apply these changes to ${confirmTarget(flags, environment)}${moves}?`);
  if (!confirmed) {
    const why = environment === 'production' ? ' (the answer was not "production")' : '';
    throw new UserError(`Apply cancelled${why}; nothing was changed.`);
  }
}

/** --local writes to an emulator that is gone when the run ends, not to an account of the user's. */
const confirmTarget = (flags: ConfirmFlags, environment: EnvironmentName) =>
  flags.local ? 'the throw-away local emulator' : `the ${environment} account`;
