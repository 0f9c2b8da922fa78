// The exit codes, each decided here once: 0 success, 1 any error, 2 only from plan
// --detailed-exitcode when there is work to do and from rollout --detailed-exitcode while a rollout is
// in progress, 3 only from plan --fail-on-subscribers when a change touches subscribers, 70 a bug of
// ours.
import { hasWork } from '../planner/summary.js';
import type { Plan } from '../planner/types.js';
import type { ErrorKind } from './failure.js';

export const EXIT_OK = 0;
export const EXIT_ERROR = 1;
const EXIT_CHANGES_PENDING = 2;
/** plan --fail-on-subscribers: a change touches subscriptions (a CI policy asks for a second approval). */
const EXIT_SUBSCRIBERS_TOUCHED = 3;
/**
 * A bug in paddle-catalog (EX_SOFTWARE of sysexits.h): not the user's input, not Paddle's answer.
 * @internal Tests assert a bug exits with this code, by name.
 */
export const EXIT_BUG = 70;

/** Every failure exits 1, whatever its kind, except a bug of ours. */
export function exitCodeOf(kind: ErrorKind): number {
  return kind === 'bug' ? EXIT_BUG : EXIT_ERROR;
}

/**
 * plan's exit code, printed or emitted as tool-server scripts: with --detailed-exitcode, 2 when
 * there is work to do (hasWork: a change pending, a key with duplicates to archive, or subscribers
 * still on a move's source price), as `has_changes` says.
 */
export function planExitCode(
  plan: Plan,
  detailedExitcode: boolean | undefined,
  subscribers?: { failOn?: boolean; touched: boolean },
): number {
  if (subscribers?.failOn && subscribers.touched) return EXIT_SUBSCRIBERS_TOUCHED;
  return detailedExitcode && hasWork(plan) ? EXIT_CHANGES_PENDING : EXIT_OK;
}

/**
 * rollout's exit code: 1 when something needs a person; 0 when nothing does, or, with
 * --detailed-exitcode, 2 while subscriptions still wait (as plan --detailed-exitcode says while anyone
 * is on a source price) and 0 once it is done.
 */
export function rolloutExitCode(
  state: 'done' | 'in-progress' | 'needs-attention',
  detailedExitcode: boolean | undefined,
): number {
  if (state === 'needs-attention') return EXIT_ERROR;
  return detailedExitcode && state === 'in-progress' ? EXIT_CHANGES_PENDING : EXIT_OK;
}
