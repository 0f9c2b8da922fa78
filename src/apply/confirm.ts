// apply's consent before it writes: --yes, with what a run nobody is asked about may move
// (unattended.ts), or a person's answer through the confirm port (the CLI gives it the terminal's
// prompts), typing the environment's name for production. Moving subscribers changes what customers
// are billed, so the question names how many move.
import { UserError } from '../errors.js';
import type { EnvironmentName } from '../paddle-facts/environments.js';
import { plural } from '../text/plural.js';
import { refuseUnreviewedMoves } from './unattended.js';

/** How a person is asked; any failure to get an answer is "no", never "yes". */
export interface ConfirmPort {
  /** someone can answer: an interactive terminal, not --json */
  canAsk: boolean;
  confirm(question: string): Promise<boolean>;
  /** goes on only when `word` is typed */
  confirmByTyping(question: string, word: string): Promise<boolean>;
}

/** What the person running apply said: --yes, --allow-subscriber-moves, --local, and how to ask. */
export interface Consent {
  yes?: boolean;
  allowSubscriberMoves?: boolean;
  local?: boolean;
  port: ConfirmPort;
}

/** The run about to write: how many subscriptions it moves, leaves for good, and whether it was reviewed. */
export interface ConfirmedRun {
  environment: EnvironmentName;
  moving: number;
  refused: number;
  /** the run applies a saved plan (plan --out), reviewed already */
  reviewed: boolean;
}

/** Resolves to go on; throws a UserError (nothing written) to stop. */
export async function confirmApply(consent: Consent, run: ConfirmedRun): Promise<void> {
  const { environment, moving } = run;
  // --local too: a run that writes without asking must say so with --yes, whatever the target
  if (consent.yes) {
    refuseUnreviewedMoves({ ...run, allowSubscriberMoves: consent.allowSubscriberMoves === true });
    return;
  }
  if (!consent.port.canAsk) {
    throw new UserError(
      'Refusing to apply without confirmation: there is no terminal to ask on.',
      'Pass --yes to apply without a prompt (CI, scripts, --json).',
    );
  }
  const moves = moving > 0 ? ` and moves ${plural(moving, 'subscription')} to new prices` : '';
  const confirmed =
    environment === 'production'
      ? await consent.port.confirmByTyping(`This changes the PRODUCTION catalog${moves}.`, 'production')
      : await consent.port.confirm(`Apply these changes to ${confirmTarget(consent, environment)}${moves}?`);
  if (!confirmed) {
    const why = environment === 'production' ? ' (the answer was not "production")' : '';
    throw new UserError(`Apply cancelled${why}; nothing was changed.`);
  }
}

/** --local writes to an emulator that is gone when the run ends, not to an account of the user's. */
const confirmTarget = (consent: Consent, environment: EnvironmentName) =>
  consent.local ? 'the throw-away local emulator' : `the ${environment} account`;
