// The API key must never reach any output. Every line the reporter writes passes through here: the
// configured key is masked whatever its letter case or encoding — raw, percent-encoded (in part or
// whole), base64 or base64url (also inside a longer base64 text, as in `Basic user:key`, and
// percent-encoded) — and anything shaped like a Paddle key is masked too. Then any run of 12 or
// more characters of its secret part is masked wherever it stands (secret-runs.ts): alone, cut,
// reversed, in hex, percent-encoded twice, as HTML entities, or split by invisible characters,
// spaces or dashes.
import { maskSecretRuns } from './secret-runs.js';

const KEY_SHAPE = /pdl_(?:live|sdbx|test)_apikey_[A-Za-z0-9_]+/gi;
const REDACTED = '[redacted]';
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

export function redactSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length >= MIN_SECRET_LENGTH)
      out = maskSecretRuns(out.replace(secretPattern(secret), REDACTED), secret);
  }
  return out.replace(KEY_SHAPE, (match) => `${match.slice(0, 'pdl_sdbx_apikey_'.length)}${REDACTED}`);
}

/** Whether `text` holds one of `secrets` in any of the forms redactSecrets masks. */
export function holdsSecret(text: string, secrets: readonly string[]): boolean {
  return redactSecrets(text, secrets) !== text;
}
