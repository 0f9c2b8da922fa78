// Every API call a command makes (apply, export, refs) goes through here: paced under the rate limit, retried on 429
// (after Retry-After, for everyone: the lockout is per IP) and on 5xx/network failures (bounded
// exponential backoff with full jitter, within a time budget). A create whose outcome is unknown
// is never simply retried: `recover` (a lookup by marker) runs first, so there is no duplicate.
import { RemoteError } from '../errors.js';
import {
  PREVIEW_REQUESTS_PER_MINUTE,
  RATE_LIMIT_LOCKOUT_SECONDS,
  REQUESTS_PER_MINUTE,
} from '../paddle-facts/api.js';
import { type Clock, systemClock } from './clock.js';
import { createPacer, type Hold, type Pacer } from './pacer.js';
import { isAmbiguous, isRetryable, TIMEOUT_ERROR } from './remote-error.js';

interface RetryPolicy {
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** no new attempt starts after this long since the first one */
  budgetMs: number;
}

/** @internal Tests build paced calls with the retries a run uses. */
export const DEFAULT_RETRY: RetryPolicy = {
  maxAttempts: 6,
  baseDelayMs: 250,
  maxDelayMs: 8_000,
  budgetMs: 180_000,
};

/**
 * A request that timed out is tried at most this often: a server that hung twice is hung, and
 * six waits of 30 s (three minutes) would hold a CI job for nothing.
 * @internal The retry test counts a timeout's attempts by this name.
 */
export const MAX_TIMEOUT_ATTEMPTS = 2;

export interface CallStats {
  reads: number;
  writes: number;
  retries: number;
  rateLimited: number;
}

/** The requests a caller sent: every read and write, each attempt of a retried one included. */
export const requestsSent = (stats: CallStats): number => stats.reads + stats.writes;

export interface Calls {
  stats: CallStats;
  /** `recover` is asked after an ambiguous failure; what it finds counts as the call's result */
  run<T>(kind: 'read' | 'write', call: () => Promise<T>, recover?: () => Promise<T | undefined>): Promise<T>;
  /**
   * A read that sends several requests (lists read page by page, side by side): `call` awaits
   * `pace` before each one, so every request counts against the limit, not just the first.
   */
  runPaced<T>(call: (pace: () => Promise<void>) => Promise<T>): Promise<T>;
  /** `count` places under the limit held for `forMs` (pacer.ts), for requests that must go out at once */
  hold(count: number, forMs: number): Promise<HeldCalls>;
  /**
   * A call that relies on something read just before (a subscriber move on its batch's read): before
   * each attempt `ready` gives the held place to start it on, or the result that ends it unsent.
   * `stale` is the hold the previous attempt started on, or found lapsed: after any back-off or
   * lapse `ready` reads again (and holds anew) before the call goes on.
   */
  runHeld<T>(
    kind: 'read' | 'write',
    ready: (stale?: HeldCalls) => Promise<{ hold: HeldCalls } | { done: T }>,
    call: () => Promise<T>,
  ): Promise<T>;
}

/** Places held under the limit; each one taken counts as a request sent. */
export interface HeldCalls {
  /** false, and nothing counted, once the places are used up or lapsed, or during a 429's pause */
  take(kind: 'read' | 'write'): boolean;
}

interface CallsOptions {
  pacer: Pacer;
  clock: Clock;
  retry: RetryPolicy;
  random?: () => number;
  /** an abort cuts waits short: the call fails with its last error instead of waiting on */
  signal?: AbortSignal;
  /** counts kept with another caller's, so a run's callers count its requests together */
  stats?: CallStats;
}

/** @internal The retry tests build calls on a jumping clock and their own pacer. */
export function createCalls(options: CallsOptions): Calls {
  const { pacer, clock, retry, signal } = options;
  const random = options.random ?? Math.random;
  const stats: CallStats = options.stats ?? { reads: 0, writes: 0, retries: 0, rateLimited: 0 };

  const backoff = (attempt: number) =>
    Math.floor(random() * Math.min(retry.maxDelayMs, retry.baseDelayMs * 2 ** (attempt - 1)));

  const pace = async (kind: 'read' | 'write') => {
    await pacer.take();
    stats[kind === 'read' ? 'reads' : 'writes'] += 1;
  };

  /**
   * Waits out a failure before the next attempt (Retry-After for everyone, or a backoff), or throws
   * it: not retryable, out of attempts or budget, or the run stopping.
   */
  async function backOff(error: RemoteError, attempt: number, started: number, timeouts: number) {
    if (!isRetryable(error) || attempt >= retry.maxAttempts || timeouts >= MAX_TIMEOUT_ATTEMPTS) throw error;
    const limited = error.code === 'too_many_requests';
    const wait = limited
      ? (error.details.retryAfterSeconds ?? RATE_LIMIT_LOCKOUT_SECONDS) * 1000
      : backoff(attempt);
    if (clock.now() - started + wait > retry.budgetMs || signal?.aborted) throw error;
    stats.retries += 1;
    if (limited) {
      stats.rateLimited += 1;
      pacer.pauseFor(wait);
    } else {
      await clock.sleep(wait, signal);
    }
    if (signal?.aborted) throw error;
  }

  /** The call's RemoteError (only the HTTP layer, src/paddle, makes one): anything else is a bug of ours. */
  async function attempt<T>(call: () => Promise<T>): Promise<{ value: T } | { error: RemoteError }> {
    try {
      return { value: await call() };
    } catch (thrown) {
      if (!(thrown instanceof RemoteError)) throw thrown;
      return { error: thrown };
    }
  }

  async function run<T>(
    kind: 'read' | 'write',
    call: () => Promise<T>,
    recover?: () => Promise<T | undefined>,
    selfPaced = false,
  ): Promise<T> {
    const started = clock.now();
    let timeouts = 0;
    for (let n = 1; ; n += 1) {
      if (!selfPaced) await pace(kind);
      const result = await attempt(call);
      if ('value' in result) return result.value;
      const { error } = result;
      if (error.code === TIMEOUT_ERROR) timeouts += 1;
      await backOff(error, n, started, timeouts);
      if (recover && isAmbiguous(error)) {
        const found = await run('read', recover);
        if (found !== undefined) return found;
      }
    }
  }

  async function runHeld<T>(
    kind: 'read' | 'write',
    ready: (stale?: HeldCalls) => Promise<{ hold: HeldCalls } | { done: T }>,
    call: () => Promise<T>,
  ): Promise<T> {
    const started = clock.now();
    let timeouts = 0;
    let stale: HeldCalls | undefined;
    for (let n = 1; ; ) {
      const got = await ready(stale);
      if ('done' in got) return got.done;
      stale = got.hold;
      // lapsed, used up or paused: read again, on new places, before it is sent
      if (!got.hold.take(kind)) continue;
      const result = await attempt(call);
      if ('value' in result) return result.value;
      const { error } = result;
      if (error.code === TIMEOUT_ERROR) timeouts += 1;
      await backOff(error, n, started, timeouts);
      n += 1;
    }
  }

  const held = (hold: Hold): HeldCalls => ({
    take(kind) {
      if (!hold.take()) return false;
      stats[kind === 'read' ? 'reads' : 'writes'] += 1;
      return true;
    },
  });

  return {
    stats,
    run: (kind, call, recover) => run(kind, call, recover),
    runPaced: (call) => run('read', () => call(() => pace('read')), undefined, true),
    hold: async (count, forMs) => held(await pacer.reserve(count, forMs)),
    runHeld,
  };
}

/** How one run's caller paces and retries. */
export interface CallerSettings {
  /** 0 turns pacing off */
  requestsPerMinute: number;
  retry: RetryPolicy;
  clock: Clock;
  signal?: AbortSignal;
}

export const DEFAULT_CALLER_SETTINGS: CallerSettings = {
  requestsPerMinute: REQUESTS_PER_MINUTE,
  retry: DEFAULT_RETRY,
  clock: systemClock,
};

/** One pacer and retry policy for the whole run: its reads, writes and verification share the limit. */
export function createPacedCalls(settings: CallerSettings): Calls {
  return createCalls({
    pacer: createPacer(settings.requestsPerMinute, settings.clock),
    clock: settings.clock,
    retry: settings.retry,
    signal: settings.signal,
  });
}

/**
 * The callers of one run, shared by every stage (account reads, counts, next bills, previews,
 * writes): `calls` paced under Paddle's API limit, `previews` (POST /pricing-preview and
 * /transactions/preview) under the limit Paddle sets for those two. They count together, so the
 * run's request count is theirs.
 */
export interface RunCallers {
  calls: Calls;
  previews: Calls;
  /** the requests the run has sent so far, each attempt of a retried call included */
  requests(): number;
}

export function createRunCallers(settings: CallerSettings): RunCallers {
  const calls = createPacedCalls(settings);
  const perMinute = settings.requestsPerMinute === 0 ? 0 : PREVIEW_REQUESTS_PER_MINUTE;
  const previews = createCalls({
    pacer: createPacer(perMinute, settings.clock),
    clock: settings.clock,
    retry: settings.retry,
    signal: settings.signal,
    stats: calls.stats,
  });
  return { calls, previews, requests: () => requestsSent(calls.stats) };
}
