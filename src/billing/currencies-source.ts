// The currencies list (`GET /currencies`, no key) for the decimal places of totals, cached on disk
// for 24 hours per base URL. The real API has no such endpoint: a 404 (or a 401/403 for a call
// without a key) means "use the table" and is cached too, so a warm cache costs no request either way. On any other failure the stale
// copy is used, or the table. Nothing here ever fails a history.
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { readBounded } from '../files/bounded-read.js';
import type { Currency } from '../paddle-facts/currencies.js';
import type { CurrencySource } from './ports.js';

/** @internal The cache test steps its clock to either side of this age. */
export const CURRENCIES_TTL_MS = 24 * 60 * 60 * 1000;
const TIMEOUT_MS = 5_000;

export interface CurrencySourceOptions {
  /** the API base URL, no trailing slash */
  baseUrl: string;
  /** where to keep the cache; null bypasses it (--no-cache) */
  cacheDir: string | null;
  fetch?: typeof globalThis.fetch;
  now?: () => number;
}

interface CacheFile {
  baseUrl: string;
  fetchedAt: number;
  /** null: the endpoint is not there for us (404, 401, 403) */
  currencies: Currency[] | null;
}

/** $XDG_CACHE_HOME/paddle-catalog, else the platform's cache directory (under `env`'s HOME). */
export function defaultCacheDir(
  env: NodeJS.ProcessEnv,
  platform: NodeJS.Platform = process.platform,
  home: string = env.HOME || homedir(),
): string {
  if (env.XDG_CACHE_HOME) return join(env.XDG_CACHE_HOME, 'paddle-catalog');
  if (platform === 'darwin') return join(home, 'Library', 'Caches', 'paddle-catalog');
  if (platform === 'win32')
    return join(env.LOCALAPPDATA ?? join(home, 'AppData', 'Local'), 'paddle-catalog', 'Cache');
  return join(home, '.cache', 'paddle-catalog');
}

/** @internal The cache test reads and plants the cache file it names. */
export function cacheFileFor(cacheDir: string, baseUrl: string): string {
  const digest = createHash('sha256').update(baseUrl).digest('hex').slice(0, 16);
  return join(cacheDir, `currencies-${digest}.json`);
}

export function remoteCurrencies(options: CurrencySourceOptions): CurrencySource {
  let answer: Promise<ReadonlyMap<string, number> | null> | undefined;
  return {
    // One look-up per source: a paging CLI session asks once.
    decimalPlaces: () => {
      answer ??= load(options).then((list) => (list ? toMap(list) : null));
      return answer;
    },
  };
}

async function load(options: CurrencySourceOptions): Promise<Currency[] | null> {
  const now = options.now ?? Date.now;
  const file = options.cacheDir === null ? null : cacheFileFor(options.cacheDir, options.baseUrl);
  const cached = file ? await readCache(file, options.baseUrl) : null;
  if (cached && now() - cached.fetchedAt < CURRENCIES_TTL_MS) return cached.currencies;
  const fetched = await fetchCurrencies(options);
  if (fetched === 'failed') return cached?.currencies ?? null;
  if (file) await writeCache(file, { baseUrl: options.baseUrl, fetchedAt: now(), currencies: fetched });
  return fetched;
}

/** The list; null when the endpoint is not there for us (404, 401, 403); 'failed' for anything else. */
async function fetchCurrencies(options: CurrencySourceOptions): Promise<Currency[] | null | 'failed'> {
  const fetchFn = options.fetch ?? globalThis.fetch;
  try {
    const response = await fetchFn(`${options.baseUrl}/currencies`, {
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if ([401, 403, 404].includes(response.status)) return null;
    if (!response.ok) return 'failed';
    const body = (await response.json()) as { data?: unknown };
    return isCurrencyList(body.data) ? body.data : 'failed';
  } catch {
    return 'failed';
  }
}

function isCurrencyList(value: unknown): value is Currency[] {
  return (
    Array.isArray(value) &&
    value.every(
      (item) =>
        typeof item?.code === 'string' &&
        Number.isInteger(item?.decimal_places) &&
        item.decimal_places >= 0 &&
        item.decimal_places <= 20,
    )
  );
}

/** Paddle lists some 30 currencies: a few KB; anything else there is not our cache. */
const CACHE_FILE = { kind: 'currencies cache', maxBytes: 1024 * 1024 };

async function readCache(file: string, baseUrl: string): Promise<CacheFile | null> {
  try {
    const read = await readBounded(file, CACHE_FILE);
    if ('refused' in read) return null;
    const parsed = JSON.parse(read.toString('utf8')) as CacheFile;
    const valid =
      parsed.baseUrl === baseUrl &&
      Number.isFinite(parsed.fetchedAt) &&
      (parsed.currencies === null || isCurrencyList(parsed.currencies));
    return valid ? parsed : null;
  } catch {
    return null;
  }
}

/** Write to a temporary file, then rename: a reader never sees half a file. Best effort. */
async function writeCache(file: string, content: CacheFile): Promise<void> {
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await mkdir(dirname(file), { recursive: true });
    await writeFile(temporary, JSON.stringify(content), 'utf8');
    await rename(temporary, file);
  } catch {
    await rm(temporary, { force: true }).catch(() => {});
  }
}

function toMap(list: Currency[]): ReadonlyMap<string, number> {
  return new Map(list.map((currency) => [currency.code.toUpperCase(), currency.decimal_places]));
}
