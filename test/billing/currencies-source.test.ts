import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  CURRENCIES_TTL_MS,
  cacheFileFor,
  defaultCacheDir,
  remoteCurrencies,
} from '../../src/billing/currencies-source.js';
import { tempDir } from '../support/catalog-files.js';
import { defined } from '../support/defined.js';

const BASE = 'http://127.0.0.1:9';
const LIST = {
  data: [
    { code: 'USD', decimal_places: 2 },
    { code: 'JPY', decimal_places: 0 },
    { code: 'BHD', decimal_places: 3 },
  ],
};

let dir: string;
beforeEach(async () => {
  dir = tempDir();
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A fetch that answers from a script and counts its calls (no network at all). */
function scriptedFetch(...answers: (Response | Error)[]) {
  const calls: { url: string; headers: Record<string, string> }[] = [];
  const fn = (async (url: string, init?: RequestInit) => {
    calls.push({ url, headers: (init?.headers ?? {}) as Record<string, string> });
    const answer = answers[Math.min(calls.length - 1, answers.length - 1)];
    if (answer instanceof Error) throw answer;
    return defined(answer, 'a scripted answer').clone();
  }) as unknown as typeof fetch;
  return { fn, calls };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('history amounts: the currencies list, cached 24 hours', () => {
  it('fetches GET /currencies without a key and maps codes to decimal places', async () => {
    const { fn, calls } = scriptedFetch(json(LIST));
    const places = await remoteCurrencies({ baseUrl: BASE, cacheDir: dir, fetch: fn }).decimalPlaces();
    expect(places?.get('BHD')).toBe(3);
    expect(places?.get('JPY')).toBe(0);
    expect(calls.map((c) => c.url)).toEqual([`${BASE}/currencies`]);
    expect(Object.keys(defined(calls[0], 'a call').headers).map((h) => h.toLowerCase())).not.toContain(
      'authorization',
    );
  });

  it('a warm cache (under 24 hours) makes no request; an expired one fetches again', async () => {
    let now = 1_000_000;
    const first = scriptedFetch(json(LIST));
    await remoteCurrencies({ baseUrl: BASE, cacheDir: dir, fetch: first.fn, now: () => now }).decimalPlaces();
    now += CURRENCIES_TTL_MS - 1;
    const warm = scriptedFetch(new Error('must not be called'));
    expect(
      (
        await remoteCurrencies({
          baseUrl: BASE,
          cacheDir: dir,
          fetch: warm.fn,
          now: () => now,
        }).decimalPlaces()
      )?.get('BHD'),
    ).toBe(3);
    expect(warm.calls).toHaveLength(0);
    now += 2;
    const expired = scriptedFetch(json({ data: [{ code: 'BHD', decimal_places: 2 }] }));
    const places = await remoteCurrencies({
      baseUrl: BASE,
      cacheDir: dir,
      fetch: expired.fn,
      now: () => now,
    }).decimalPlaces();
    expect(expired.calls).toHaveLength(1);
    expect(places?.get('BHD')).toBe(2);
  });

  it('the cache is per base URL', async () => {
    await remoteCurrencies({
      baseUrl: BASE,
      cacheDir: dir,
      fetch: scriptedFetch(json(LIST)).fn,
    }).decimalPlaces();
    const other = scriptedFetch(json(LIST));
    await remoteCurrencies({
      baseUrl: 'http://127.0.0.1:10',
      cacheDir: dir,
      fetch: other.fn,
    }).decimalPlaces();
    expect(other.calls).toHaveLength(1);
    expect(cacheFileFor(dir, BASE)).not.toBe(cacheFileFor(dir, 'http://127.0.0.1:10'));
  });

  it('uses the stale copy when the refresh fails (network error, 5xx, not a list)', async () => {
    let now = 0;
    await remoteCurrencies({
      baseUrl: BASE,
      cacheDir: dir,
      fetch: scriptedFetch(json(LIST)).fn,
      now: () => now,
    }).decimalPlaces();
    now = CURRENCIES_TTL_MS * 3;
    for (const failure of [new TypeError('fetch failed'), json({ error: {} }, 503), json({ data: 'nope' })]) {
      const places = await remoteCurrencies({
        baseUrl: BASE,
        cacheDir: dir,
        fetch: scriptedFetch(failure).fn,
        now: () => now,
      }).decimalPlaces();
      expect(places?.get('BHD')).toBe(3);
    }
  });

  it('no list and no cache → null (the fallback table applies)', async () => {
    const places = await remoteCurrencies({
      baseUrl: BASE,
      cacheDir: dir,
      fetch: scriptedFetch(new TypeError('down')).fn,
    }).decimalPlaces();
    expect(places).toBeNull();
  });

  it.each([
    [404, 'not_found'],
    [403, 'authentication_missing'],
  ])(
    "the real API's %i (%s) → null silently, and cached too (a warm cache costs no call)",
    async (status, code) => {
      const missing = scriptedFetch(json({ error: { code } }, status));
      expect(
        await remoteCurrencies({ baseUrl: BASE, cacheDir: dir, fetch: missing.fn }).decimalPlaces(),
      ).toBeNull();
      const again = scriptedFetch(new Error('must not be called'));
      expect(
        await remoteCurrencies({ baseUrl: BASE, cacheDir: dir, fetch: again.fn }).decimalPlaces(),
      ).toBeNull();
      expect(again.calls).toHaveLength(0);
    },
  );

  it('--no-cache (cacheDir null) always fetches and writes nothing', async () => {
    await remoteCurrencies({
      baseUrl: BASE,
      cacheDir: dir,
      fetch: scriptedFetch(json(LIST)).fn,
    }).decimalPlaces();
    const bypass = scriptedFetch(json({ data: [{ code: 'BHD', decimal_places: 2 }] }));
    const places = await remoteCurrencies({
      baseUrl: BASE,
      cacheDir: null,
      fetch: bypass.fn,
    }).decimalPlaces();
    expect(bypass.calls).toHaveLength(1);
    expect(places?.get('BHD')).toBe(2);
    const cached = JSON.parse(await readFile(cacheFileFor(dir, BASE), 'utf8'));
    expect(cached.currencies).toEqual(LIST.data);
  });

  it('writes atomically (no temporary files left) and ignores a corrupt cache file', async () => {
    await writeFile(cacheFileFor(dir, BASE), '{"half');
    const { fn, calls } = scriptedFetch(json(LIST));
    expect(
      (await remoteCurrencies({ baseUrl: BASE, cacheDir: dir, fetch: fn }).decimalPlaces())?.get('USD'),
    ).toBe(2);
    expect(calls).toHaveLength(1);
    expect(await readdir(dir)).toEqual([cacheFileFor(dir, BASE).split('/').at(-1)]);
  });

  it('asks once per source, however many pages are shown', async () => {
    const { fn, calls } = scriptedFetch(json(LIST));
    const source = remoteCurrencies({ baseUrl: BASE, cacheDir: null, fetch: fn });
    await source.decimalPlaces();
    await source.decimalPlaces();
    expect(calls).toHaveLength(1);
  });

  it('lives under $XDG_CACHE_HOME/paddle-catalog, else the platform cache directory', () => {
    expect(defaultCacheDir({ XDG_CACHE_HOME: '/x/cache' }, 'linux', '/home/u')).toBe(
      '/x/cache/paddle-catalog',
    );
    expect(defaultCacheDir({}, 'linux', '/home/u')).toBe('/home/u/.cache/paddle-catalog');
    expect(defaultCacheDir({}, 'darwin', '/Users/u')).toBe('/Users/u/Library/Caches/paddle-catalog');
    expect(defaultCacheDir({ LOCALAPPDATA: 'C:/L' }, 'win32', 'C:/U')).toMatch(
      /^C:\/L.paddle-catalog.Cache$/,
    );
  });
});
