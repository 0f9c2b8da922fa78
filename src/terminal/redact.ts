// The API key must never reach any output. Every line the reporter writes passes through here: the
// configured key is masked whatever its letter case or encoding — raw, percent-encoded (in part or
// whole), base64 or base64url (also inside a longer base64 text, as in `Basic user:key`, and
// percent-encoded) — and anything shaped like a Paddle key is masked too. Then any run of 12 or
// more characters of its secret part is masked wherever it stands (secret-runs.ts): alone, cut,
// reversed, in hex, percent-encoded twice, as HTML entities, or split by invisible characters,
// spaces or dashes. A JSON document is masked value by value (redactDocument), never as text.
import { API_KEY_PREFIX } from '../paddle-facts/environments.js';
import { ENDPOINT_SECRET_SHAPE } from '../paddle-facts/notifications.js';
import { maskSecretRuns } from './secret-runs.js';

/** What follows an environment's prefix in every Paddle API key. */
const KEY_KIND = 'apikey_';
/** Paddle's key prefixes, and `pdl_test_` too: a key of a kind we do not know is masked all the same. */
const PREFIXES = [...Object.values(API_KEY_PREFIX), 'pdl_test_'];
const KEY_SHAPE = new RegExp(`(?:${PREFIXES.join('|')})${KEY_KIND}[A-Za-z0-9_]+`, 'gi');
/** The part of a key-shaped text left readable: its prefix and kind, which name the environment. */
const KEY_HEAD_LENGTH = Math.max(...PREFIXES.map((prefix) => prefix.length)) + KEY_KIND.length;
const REDACTED = '[redacted]';
/** A webhook signing secret in any letter case (a proxy may upper-case it); its prefix stays readable. */
const ENDPOINT_SECRET = new RegExp(ENDPOINT_SECRET_SHAPE.source, 'gi');
const ENDPOINT_SECRET_HEAD_LENGTH = 'pdl_ntfset_'.length;
/** Shorter values are not secrets worth matching (and would mask ordinary words). */
const MIN_SECRET_LENGTH = 8;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/** One character as it may be written: itself, or percent-encoded (the `i` flag covers case). */
function charPattern(char: string): string {
  const encoded = [...Buffer.from(char, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`);
  return `(?:${escapeRegExp(char)}|${encoded.join('')})`;
}

const textPattern = (text: string) => [...text].map(charPattern).join('');

/**
 * The base64 characters that encode `secret` wherever it starts in a longer text: for each of the
 * three alignments, the groups made of the secret's bytes alone (neighbours change the others).
 */
function base64Cores(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8');
  const cores = [0, 1, 2].map((offset) => {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64');
    return encoded.slice(offset === 0 ? 0 : 4, Math.floor((offset + bytes.length) / 3) * 4);
  });
  const urlSafe = cores.map((core) => core.replaceAll('+', '-').replaceAll('/', '_'));
  return [...new Set([...cores, ...urlSafe])].filter((core) => core.length > 0);
}

const patterns = new Map<string, RegExp>();

/** Every way `secret` may be written, as one expression (built once per secret). */
function secretPattern(secret: string): RegExp {
  let pattern = patterns.get(secret);
  if (!pattern) {
    const forms = [secret, ...base64Cores(secret)].map(textPattern);
    pattern = new RegExp(forms.join('|'), 'gi');
    patterns.set(secret, pattern);
  }
  return pattern;
}

/** Each whole secret in every form it may be written, then (`runs`) any run of its secret part. */
function mask(text: string, secrets: readonly string[], runs: boolean): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length < MIN_SECRET_LENGTH) continue;
    out = out.replace(secretPattern(secret), REDACTED);
    if (runs) out = maskSecretRuns(out, secret);
  }
  // a webhook signing secret (pdl_ntfset_…) is masked like a key: its prefix stays, never its secret
  return out
    .replace(KEY_SHAPE, (match) => `${match.slice(0, KEY_HEAD_LENGTH)}${REDACTED}`)
    .replace(ENDPOINT_SECRET, (match) => `${match.slice(0, ENDPOINT_SECRET_HEAD_LENGTH)}${REDACTED}`);
}

export const redactSecrets = (text: string, secrets: readonly string[]): string => mask(text, secrets, true);

/**
 * A JSON document with the key masked in the text of its values: its structure — the names of its
 * fields, its numbers, its syntax — stays as it is, so it still reads as the same kind of document
 * (a made-up key whose secret part holds a word, `…Subscription…`, would otherwise rename a field
 * `subscription`). A field's name is masked only where it holds a whole key (pasted as a
 * custom_data key), never for a run of one, which a word of ours may be.
 */
export function redactDocument<T>(document: T, secrets: readonly string[]): T {
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') return mask(value, secrets, true);
    if (Array.isArray(value)) return value.map(walk);
    if (typeof value !== 'object' || value === null) return value;
    return Object.fromEntries(
      Object.entries(value).map(([name, v]) => [mask(name, secrets, false), walk(v)]),
    );
  };
  // as JSON sees it (dates as text, no undefined), then masked field by field
  return walk(JSON.parse(JSON.stringify(document) ?? 'null')) as T;
}

/** Whether `text` holds one of `secrets` in any of the forms redactSecrets masks. */
export function holdsSecret(text: string, secrets: readonly string[]): boolean {
  return redactSecrets(text, secrets) !== text;
}
