// Pacing and retries, on a clock that jumps instead of waiting.
import { describe, expect, it } from 'vitest';
import { RemoteError } from '../../src/errors.js';
import { createCalls, DEFAULT_RETRY, MAX_TIMEOUT_ATTEMPTS } from '../../src/paddle/calls.js';
import { createPacer } from '../../src/paddle/pacer.js';
import { jumpingClock } from '../support/apply-harness.js';

const error = (code: string, status?: number, retryAfterSeconds?: number) =>
  new RemoteError({ code, detail: code, status, retryAfterSeconds });

function setup(retry = DEFAULT_RETRY, limit = 0) {
  const clock = jumpingClock(0);
  const calls = createCalls({ pacer: createPacer(limit, clock), clock, retry, random: () => 0.5 });
  return { clock, calls };
}

/** A call that fails with the given errors, then answers `value`. */
function failing<T>(errors: RemoteError[], value: T) {
  const attempts: number[] = [];
  return {
    attempts,
    call: async (now: () => number) => {
      attempts.push(now());
      const next = errors.shift();
      if (next) throw next;
      return value;
    },
  };
}

describe('pacing under the rate limit', () => {
  it('at most `limit` requests start in any 61 s window (a sliding window, no extra burst)', async () => {
    const clock = jumpingClock(0);
    const pacer = createPacer(3, clock);
    const starts: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      await pacer.take();
      starts.push(clock.now());
    }
    expect(starts).toEqual([0, 0, 0, 61_000, 61_000, 61_000, 122_000]);
  });

  it('after a 429 nobody starts until Retry-After has passed', async () => {
    const clock = jumpingClock(0);
    const pacer = createPacer(0, clock);
    pacer.pauseFor(60_000);
    await pacer.take();
    expect(clock.now()).toBe(60_000);
  });
});

describe('places held for requests that go out at once (a batch of moves and its read)', () => {
  it('the read and its 50 writes start together once all 51 fit, not 240 at once and the rest a minute later', async () => {
    const clock = jumpingClock(0);
    const pacer = createPacer(240, clock);
    for (let i = 0; i < 200; i += 1) await pacer.take();
    clock.advance(10_000);
    const hold = await pacer.reserve(51, 15_000);
    expect(clock.now()).toBe(61_000);
    const starts = Array.from({ length: 51 }, () => hold.take() && clock.now());
    expect(new Set(starts)).toEqual(new Set([61_000]));
    // used up: the next one is not sent on that read
    expect(hold.take()).toBe(false);
  });

  it('held places count as taken for everyone else until they are used or lapse', async () => {
    const clock = jumpingClock(0);
    const pacer = createPacer(3, clock);
    const hold = await pacer.reserve(2, 15_000);
    await pacer.take();
    await pacer.take();
    // two held, one taken, then one more: the hold lapsed at 15 s
    expect(clock.now()).toBe(15_000);
    expect(hold.take()).toBe(false);
  });

  it("a held place is not used during a 429's pause, nor once it lapsed: what relied on it is read again", async () => {
    const clock = jumpingClock(0);
    const pacer = createPacer(0, clock);
    const hold = await pacer.reserve(5, 15_000);
    pacer.pauseFor(60_000);
    expect(hold.take()).toBe(false);
    const next = await pacer.reserve(5, 15_000);
    expect(clock.now()).toBe(60_000);
    expect(next.take()).toBe(true);
    clock.advance(15_000);
    expect(next.take()).toBe(false);
  });
});

describe('reads of several requests (a snapshot: lists page by page, side by side)', () => {
  it('every request takes its place under the limit, not only the first', async () => {
    const { clock, calls } = setup(DEFAULT_RETRY, 2);
    const starts: number[] = [];
    await calls.runPaced(async (pace) => {
      for (let page = 0; page < 3; page += 1) {
        await pace();
        starts.push(clock.now());
      }
    });
    expect(starts).toEqual([0, 0, 61_000]);
    expect(calls.stats.reads).toBe(3);
  });
});

describe('retries', () => {
  it('429: waits Retry-After seconds, then succeeds', async () => {
    const { clock, calls } = setup();
    const f = failing([error('too_many_requests', 429, 42)], 'ok');
    expect(await calls.run('read', () => f.call(clock.now))).toBe('ok');
    expect(f.attempts).toEqual([0, 42_000]);
    expect(calls.stats).toMatchObject({ retries: 1, rateLimited: 1, reads: 2 });
  });

  it('5xx: bounded exponential backoff with jitter', async () => {
    const { clock, calls } = setup();
    const f = failing(
      [error('internal_error', 500), error('internal_error', 500), error('internal_error', 500)],
      'ok',
    );
    await calls.run('read', () => f.call(clock.now));
    // random() = 0.5 → half of 250, 500, 1000 ms
    expect(f.attempts).toEqual([0, 125, 375, 875]);
  });

  it('gives up after maxAttempts and throws the last error', async () => {
    const { clock, calls } = setup({ ...DEFAULT_RETRY, maxAttempts: 2 });
    const f = failing([error('internal_error', 500), error('bad_gateway', 502)], 'ok');
    await expect(calls.run('read', () => f.call(clock.now))).rejects.toMatchObject({ code: 'bad_gateway' });
  });

  it('gives up when the next wait would pass the time budget', async () => {
    const { clock, calls } = setup({ ...DEFAULT_RETRY, budgetMs: 30_000 });
    const f = failing([error('too_many_requests', 429, 60)], 'ok');
    await expect(calls.run('read', () => f.call(clock.now))).rejects.toMatchObject({
      code: 'too_many_requests',
    });
    expect(f.attempts).toHaveLength(1);
  });

  it(`a timeout is tried ${MAX_TIMEOUT_ATTEMPTS} times, not maxAttempts: a hung server holds a run about a minute, not three`, async () => {
    const { clock, calls } = setup();
    const f = failing([error('timeout'), error('timeout'), error('timeout')], 'ok');
    await expect(calls.run('read', () => f.call(clock.now))).rejects.toMatchObject({ code: 'timeout' });
    expect(f.attempts).toHaveLength(MAX_TIMEOUT_ATTEMPTS);
  });

  it('a non-retryable error (forbidden) is thrown at once', async () => {
    const { clock, calls } = setup();
    const f = failing([error('forbidden', 403)], 'ok');
    await expect(calls.run('write', () => f.call(clock.now))).rejects.toMatchObject({ code: 'forbidden' });
    expect(f.attempts).toHaveLength(1);
  });

  it('an ambiguous create is looked up before any retry: found means no second create', async () => {
    const { clock, calls } = setup();
    const f = failing([error('network_error')], 'second create');
    const result = await calls.run(
      'write',
      () => f.call(clock.now),
      async () => 'found by marker',
    );
    expect(result).toBe('found by marker');
    expect(f.attempts).toHaveLength(1);
  });

  it('an ambiguous create that the lookup does not find is retried', async () => {
    const { clock, calls } = setup();
    const f = failing([error('internal_error', 500)], 'created');
    expect(
      await calls.run(
        'write',
        () => f.call(clock.now),
        async () => undefined,
      ),
    ).toBe('created');
    expect(f.attempts).toHaveLength(2);
  });
});
