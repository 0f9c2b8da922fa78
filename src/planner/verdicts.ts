// What a run does with each subscription a move touches, in the words every output and --json use
// (src/moves/predict.ts decides them by Paddle's documented rules): it moves now; it waits, and a
// later run moves it; it will not move with this mode; or Paddle's pages do not say (not predicted).
import type { ProrationBillingMode } from '../paddle-facts/subscriptions.js';

export const MOVES_NOW = 'moves now';
export const WAITS = 'waits';
export const WILL_NOT_MOVE = 'will not move with this mode';
export const NOT_PREDICTED = 'not predicted';
export type Verdict = typeof MOVES_NOW | typeof WAITS | typeof WILL_NOT_MOVE | typeof NOT_PREDICTED;

/**
 * A wait a run still sends: a renewal lock passes within minutes, so Paddle is asked and its
 * `subscription_locked_…` answer leaves the subscription for a later run. Any other wait (past due,
 * bills_from not reached) is not sent.
 */
export const waitIsSent = (code: string) => code.startsWith('subscription_locked_');

/** Subscriptions that wait for one reason until one day. */
export interface WaitGroup {
  /** Paddle's code, or ours (`bills_from_not_reached`) */
  code: string;
  reason: string;
  /** the day (`YYYY-MM-DD`, UTC) from which a later run moves them; null: once paid */
  until: string | null;
  count: number;
}

/** Subscriptions the move's mode cannot move, for one reason. */
export interface RefusedGroup {
  code: string;
  reason: string;
  /** the modes Paddle documents as moving them (empty: none does) */
  modes: ProrationBillingMode[];
  subscriptions: string[];
}

/** Subscriptions whose answer Paddle's pages leave open: the run asks Paddle. */
export interface UnpredictedGroup {
  reason: string;
  subscriptions: string[];
}

/** One move's subscriptions by what the run does with them, as the plan reads them. */
export interface MoveVerdicts {
  /** how many this run moves */
  now: number;
  waits: WaitGroup[];
  refused: RefusedGroup[];
  unpredicted: UnpredictedGroup[];
}
