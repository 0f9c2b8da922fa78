// PADDLE_API_URL given as host:port without a scheme: the error says which URL was meant.
import { describe, expect, it } from 'vitest';
import { UserError } from '../../src/errors.js';
import { resolveBaseUrl } from '../../src/paddle/target.js';

function refusal(override: string): UserError {
  try {
    resolveBaseUrl('sandbox', override);
  } catch (error) {
    if (error instanceof UserError) return error;
    throw error;
  }
  throw new Error(`${override} was accepted`);
}

describe('PADDLE_API_URL without a scheme suggests the URL it means', () => {
  it.each([
    ['127.0.0.1:4010', 'PADDLE_API_URL=http://127.0.0.1:4010'],
    ['localhost:4010', 'PADDLE_API_URL=http://localhost:4010'],
    ['[::1]:4010', 'PADDLE_API_URL=http://[::1]:4010'],
    ['proxy.example.com:8443', 'PADDLE_API_URL=https://proxy.example.com:8443'],
  ])('%s', (override, suggestion) => {
    const error = refusal(override);
    expect(error.message).toContain('no scheme');
    expect(error.hint).toContain(suggestion);
  });

  it('a URL with its scheme is taken as before', () => {
    expect(resolveBaseUrl('sandbox', 'http://127.0.0.1:4010/')).toBe('http://127.0.0.1:4010');
  });
});
