// Time for tests: a wait ends at once and the clock jumps to its end, so retry backoff, Retry-After
// and pacing cost nothing and the code still sees them as passed. Waits started side by side end
// at their own ends (the clock moves to the latest), not one after the other, as in real time.
// A deadline (`until`) is no wait: it ends only once the clock has moved past it, by the waits or
// by the test (`advance`), so a test decides where in a run a --timeout falls.
import type { Clock } from '../../src/paddle/clock.js';

export type JumpingClock = Clock & { date: () => Date; advance: (ms: number) => void };

export function jumpingClock(start = Date.UTC(2026, 0, 1)): JumpingClock {
  let now = start;
  const deadlines = new Set<{ time: number; reached: () => void }>();
  const moveTo = (time: number) => {
    now = Math.max(now, time);
    for (const deadline of deadlines) if (deadline.time <= now) deadline.reached();
  };
  return {
    now: () => now,
    date: () => new Date(now),
    sleep: async (ms) => {
      const end = now + ms;
      await new Promise((resolve) => setImmediate(resolve));
      moveTo(end);
    },
    until: (time, signal) =>
      new Promise<void>((resolve) => {
        const deadline = {
          time,
          reached: () => {
            deadlines.delete(deadline);
            signal?.removeEventListener('abort', deadline.reached);
            resolve();
          },
        };
        if (time <= now || signal?.aborted) return resolve();
        deadlines.add(deadline);
        signal?.addEventListener('abort', deadline.reached, { once: true });
      }),
    advance: (ms) => moveTo(now + ms),
  };
}
