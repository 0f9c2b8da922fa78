// Fault injection: each knob, the lockout (on an injected clock), and the runtime switch.
import { afterEach, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { call, heldWait, manualClock, productBody } from '../support/emulator.js';

let emulator: RunningEmulator | undefined;
afterEach(async () => {
  await emulator?.close();
  emulator = undefined;
});

async function statuses(on: RunningEmulator, count: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < count; i++) out.push((await call(on, 'GET', '/products')).status);
  return out;
}

describe('faults', () => {
  it('latency: every API response waits latencyMs first (the wait is injected: the test does not sleep)', async () => {
    const held = heldWait();
    emulator = await startEmulator({ demo: false, faults: { latencyMs: 150 }, wait: held.wait });
    const answer = call(emulator, 'GET', '/currencies');
    expect(await Promise.race([held.called, answer.then(() => 'answered without waiting')])).toBe(150);
    expect(emulator.requests().map((r) => r.status)).toEqual([0]); // not answered while it waits
    held.release();
    expect((await answer).status).toBe(200);
    expect(held.calls).toEqual([150]);
  });

  it('fail rate 1: every API request is a 500 internal_error (type api_error) and nothing is done', async () => {
    emulator = await startEmulator({ demo: false, faults: { failRate: 1 } });
    const res = await call(emulator, 'POST', '/products', { body: productBody() });
    expect([res.status, res.body.error.type, res.body.error.code]).toEqual([
      500,
      'api_error',
      'internal_error',
    ]);
    emulator.setFaults({});
    expect((await call(emulator, 'GET', '/products')).body.data).toEqual([]);
  });

  it('fail rate with a random seed is repeatable', async () => {
    emulator = await startEmulator({ demo: false, faults: { failRate: 0.5, randomSeed: 7 } });
    const first = await statuses(emulator, 20);
    expect(first).toContain(500);
    expect(first).toContain(200);
    emulator.setFaults({ failRate: 0.5, randomSeed: 7 });
    expect(await statuses(emulator, 20)).toEqual(first);
  });

  it('drop rate 1: a write is committed, then the connection dies with no response', async () => {
    emulator = await startEmulator({ demo: false, faults: { dropRate: 1 } });
    await expect(call(emulator, 'POST', '/products', { body: productBody() })).rejects.toThrow();
    // reads are never dropped, and the write did happen
    const listed = await call(emulator, 'GET', '/products');
    expect(listed.body.data).toHaveLength(1);
    expect(emulator.requests().map((r) => r.status)).toEqual([0, 200]);
  });

  it('rate limit: over n requests a minute gives 429 too_many_requests with an integer Retry-After', async () => {
    const clock = manualClock();
    emulator = await startEmulator({ demo: false, now: clock.now, faults: { rateLimit: 3 } });
    expect(await statuses(emulator, 3)).toEqual([200, 200, 200]);
    const limited = await call(emulator, 'GET', '/products');
    expect(limited.status).toBe(429);
    expect(limited.body.error).toMatchObject({ type: 'api_error', code: 'too_many_requests' });
    expect(limited.headers.get('retry-after')).toBe('60');
  });

  it('rate limit: the client is locked out for 60 seconds, then let in again', async () => {
    const clock = manualClock();
    emulator = await startEmulator({ demo: false, now: clock.now, faults: { rateLimit: 2 } });
    await statuses(emulator, 3);
    clock.advance(45_000);
    const during = await call(emulator, 'GET', '/currencies');
    expect([during.status, during.headers.get('retry-after')]).toEqual([429, '15']);
    clock.advance(14_500);
    expect((await call(emulator, 'GET', '/products')).headers.get('retry-after')).toBe('1');
    clock.advance(500);
    expect(await statuses(emulator, 2)).toEqual([200, 200]);
  });

  it('rate limit: requests spread over more than a minute are not limited', async () => {
    const clock = manualClock();
    emulator = await startEmulator({ demo: false, now: clock.now, faults: { rateLimit: 2 } });
    for (let i = 0; i < 6; i++) {
      expect((await call(emulator, 'GET', '/products')).status).toBe(200);
      clock.advance(31_000);
    }
  });

  it('runtime switch: POST /__emulator/faults sets the knobs over HTTP', async () => {
    emulator = await startEmulator({ demo: false });
    const set = await fetch(`${emulator.url}/__emulator/faults`, {
      method: 'POST',
      body: JSON.stringify({ latency_ms: 0, fail_rate: 1, drop_rate: 0, rate_limit: 0 }),
    });
    expect(await set.json()).toEqual({ latency_ms: 0, fail_rate: 1, drop_rate: 0, rate_limit: 0 });
    expect((await call(emulator, 'GET', '/products')).status).toBe(500);
    // the admin endpoints themselves are never faulted
    await fetch(`${emulator.url}/__emulator/faults`, { method: 'POST', body: '{}' });
    expect((await call(emulator, 'GET', '/products')).status).toBe(200);
    const bad = await fetch(`${emulator.url}/__emulator/faults`, {
      method: 'POST',
      body: '{"fail_rate": 2}',
    });
    expect(bad.status).toBe(400);
    // a misspelt knob is refused, not ignored, and the knobs stay as they were
    for (const body of ['{"failrate": 1}', '[]', 'null']) {
      const refused = await fetch(`${emulator.url}/__emulator/faults`, { method: 'POST', body });
      expect(refused.status).toBe(400);
    }
    const unknown = await fetch(`${emulator.url}/__emulator/faults`, {
      method: 'POST',
      body: '{"failrate": 1}',
    });
    expect(((await unknown.json()) as { error: { detail: string } }).error.detail).toContain(
      'unknown field failrate',
    );
    expect((await call(emulator, 'GET', '/products')).status).toBe(200);
  });
});
