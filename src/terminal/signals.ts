// Ctrl-C and termination requests: the process's own, or a test's stand-in (Io.process), and the
// one way a command listens for them.
export type StopSignal = 'SIGINT' | 'SIGTERM';

/** Ctrl-C and the termination request a CI runner sends on cancel: both stop a run the same way. */
const STOP_SIGNALS: readonly StopSignal[] = ['SIGINT', 'SIGTERM'];

/** Ctrl-C, termination requests, exiting and the parent's pid: the process's own, or a test's stand-in. */
export interface ProcessControl {
  /** the pid of the process's parent, read when asked: it changes when the parent ends (parent.ts) */
  readonly ppid: number;
  on(signal: StopSignal, listener: (signal: StopSignal) => void): unknown;
  off(signal: StopSignal, listener: (signal: StopSignal) => void): unknown;
  listenerCount(signal: StopSignal): number;
  exit(code: number): void;
}

/** The stand-in a test put on the io (Io.process), else the process itself. */
export function processControl(io: { process?: ProcessControl }): ProcessControl {
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

/**
 * --timeout's deadline as a command sees it. A command that stops in order (apply, once its writes
 * start) takes it over as it does Ctrl-C and SIGTERM: no new call starts, the calls in flight
 * finish, and what was done is reported. Otherwise the run ends at the deadline at once.
 */
export class Deadline {
  private stop: ((seconds: number) => void) | undefined;

  /** `stop` is called at the deadline instead of ending the run; returns the function that gives it back. */
  claim(stop: (seconds: number) => void): () => void {
    this.stop = stop;
    return () => {
      if (this.stop === stop) this.stop = undefined;
    };
  }

  /** At the deadline: tells the command that took it over, once; false when none did. */
  reach(seconds: number): boolean {
    const stop = this.stop;
    this.stop = undefined;
    stop?.(seconds);
    return stop !== undefined;
  }
}
