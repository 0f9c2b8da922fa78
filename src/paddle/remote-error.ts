// Turns whatever a Paddle call threw (the SDK's ApiError, a network failure, a timeout, a
// non-JSON body) into our RemoteError, with the request id and the operation we were doing.
import { type FieldError, RemoteError, type RemoteErrorDetails } from '../errors.js';

interface ApiErrorLike {
  type?: unknown;
  code: unknown;
  detail: unknown;
  documentationUrl?: unknown;
  errors?: unknown;
  retryAfter?: unknown;
}

function isApiErrorLike(error: unknown): error is ApiErrorLike {
  return (
    typeof error === 'object' && error !== null && 'code' in error && 'detail' in error && 'type' in error
  );
}

/** A field of an error answer as text: the server may send anything where Paddle sends a string. */
const text = (value: unknown): string | undefined =>
  typeof value === 'string'
    ? value
    : value === undefined || value === null
      ? undefined
      : JSON.stringify(value);

function fieldErrors(value: unknown): FieldError[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.map((item) => {
    const e = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
    return { field: text(e.field) ?? '', message: text(e.message) ?? '' };
  });
}

/**
 * The parts of an error answer (`error` of the body, or the SDK's ApiError), every one checked:
 * a body with no code or detail is `invalid_response` with the HTTP status, not a Paddle error.
 */
export function errorAnswerDetails(
  raw: unknown,
  status?: number,
): Pick<RemoteErrorDetails, 'type' | 'code' | 'detail' | 'documentationUrl' | 'errors'> {
  const e = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const code = text(e.code);
  const detail = text(e.detail);
  if (code === undefined || detail === undefined) {
    return {
      code: BAD_RESPONSE,
      detail: `${status ? `HTTP ${status}: ` : ''}the answer holds no error as Paddle sends it`,
    };
  }
  return {
    type: text(e.type),
    code,
    detail,
    documentationUrl: text(e.documentation_url ?? e.documentationUrl),
    errors: fieldErrors(e.errors),
  };
}

/** Codes for failures that never produced a Paddle error body. */
export const NETWORK_ERROR = 'network_error';
export const TIMEOUT_ERROR = 'timeout';
export const BAD_RESPONSE = 'invalid_response';

export function toRemoteError(
  error: unknown,
  info: { operation?: string; requestId?: string; status?: number },
): RemoteError {
  if (error instanceof RemoteError) return error;
  if (isApiErrorLike(error)) {
    return new RemoteError({
      ...errorAnswerDetails(error, info.status),
      status: info.status,
      retryAfterSeconds: typeof error.retryAfter === 'number' ? error.retryAfter : undefined,
      requestId: info.requestId,
      operation: info.operation,
    });
  }
  const message = error instanceof Error ? error.message : String(error);
  const name = error instanceof Error ? error.name : '';
  if (name === 'TimeoutError' || name === 'AbortError') {
    return new RemoteError({
      code: TIMEOUT_ERROR,
      detail: `no answer in time (${message})`,
      operation: info.operation,
    });
  }
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : undefined;
  // fetch rejects with TypeError('fetch failed') and the socket error as its cause
  if (message === 'fetch failed' || (cause && 'code' in cause)) {
    return new RemoteError({
      code: NETWORK_ERROR,
      detail: `${message}${cause ? `: ${cause.message}` : ''}`,
      operation: info.operation,
    });
  }
  // anything else went wrong reading an answer that did arrive: not JSON, or not Paddle's shape
  return new RemoteError({
    code: BAD_RESPONSE,
    status: info.status,
    detail: `the API's answer could not be read (${message})`,
    requestId: info.requestId,
    operation: info.operation,
  });
}

/**
 * A 501 (Not Implemented) carrying Paddle's error is its final answer, not a server failure: Paddle
 * sends it for a change it will not make, e.g. items of a paused subscription with a mode that bills
 * now (https://developer.paddle.com/errors/subscriptions/subscription_update_error_when_paused,
 * status 501), and the same request gets the same answer. A 501 page without Paddle's error (a
 * proxy's) is not this.
 */
export const isFinalRefusal = ({ details }: RemoteError) =>
  details.status === 501 && details.code !== BAD_RESPONSE;

/** Whether the request may have reached the server and done its work (a retry could duplicate it). */
export function isAmbiguous(error: RemoteError): boolean {
  const { code, status } = error.details;
  return (
    code === NETWORK_ERROR ||
    code === TIMEOUT_ERROR ||
    code === BAD_RESPONSE ||
    (status !== undefined && status >= 500 && !isFinalRefusal(error))
  );
}

export function isRetryable(error: RemoteError): boolean {
  const { code, status } = error.details;
  // a 200 whose body makes no sense will not make sense on the next try either
  if (code === BAD_RESPONSE && (status === undefined || status < 500)) return false;
  return code === 'too_many_requests' || isAmbiguous(error);
}

/**
 * Paddle's answer to a key without the permission a call needs: 403 `forbidden`
 * (https://developer.paddle.com/errors/shared/forbidden), which a read can work around by saying
 * what it could not show. Paddle's other 403s (`invalid_token`, `authentication_missing`,
 * `authentication_malformed`) are a key it did not accept at all: never worked around.
 */
export const isForbidden = (error: unknown): boolean =>
  error instanceof RemoteError && error.code === 'forbidden';
