// The lines apply writes on stderr while it runs: each write as it is done, the orderly stop on a
// signal, and a saved plan found applied already. The result and the verdict are apply.ts.
import type { ChangeResult, MoveCount } from '../../apply/execute.js';
import type { MoveResult } from '../../moves/send.js';
import { pendingMoves } from '../../planner/summary.js';
import type { Plan } from '../../planner/types.js';
import type { Reporter } from '../../terminal/reporter.js';
import type { StopSignal } from '../../terminal/signals.js';
import { shown } from '../../text/escape.js';
import { featureHead } from '../plan/features.js';
import { formatChange } from '../plan/format.js';

/**
 * `  ✓ + product pro`: a write that was done, as its plan line, and its features line when it changes
 * what the product includes (a change of features only has no other line) (not in --json mode).
 */
export function renderChangeResult(step: ChangeResult, out: Reporter): void {
  if (step.status !== 'applied' || out.json) return;
  const { change } = step;
  const features = featureHead(change, out.errStyle);
  const lines = [...formatChange(change, out.errStyle).slice(0, 1), ...(features ? [features] : [])];
  for (const line of lines) out.info(`  ${out.errStyle.green('✓')} ${line}`);
}

/** --timeout's deadline, reached once the writes started. */
export interface TimedOut {
  kind: 'timeout';
  seconds: number;
}

/** Ctrl-C, SIGTERM or --timeout once the writes started: what happens now. */
export function renderStopping(stop: StopSignal | TimedOut, out: Reporter): void {
  // on a terminal the line starts after the "^C" the terminal echoed
  const after = out.interactive ? '\n' : '';
  const what =
    typeof stop === 'object'
      ? `Gave up after --timeout ${stop.seconds} s`
      : stop === 'SIGTERM'
        ? 'Terminated'
        : 'Interrupted';
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

/** `[████████░░░░░░░░]`: how far the moves are, on a terminal only. */
function bar({ ended, of }: MoveCount, width = 20): string {
  const full = Math.round((ended / of) * width);
  return `[${'█'.repeat(full)}${'░'.repeat(width - full)}] `;
}

/**
 * What is left at Paddle's rate: the remaining moves are a request each, and the run is paced at
 * `perMinute` (an estimate from the limit, not a measure of the network; none when pacing is off).
 */
function estimate({ ended, of }: MoveCount, perMinute: number): string {
  if (perMinute <= 0 || ended === of) return '';
  const minutes = Math.ceil((of - ended) / perMinute);
  return ` · about ${minutes} min left at ${perMinute} requests a minute`;
}

/**
 * Subscriber moves as they end: a line per hundred ended (a bar before it on a terminal) with an
 * estimate of what is left, and one for each subscription Paddle would not change, with its code
 * and words (not in --json mode).
 */
export function moveProgress(
  out: Reporter,
  perMinute: number,
): (result: MoveResult, count: MoveCount) => void {
  let moved = 0;
  let unsent = 0;
  return (result, count) => {
    if (out.json) return;
    if (result.status === 'moved') moved += 1;
    if (result.status === 'skipped') unsent += 1;
    if (count.ended % 100 === 0 || count.ended === count.of) {
      const shownBar = out.interactive ? bar(count) : '';
      const stopped = unsent > 0 ? `, ${unsent.toLocaleString('en-US')} not sent (stopped)` : '';
      out.info(
        `  ${shownBar}${count.ended.toLocaleString('en-US')} of ${count.of.toLocaleString('en-US')} subscriptions done, ${moved.toLocaleString('en-US')} moved${stopped}${estimate(count, perMinute)}`,
      );
    }
    if (result.status !== 'left') return;
    const later = result.later ? '; a later run moves it' : '';
    // a subscription left without one of Paddle's codes (or without a reason) gets no empty field
    const why = [result.code, result.reason]
      .filter((part): part is string => part !== undefined && part !== '')
      .map((part) => shown(part));
    out.info(
      `  ! ${shown(result.subscription)} left on its price: ${why.join(': ') || 'no reason given'}${later}`,
    );
  };
}
