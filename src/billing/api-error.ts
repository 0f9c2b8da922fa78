// An error the billing API answered with becomes
// `{error: <code>}`; any other failure (network, timeout, a bug) propagates.
import { RemoteError } from '../errors.js';

/**
 * The `{error: code}` result, with the API's answer behind it as `cause` when there is one (its
 * detail, hint and request id, for the CLI or an app's log). Like an Error's own `cause`, it is
 * not enumerable: the result serialises as exactly `{"error": code}`, the shape apps return.
 */
export interface ErrorResult {
  error: string;
  readonly cause?: RemoteError;
}

/** @internal View tests build a billing error result with it. */
export function errorResult(code: string, cause?: RemoteError): ErrorResult {
  const result = { error: code };
  if (cause) Object.defineProperty(result, 'cause', { value: cause, enumerable: false });
  return result;
}

/** The result for `error` when it is an answer from the API; anything else is thrown again. */
export function apiErrorResult(error: unknown): ErrorResult {
  // A RemoteError has a `type` only when it was built from an API error body (src/paddle/remote-error.ts).
  if (error instanceof RemoteError && error.details.type !== undefined) {
    return errorResult(error.details.code, error);
  }
  throw error;
}
