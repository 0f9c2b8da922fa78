// Keeps requests under Paddle's limit (REQUESTS_PER_MINUTE per IP; over it, 429 and a lockout).
// A sliding window: at most `limit` requests start in any window. That is stricter than a
// token bucket (no extra burst on top of the limit), so it is safe whatever window the server
// counts in. The window has a second of slack for the time a request takes to arrive.
// Requests that must go out together (a batch of subscriber moves and the read they rely on) hold
// their places first (`reserve`): a held place counts as taken until it is used or lapses, so the
// batch never waits for the window halfway through.
import type { Clock } from './clock.js';

const WINDOW_MS = 61_000;

export interface Pacer {
  /** resolves when one more request may start */
  take(): Promise<void>;
  /** nobody starts a request for `ms` (after a 429 with Retry-After) */
  pauseFor(ms: number): void;
  /**
   * resolves once `count` requests (at most the limit) fit in the window, and holds their places
   * for `forMs`
   */
  reserve(count: number, forMs: number): Promise<Hold>;
}

/** Places held for requests that go out at once. */
export interface Hold {
  /**
   * starts one request on a held place: false, and nothing started, once the places are used up or
   * have lapsed, or while a 429's pause is on (what relied on going out at once has to be done again)
   */
  take(): boolean;
}

interface Held {
  count: number;
  until: number;
}

export function createPacer(limit: number, clock: Clock, windowMs = WINDOW_MS): Pacer {
  const started: number[] = [];
  const holds = new Set<Held>();
  let notBefore = 0;

  /** How long until `count` more requests may start (0: now); drops what has left the window. */
  const waitFor = (count: number, now: number) => {
    while (started.length > 0 && (started[0] as number) <= now - windowMs) started.shift();
    for (const hold of holds) if (hold.until <= now || hold.count === 0) holds.delete(hold);
    const paused = notBefore - now;
    if (limit <= 0) return paused;
    let taken = started.length;
    for (const hold of holds) taken += hold.count;
    if (taken + count <= limit) return paused;
    // the next place to come free: the oldest start leaving the window, or a hold lapsing
    const frees = [(started[0] ?? now) + windowMs, ...[...holds].map((h) => h.until)];
    return Math.max(paused, Math.min(...frees) - now);
  };

  /** Waits until `count` more requests may start, then has them start (`start`, in the same turn). */
  const whenFits = async <T>(count: number, start: (now: number) => T): Promise<T> => {
    for (;;) {
      const now = clock.now();
      const wait = waitFor(count, now);
      if (wait <= 0) return start(now);
      await clock.sleep(wait);
    }
  };

  return {
    async take() {
      await whenFits(1, (now) => started.push(now));
    },
    pauseFor(ms) {
      notBefore = Math.max(notBefore, clock.now() + ms);
    },
    async reserve(count, forMs) {
      const places = limit > 0 ? Math.min(count, limit) : count;
      const held = await whenFits(places, (now) => {
        const hold = { count: places, until: now + forMs };
        holds.add(hold);
        return hold;
      });
      return {
        take() {
          const now = clock.now();
          if (held.count === 0 || held.until <= now || notBefore > now) return false;
          held.count -= 1;
          started.push(now);
          return true;
        },
      };
    },
  };
}
