// The lines apply writes on stderr while it runs: each write as it is done, the orderly stop on a
// signal, and a saved plan found applied already. The result and the verdict are apply.ts.
import type { StepResult } from '../../apply/execute.js';
import type { MoveResult } from '../../apply/move-results.js';
import { pendingMoves } from '../../plan/summary.js';
import type { Plan } from '../../plan/types.js';
import type { Reporter } from '../../terminal/reporter.js';
import type { StopSignal } from '../../terminal/signals.js';
import { shown } from '../../text/escape.js';
import { formatChange } from '../plan/format.js';

/** `  ✓ + product pro`: a write that was done, as its plan line (not in --json mode). */
export function renderStep(step: StepResult, out: Reporter): void {
  if (step.status !== 'applied' || out.json) return;
  out.info(`  ${out.errStyle.green('✓')} ${formatChange(step.change, out.errStyle)[0]}`);
}

/** Ctrl-C or SIGTERM once the writes started: what happens now. */
export function renderStopping(signal: StopSignal, out: Reporter): void {
  // on a terminal the line starts after the "^C" the terminal echoed
  const after = out.interactive ? '\n' : '';
  const what = signal === 'SIGTERM' ? 'Terminated' : 'Interrupted';
  out.info(`${after}${what}: no new calls start; waiting for the ones in flight…`);
}

/** A saved plan whose account is already what it leads to, but for subscribers still to move. */
export function renderAlreadyApplied(file: string, plan: Plan, out: Reporter): void {
  const waiting = pendingMoves(plan).length;
  out.info(
    waiting === 0
      ? `${shown(file)} is applied already: the account is what it leads to. Nothing to write.`
      : `${shown(file)} is applied already but for its subscriber moves: the subscriptions still on a source price move now.`,
  );
}

/**
 * Subscriber moves as they end: a line per hundred moved, and one for each subscription Paddle
 * would not change, with its code and words (not in --json mode).
 */
export function moveProgress(out: Reporter): (result: MoveResult) => void {
  let moved = 0;
  return (result) => {
    if (out.json) return;
    if (result.status === 'moved' && ++moved % 100 === 0) out.info(`  ✓ ${moved} subscriptions moved`);
    if (result.status !== 'left') return;
    const later = result.later ? '; a later run moves it' : '';
    out.info(
      `  ! ${shown(result.subscription)} left on its price: ${shown(result.code ?? '')}: ${shown(result.reason ?? '')}${later}`,
    );
  };
}
