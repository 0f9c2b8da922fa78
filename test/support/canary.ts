// A distinctive API key for the secret-hygiene suites, an emulator that accepts it, and a scan of
// everything a run printed or wrote. A key is 'pdl_sdbx_apikey_<26>_<26>'.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { type EmulatorSeed, type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { ALL_PERMISSIONS } from '../../src/emulator/types.js';

const ID = '01hzzzzzzzzzzzzzzzzzzzzzzz';
/** the key's secret half: what must never be seen, even if the prefix is cut off */
export const SECRET = 'SECRETcanary7Q2x9Zk4Lm6Np8';
export const CANARY = `pdl_sdbx_apikey_${ID}_${SECRET}`;
export const LIVE_CANARY = `pdl_live_apikey_${ID}_${SECRET}`;
/** not Paddle's shape: masking must come from knowing the key, not from recognising its shape */
export const ODD_SECRET = 'SECRET-odd.canary~Zq81';
export const ODD_CANARY = `pdl_sdbx_${ODD_SECRET}`;

/** The demo account (demo@example.com and its history), with the canary keys as seeded keys. */
export function canaryEmulator(permissions: readonly string[] = ALL_PERMISSIONS): Promise<RunningEmulator> {
  const seed: EmulatorSeed = {
    api_keys: [CANARY, ODD_CANARY].map((key) => ({ key, permissions: [...permissions] })),
  };
  return startEmulator({ seed });
}

/** A key as a careless proxy might echo it: upper-cased, percent-encoded, in base64 (alone or in Basic auth). */
export function encodedForms(key: string): string[] {
  const base64 = (text: string) => Buffer.from(text).toString('base64');
  return [
    key.toUpperCase(),
    [...Buffer.from(key)].map((byte) => `%${byte.toString(16).toUpperCase()}`).join(''),
    encodeURIComponent(key).replaceAll('_', '%5f'),
    base64(key),
    Buffer.from(key).toString('base64url'),
    base64(`admin:${key}`),
    encodeURIComponent(base64(`x${key}`)),
  ];
}

/**
 * The fragments of a key that must not appear: the whole key, its secret half (in any letter case)
 * and the middle of each encoded form (its ends may encode neighbouring text).
 */
function fragmentsOf(key: string): string[] {
  const secret = key.includes(ODD_SECRET) ? ODD_SECRET : SECRET;
  const middles = encodedForms(key.trim()).map((form) => form.slice(8, -4));
  return [key.trim(), secret, secret.toUpperCase(), secret.toLowerCase(), ...middles];
}

export function expectNoKey(where: string, text: string, key = CANARY): void {
  for (const fragment of fragmentsOf(key))
    expect(text.includes(fragment), `${fragment} in ${where}`).toBe(false);
}

/** Every file under a directory, recursively, with its text (binary files read as latin1). */
async function filesUnder(dir: string): Promise<{ path: string; text: string }[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  const files = entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
  return Promise.all(files.map(async (path) => ({ path, text: await readFile(path, 'latin1') })));
}

export async function expectNoKeyInFiles(dir: string, key = CANARY): Promise<number> {
  const files = await filesUnder(dir);
  for (const { path, text } of files) expectNoKey(path, text, key);
  return files.length;
}

export async function withTempDir<T>(prefix: string, body: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  try {
    return await body(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
