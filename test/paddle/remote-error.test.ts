import { describe, expect, it } from 'vitest';
import { RemoteError } from '../../src/errors.js';
import { isAmbiguous, isForbidden, isRetryable, toRemoteError } from '../../src/paddle/remote-error.js';

const socketError = Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' });

describe('toRemoteError: what a failed call was', () => {
  it('a fetch that failed on the socket is a network error: ambiguous and retried', () => {
    const error = toRemoteError(new TypeError('fetch failed', { cause: socketError }), {
      operation: 'create product pro',
    });
    expect(error.code).toBe('network_error');
    expect(error.message).toContain('other side closed');
    expect(isAmbiguous(error) && isRetryable(error)).toBe(true);
  });

  it('a timeout is ambiguous and retried', () => {
    const error = toRemoteError(new DOMException('The operation timed out.', 'TimeoutError'), {});
    expect(error.code).toBe('timeout');
    expect(isRetryable(error)).toBe(true);
  });

  it("an answer that is not JSON, or not in Paddle's shape, is invalid_response and not retried", () => {
    for (const thrown of [
      new SyntaxError('Unexpected token <'),
      new TypeError('page.map is not a function'),
    ]) {
      const error = toRemoteError(thrown, { status: 200, requestId: 'req_1' });
      expect(error.code).toBe('invalid_response');
      expect(error.details.requestId).toBe('req_1');
      expect(isRetryable(error)).toBe(false);
      expect(isAmbiguous(error)).toBe(true);
    }
  });

  it('a non-JSON 5xx page (a proxy error) is still retried', () => {
    const error = toRemoteError(new SyntaxError('Unexpected token <'), { status: 502 });
    expect(isRetryable(error)).toBe(true);
  });

  it("a 501 with Paddle's error (subscription_update_error_when_paused) is final: neither ambiguous nor retried", () => {
    // https://developer.paddle.com/errors/subscriptions/subscription_update_error_when_paused: status 501
    const paused = {
      type: 'request_error',
      code: 'subscription_update_error_when_paused',
      detail: 'paused subscriptions cannot be updated with prorate, or bill immediately enabled',
    };
    const error = toRemoteError(paused, { status: 501 });
    expect([isAmbiguous(error), isRetryable(error)]).toEqual([false, false]);
    const proxyPage = toRemoteError(new SyntaxError('Unexpected token <'), { status: 501 });
    expect(isRetryable(proxyPage)).toBe(true);
  });

  it("the SDK's ApiError keeps code, detail, field errors, Retry-After and the request id", () => {
    const apiError = {
      type: 'request_error',
      code: 'bad_request',
      detail: 'Invalid request.',
      documentationUrl: 'https://developer.paddle.com/errors/shared/bad_request',
      errors: [{ field: 'trial_period', message: 'requires billing_cycle' }],
      retryAfter: null,
    };
    const error = toRemoteError(apiError, {
      status: 400,
      requestId: 'req_2',
      operation: 'create price pro/once',
    });
    expect(error.details).toMatchObject({
      status: 400,
      code: 'bad_request',
      errors: [{ field: 'trial_period', message: 'requires billing_cycle' }],
      requestId: 'req_2',
      operation: 'create price pro/once',
    });
    expect(isRetryable(error)).toBe(false);
  });
});

describe('isForbidden: a key without a permission, which a read works around', () => {
  // https://developer.paddle.com/errors/shared/forbidden; the other 403s are a key not accepted at all
  it.each([
    ['forbidden', true],
    ['invalid_token', false],
    ['authentication_missing', false],
    ['authentication_malformed', false],
  ])('403 %s: %s', (code, forbidden) => {
    const error = new RemoteError({ code, detail: 'no', status: 403, operation: 'count' });
    expect(isForbidden(error)).toBe(forbidden);
  });

  it('a 403 whose body is not Paddle’s error is not taken for a missing permission', () => {
    expect(isForbidden(new RemoteError({ code: 'invalid_response', detail: '<html>', status: 403 }))).toBe(
      false,
    );
    expect(isForbidden(new Error('forbidden'))).toBe(false);
  });
});
