// Keeps requests under Paddle's limit (REQUESTS_PER_MINUTE per IP; over it, 429 and a lockout).
// A sliding window: at most `limit` requests start in any window. That is stricter than a
// token bucket (no extra burst on top of the limit), so it is safe whatever window the server
// counts in. The window has a second of slack for the time a request takes to arrive.
import type { Clock } from './clock.js';

const WINDOW_MS = 61_000;

export interface Pacer {
  /** resolves when one more request may start */
  take(): Promise<void>;
  /** nobody starts a request for `ms` (after a 429 with Retry-After) */
  pauseFor(ms: number): void;
}

export function createPacer(limit: number, clock: Clock, windowMs = WINDOW_MS): Pacer {
  const started: number[] = [];
  let notBefore = 0;
  return {
    async take() {
      for (;;) {
        const now = clock.now();
        while (started.length > 0 && (started[0] as number) <= now - windowMs) started.shift();
        const wait = Math.max(
          notBefore - now,
          limit > 0 && started.length >= limit ? (started[0] as number) + windowMs - now : 0,
        );
        if (wait <= 0) {
          started.push(now);
          return;
        }
        await clock.sleep(wait);
      }
    },
    pauseFor(ms) {
      notBefore = Math.max(notBefore, clock.now() + ms);
    },
  };
}
