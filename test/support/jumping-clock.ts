// Time for tests: a wait ends at once and the clock jumps to its end, so retry backoff, Retry-After
// and pacing cost nothing and the code still sees them as passed. Waits started side by side end
// at their own ends (the clock moves to the latest), not one after the other, as in real time.
// A deadline (`until`) is no wait: it ends only once the clock has moved past it, by the waits or
// by the test (`advance`), so a test decides where in a run a --timeout falls. Something that
// happens at a set time (`at`: someone else's change 2 s after a read) is done by the wait that
// passes that time, with the clock at it, before the wait ends.
import type { Clock } from '../../src/paddle/clock.js';

export type JumpingClock = Clock & {
  date: () => Date;
  advance: (ms: number) => void;
  /** `action` is done once a wait passes `time` (or reaches it), with the clock at `time` */
  at: (time: number, action: () => Promise<void>) => void;
};

export function jumpingClock(start = Date.UTC(2026, 0, 1)): JumpingClock {
  let now = start;
  const deadlines = new Set<{ time: number; reached: () => void }>();
  const actions: { time: number; action: () => Promise<void> }[] = [];
  const doDue = async (end: number) => {
    for (;;) {
      actions.sort((a, b) => a.time - b.time);
      const [next] = actions;
      if (next === undefined || next.time > end) return;
      actions.shift();
      moveTo(next.time);
      await next.action();
    }
  };
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
      await doDue(end);
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
    at: (time, action) => void actions.push({ time, action }),
  };
}
