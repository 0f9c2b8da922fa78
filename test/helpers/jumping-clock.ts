// Time for tests: a wait ends at once and the clock jumps to its end, so retry backoff, Retry-After
// and pacing cost nothing and the code still sees them as passed. Waits started side by side end
// at their own ends (the clock moves to the latest), not one after the other, as in real time.
import type { Clock } from '../../src/paddle/clock.js';

export function jumpingClock(start = Date.UTC(2026, 0, 1)): Clock & { date: () => Date } {
  let now = start;
  return {
    now: () => now,
    date: () => new Date(now),
    sleep: async (ms) => {
      const end = now + ms;
      await new Promise((resolve) => setImmediate(resolve));
      now = Math.max(now, end);
    },
  };
}
