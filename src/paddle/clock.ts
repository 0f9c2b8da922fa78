// Time as the paced caller sees it: injectable so tests and the emulator can share one clock.

export interface Clock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /**
   * Resolves once the clock reads `time` (or at once on abort): a deadline, such as --timeout's. A
   * test's clock, whose sleeps end at once, keeps it until its own time passes it.
   */
  until(time: number, signal?: AbortSignal): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  until: (time, signal) => systemClock.sleep(Math.max(0, time - Date.now()), signal),
  sleep: (ms, signal) =>
    new Promise((resolve) => {
      if (signal?.aborted) return resolve();
      const timer = setTimeout(done, ms);
      signal?.addEventListener('abort', done, { once: true });
      function done() {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        resolve();
      }
    }),
};
