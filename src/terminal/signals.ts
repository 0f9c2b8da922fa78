// Ctrl-C and termination requests: the process's own, or a test's stand-in (Io.process), and the
// one way a command listens for them.
import type { Io } from './io.js';

export type StopSignal = 'SIGINT' | 'SIGTERM';

/** Ctrl-C and the termination request a CI runner sends on cancel: both stop a run the same way. */
export const STOP_SIGNALS: readonly StopSignal[] = ['SIGINT', 'SIGTERM'];

/** Ctrl-C, termination requests and exiting: the process's own, or a test's stand-in. */
export interface ProcessControl {
  on(signal: StopSignal, listener: (signal: StopSignal) => void): unknown;
  off(signal: StopSignal, listener: (signal: StopSignal) => void): unknown;
  listenerCount(signal: StopSignal): number;
  exit(code: number): void;
}

export function processControl(io: Io): ProcessControl {
  return io.process ?? process;
}

/**
 * Calls `listener` on Ctrl-C or SIGTERM (only the first one with `once`); returns the function
 * that stops listening.
 */
export function listenForStop(
  control: ProcessControl,
  listener: (signal: StopSignal) => void,
  options: { once?: boolean } = {},
): () => void {
  const release = () => {
    for (const signal of STOP_SIGNALS) control.off(signal, onStop);
  };
  const onStop = (signal: StopSignal) => {
    if (options.once) release();
    listener(signal);
  };
  for (const signal of STOP_SIGNALS) control.on(signal, onStop);
  return release;
}
