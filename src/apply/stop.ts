// The stop port: what tells a run to stop in order once its writes start (the CLI's: Ctrl-C, the
// SIGTERM a CI runner sends on cancel, --timeout's deadline). No new call starts after it; the calls
// in flight finish, and what was done is reported.

/** Why the run stops: Ctrl-C, a termination request, or --timeout's seconds. */
export type StopReason = 'SIGINT' | 'SIGTERM' | { kind: 'timeout'; seconds: number };

export interface StopPort {
  /** The writes start: from now until the run ends, call `stop` when the run should stop. */
  listen(stop: (reason: StopReason) => void): void;
}

interface RunStop {
  signal: AbortSignal;
  /** the writes start: the port may stop the run from now on */
  listen: () => void;
  /** --timeout's seconds, when its deadline stopped the run */
  timedOut: () => number | undefined;
}

/** The run's abort signal: raised by the port once the writes start, or by the settings' own signal. */
export function orderlyStop(
  port: StopPort | undefined,
  stopping: ((reason: StopReason) => void) | undefined,
  outer: AbortSignal | undefined,
): RunStop {
  const interrupt = new AbortController();
  if (outer?.aborted) interrupt.abort();
  outer?.addEventListener('abort', () => interrupt.abort(), { once: true });
  let timedOut: number | undefined;
  const listen = () =>
    port?.listen((reason) => {
      if (typeof reason === 'object') timedOut = reason.seconds;
      stopping?.(reason);
      interrupt.abort();
    });
  return { signal: interrupt.signal, listen, timedOut: () => timedOut };
}
