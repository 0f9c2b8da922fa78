// The key is masked whatever its letter case or encoding: a proxy that upper-cases it, percent-
// encodes it or puts it in base64 (alone, in `Basic user:key`, percent-encoded again) cannot get it
// printed. The CLI runs against such a server are in secrets-errors.test.ts ('echo-encoded-in-error').
import { describe, expect, it } from 'vitest';
import { holdsSecret, redactDocument, redactSecrets } from '../../src/terminal/redact.js';
import {
  CANARY,
  encodedForms,
  expectNoKey,
  LIVE_CANARY,
  ODD_CANARY,
  ODD_SECRET,
  SECRET,
} from '../support/canary.js';

describe('masking that cannot be talked around (the key is never printed)', () => {
  it.each([CANARY, ODD_CANARY])('every encoded form of %s is masked where it stands', (key) => {
    for (const form of encodedForms(key)) {
      const masked = redactSecrets(`before ${form} after`, [key]);
      expect(masked).toMatch(/^before .*\[redacted\].* after$/);
      expectNoKey(`the masked ${form}`, masked, key);
      expect(holdsSecret(form, [key])).toBe(true);
    }
  });

  it('a Paddle-shaped key in any letter case is masked without being the configured one', () => {
    const shown = redactSecrets(`a ${LIVE_CANARY.toUpperCase()} b ${LIVE_CANARY}`, []);
    expect(shown).toBe('a PDL_LIVE_APIKEY_[redacted] b pdl_live_apikey_[redacted]');
  });

  it('other text is left alone: words, short values, a key of another length', () => {
    const text = 'pdl_ prices, Basic YWRtaW46, %20 and 100%';
    expect(redactSecrets(text, [CANARY, 'short'])).toBe(text);
    expect(holdsSecret(text, [CANARY])).toBe(false);
  });
});

const secretOf = (key: string) => (key === CANARY ? SECRET : ODD_SECRET);
const hex = (text: string) => Buffer.from(text).toString('hex');
const entities = (text: string, format: (code: number) => string) =>
  [...text].map((char) => format(char.codePointAt(0) as number)).join('');

/** The ways a key was seen to slip past the masking: each must be masked, and nothing of it left. */
const slippedForms: [string, (key: string) => string][] = [
  ['a zero-width space inside', (key) => `${key.slice(0, -10)}\u200b${key.slice(-10)}`],
  [
    'a soft hyphen and a word joiner inside',
    (key) => `${key.slice(0, -13)}\u00ad${key.slice(-13, -6)}\u2060${key.slice(-6)}`,
  ],
  ['the secret part alone', (key) => secretOf(key)],
  ['12 characters of the secret part (a dash is not one)', (key) => secretOf(key).slice(3, 16)],
  ['hex', (key) => hex(key)],
  ['upper-case hex of the secret part, at an odd place', (key) => `a${hex(secretOf(key)).toUpperCase()}`],
  ['reversed', (key) => [...key].reverse().join('')],
  ['percent-encoded twice', (key) => entities(key, (code) => `%25${code.toString(16)}`)],
  ['decimal HTML entities', (key) => entities(key, (code) => `&#${code};`)],
  ['hex HTML entities', (key) => entities(key, (code) => `&#x${code.toString(16)};`)],
  ['JSON \\u escapes', (key) => entities(key, (code) => `\\u${code.toString(16).padStart(4, '0')}`)],
  ['a space between every character', (key) => [...key].join(' ')],
  ['a dash between every character', (key) => [...key].join('-')],
];

describe('any run of the secret part is masked, after invisible characters are removed', () => {
  it.each(slippedForms)('%s', (_how, form) => {
    for (const key of [CANARY, ODD_CANARY]) {
      const text = `before ${form(key)} after`;
      const masked = redactSecrets(text, [key]);
      expect(masked, text).toMatch(/^before .*\[redacted\].* after$/);
      expect(holdsSecret(masked, [key]), masked).toBe(false);
      expectNoKey(`the masked ${text}`, masked, key);
    }
  });

  it('11 characters of it, and ordinary hex, spaced or dashed text, are left alone', () => {
    const text = `${SECRET.slice(0, 11)} 2f9c-41aa-9e0b-6d1c3f2a7b55 a b c d e f g h i j k l m n o p`;
    expect(redactSecrets(text, [CANARY, ODD_CANARY])).toBe(text);
  });
});

describe('a webhook signing secret is masked like a key', () => {
  it('pdl_ntfset_… keeps its prefix and loses its secret, in any letter case', () => {
    const secret = 'pdl_ntfset_01gkpjp8bkm3tm53kdgkx6sms7_6h3qd3uFSi9YCD3OLYAShQI90XTI3vEI';
    const shown = redactSecrets(`secret=${secret}; again "${secret.toUpperCase()}"`, []);
    expect(shown).not.toContain('6h3qd3uFSi9YCD3OLYAShQI90XTI3vEI');
    expect(shown.toLowerCase()).not.toContain('01gkpjp8bkm3tm53kdgkx6sms7');
    expect(shown).toBe('secret=pdl_ntfset_[redacted]; again "PDL_NTFSET_[redacted]"');
    expect(holdsSecret(secret, [])).toBe(true);
  });

  it('in a JSON document, value by value', () => {
    const secret = 'pdl_ntfset_01hv8x29kz0t586xy6zn1a62ne_SeCrEtPaRt123';
    const doc = redactDocument({ endpoint_secret_key: secret, note: `was ${secret}` }, []);
    expect(doc).toEqual({ endpoint_secret_key: 'pdl_ntfset_[redacted]', note: 'was pdl_ntfset_[redacted]' });
  });
});
