// The one failure document: every kind builds the same shape, and every kind exits 1 but a bug (70).
import { describe, expect, it } from 'vitest';
import { EXIT_BUG, EXIT_ERROR, exitCodeOf } from '../../src/views/exit-codes.js';
import { type ErrorKind, failure, failureDocument } from '../../src/views/failure.js';

const KINDS: readonly ErrorKind[] = [
  'user',
  'usage',
  'invalid-catalog',
  'invalid-references',
  'api',
  'not-verified',
  'interrupted',
  'timeout',
  'bug',
];

describe('the failure document', () => {
  it.each(KINDS)('%s: {"ok": false, "error": {"kind", "message", …}}', (kind) => {
    const document = failureDocument(failure(kind, { message: 'what went wrong' }));
    expect(JSON.parse(JSON.stringify(document))).toEqual({
      ok: false,
      error: { kind, message: 'what went wrong' },
    });
  });

  it('keeps the fields in the order given, after the kind (the document reads the same every time)', () => {
    const error = failure('timeout', { seconds: 5, message: 'gave up' });
    expect(Object.keys(error)).toEqual(['kind', 'seconds', 'message']);
    expect(Object.keys(failureDocument(error, { environment: 'sandbox' }))).toEqual([
      'ok',
      'environment',
      'error',
    ]);
  });

  it.each(KINDS)('%s: exit 1, or 70 for a bug of ours', (kind) => {
    expect(exitCodeOf(kind)).toBe(kind === 'bug' ? EXIT_BUG : EXIT_ERROR);
  });
});
