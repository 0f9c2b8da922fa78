// The key is masked whatever its letter case or encoding: a proxy that upper-cases it, percent-
// encodes it or puts it in base64 (alone, in `Basic user:key`, percent-encoded again) cannot get it
// printed. The CLI runs against such a server are in secrets-errors.test.ts ('echo-encoded-in-error').
import { describe, expect, it } from 'vitest';
import { holdsSecret, redactSecrets } from '../../src/terminal/redact.js';
import { CANARY, encodedForms, expectNoKey, LIVE_CANARY, ODD_CANARY } from './support/canary.js';

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
