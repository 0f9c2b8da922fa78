// The request log is bounded: bodies of requests without a valid key are not kept, the kept bodies
// have a byte budget (the oldest go first), and the entries a count (the oldest go first).
import { describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/index.js';
import { RequestLog } from '../../src/emulator/request-log.js';
import { call, productBody } from './support.js';

const entry = (path: string) => ({ method: 'POST', path, query: {}, status: 0 });
const json = (value: unknown) => Buffer.from(JSON.stringify(value));

describe('the request log', () => {
  it('keeps no body of a request without a valid key', () => {
    const log = new RequestLog({ maxEntries: 10, maxBodyBytes: 1000 });
    log.add(entry('/products'), json({ name: 'x' }), false);
    expect(log.list()).toEqual([{ ...entry('/products'), bodyDropped: true }]);
  });

  it('drops the oldest bodies past its byte budget, keeping their entries', () => {
    const log = new RequestLog({ maxEntries: 10, maxBodyBytes: 50 });
    // each body is 23 bytes: two fit in 50
    for (const path of ['/a', '/b', '/c']) log.add(entry(path), json({ name: 'twelve chars' }), true);
    const kept = log.list();
    expect(kept.map((r) => r.path)).toEqual(['/a', '/b', '/c']);
    expect(kept.map((r) => r.body === undefined)).toEqual([true, false, false]);
    expect(kept[0]?.bodyDropped).toBe(true);
    expect(kept[2]?.body).toEqual({ name: 'twelve chars' });
  });

  it('keeps no body larger than the whole budget', () => {
    const log = new RequestLog({ maxEntries: 10, maxBodyBytes: 5 });
    log.add(entry('/a'), json({ name: 'too long' }), true);
    expect(log.list()).toEqual([{ ...entry('/a'), bodyDropped: true }]);
  });

  it('drops the oldest entries past its count', () => {
    const log = new RequestLog({ maxEntries: 2, maxBodyBytes: 1000 });
    for (const path of ['/a', '/b', '/c']) log.add(entry(path), json({}), true);
    expect(log.list().map((r) => r.path)).toEqual(['/b', '/c']);
    log.clear();
    expect(log.list()).toEqual([]);
  });

  it('an emulator keeps neither the large bodies sent without a key nor more than its limits', async () => {
    const emulator = await startEmulator({ requestLogLimits: { maxEntries: 5, maxBodyBytes: 200_000 } });
    try {
      const large = { ...productBody(), description: 'x'.repeat(750_000) };
      for (let i = 0; i < 4; i++) {
        expect((await call(emulator, 'POST', '/products', { key: null, body: large })).status).toBe(403);
      }
      await call(emulator, 'POST', '/products', { body: productBody() });
      await call(emulator, 'POST', '/products', { body: productBody({ name: 'Team' }) });
      const logged = emulator.requests();
      expect(logged).toHaveLength(5);
      expect(logged.slice(0, 3).map((r) => [r.status, r.body, r.bodyDropped])).toEqual([
        [403, undefined, true],
        [403, undefined, true],
        [403, undefined, true],
      ]);
      expect(logged.slice(3).map((r) => [r.status, (r.body as { name: string }).name])).toEqual([
        [201, 'Pro'],
        [201, 'Team'],
      ]);
    } finally {
      await emulator.close();
    }
  });
});
