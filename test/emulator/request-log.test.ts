// The request log is bounded: bodies of requests without a valid key, or nested too deep, are not
// kept, the kept bodies have a byte budget (the oldest go first), each entry's path and query a
// length, and the entries a count and a character budget (the oldest go first).
import { describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/index.js';
import { REQUEST_LOG_LIMITS, RequestLog } from '../../src/emulator/request-log.js';
import { call, productBody } from '../support/emulator.js';

const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

const AT = new Date('2026-01-15T12:00:00.000Z');
const entry = (path: string) => ({ method: 'POST', path, query: {}, at: AT.toISOString(), status: 0 });
const url = (target: string) => new URL(target, 'http://emulator.invalid');
const logOf = (limits: Partial<typeof REQUEST_LOG_LIMITS>) =>
  new RequestLog({ ...REQUEST_LOG_LIMITS, ...limits });
const json = (value: unknown) => Buffer.from(JSON.stringify(value));

describe('the request log', () => {
  it('keeps no body of a request without a valid key', () => {
    const log = logOf({ maxEntries: 10, maxBodyBytes: 1000 });
    log.add('POST', url('/products'), json({ name: 'x' }), false, AT);
    expect(log.list()).toEqual([{ ...entry('/products'), bodyDropped: true }]);
  });

  it('drops the oldest bodies past its byte budget, keeping their entries', () => {
    const log = logOf({ maxEntries: 10, maxBodyBytes: 50 });
    // each body is 23 bytes: two fit in 50
    for (const path of ['/a', '/b', '/c'])
      log.add('POST', url(path), json({ name: 'twelve chars' }), true, AT);
    const kept = log.list();
    expect(kept.map((r) => r.path)).toEqual(['/a', '/b', '/c']);
    expect(kept.map((r) => r.body === undefined)).toEqual([true, false, false]);
    expect(kept[0]?.bodyDropped).toBe(true);
    expect(kept[2]?.body).toEqual({ name: 'twelve chars' });
  });

  it('keeps no body larger than the whole budget', () => {
    const log = logOf({ maxEntries: 10, maxBodyBytes: 5 });
    log.add('POST', url('/a'), json({ name: 'too long' }), true, AT);
    expect(log.list()).toEqual([{ ...entry('/a'), bodyDropped: true }]);
  });

  it('drops the oldest entries past its count', () => {
    const log = logOf({ maxEntries: 2, maxBodyBytes: 1000 });
    for (const path of ['/a', '/b', '/c']) log.add('POST', url(path), json({}), true, AT);
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

  it('keeps no body nested deeper than the API takes', () => {
    const log = logOf({});
    log.add('POST', url('/products'), Buffer.from(nested(4_500)), true, AT);
    expect(log.list()).toEqual([{ ...entry('/products'), bodyDropped: true }]);
  });

  it("cuts an entry's path and query to its length, the path first", () => {
    const log = logOf({ maxEntryChars: 20 });
    log.add('GET', url(`/products?a=${'x'.repeat(15_000)}&b=2`), Buffer.alloc(0), false, AT);
    log.add('GET', url(`/${'p'.repeat(30)}?a=1`), Buffer.alloc(0), false, AT);
    log.add('GET', url('/products?a=1'), Buffer.alloc(0), false, AT);
    expect(log.list().map(({ path, query, truncated }) => ({ path, query, truncated }))).toEqual([
      { path: '/products', query: { a: 'x'.repeat(10) }, truncated: true },
      { path: `/${'p'.repeat(19)}`, query: {}, truncated: true },
      { path: '/products', query: { a: '1' }, truncated: undefined },
    ]);
  });

  it('drops the oldest entries past its character budget', () => {
    const log = logOf({ maxEntryChars: 100, maxTextChars: 250 });
    for (const name of ['a', 'b', 'c', 'd'])
      log.add('GET', url(`/${name}?q=${'x'.repeat(200)}`), Buffer.alloc(0), false, AT);
    expect(log.list().map((r) => [r.path, r.query.q?.length])).toEqual([
      ['/c', 97],
      ['/d', 97],
    ]);
  });
});

describe('an emulator sent hostile requests', () => {
  it('refuses a body nested thousands deep with invalid_json and still serves its log', async () => {
    const emulator = await startEmulator({ demo: false });
    try {
      const deep = await call(emulator, 'POST', '/products', { rawBody: nested(4_500) });
      expect(deep.status).toBe(400);
      expect(deep.body.error).toMatchObject({ type: 'request_error', code: 'invalid_json' });
      const custom = `{"name":"Pro","tax_category":"saas","custom_data":${nested(3_000)}}`;
      expect((await call(emulator, 'POST', '/products', { rawBody: custom })).body.error.code).toBe(
        'invalid_json',
      );
      const served = await fetch(`${emulator.url}/__emulator/requests`);
      expect(served.status).toBe(200);
      const log = (await served.json()) as { status: number; bodyDropped?: true }[];
      expect(log.map((r) => [r.status, r.bodyDropped])).toEqual([
        [400, true],
        [400, true],
      ]);
      expect((await call(emulator, 'POST', '/products', { body: productBody() })).status).toBe(201);
    } finally {
      await emulator.close();
    }
  });

  it('keeps its log bounded under a flood of long unauthenticated URLs', async () => {
    const limits = { maxEntries: 40, maxEntryChars: 2048, maxTextChars: 8 * 1024 * 1024 };
    const emulator = await startEmulator({ demo: false, requestLogLimits: limits });
    try {
      const long = `/products?search=${'x'.repeat(15_000)}`;
      for (let i = 0; i < 60; i++)
        expect((await call(emulator, 'GET', long, { key: null })).status).toBe(403);
      const logged = emulator.requests();
      expect(logged).toHaveLength(40);
      const retained = logged.reduce((sum, r) => sum + r.path.length + JSON.stringify(r.query).length, 0);
      expect(retained).toBeLessThanOrEqual(40 * (2048 + 20));
      expect(
        logged.every((r) => r.truncated && r.query.search?.length === 2048 - '/productssearch'.length),
      ).toBe(true);
    } finally {
      await emulator.close();
    }
  });
});
