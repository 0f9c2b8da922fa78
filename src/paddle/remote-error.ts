// Turns whatever a Paddle call threw (the SDK's ApiError, a network failure, a timeout, a
// non-JSON body) into our RemoteError, with the request id and the operation we were doing.
import { type FieldError, RemoteError } from '../errors.js';

interface ApiErrorLike {
  type?: string;
  code: string;
  detail: string;
  documentationUrl?: string;
  errors?: FieldError[] | null;
  retryAfter?: number | null;
}

function isApiErrorLike(error: unknown): error is ApiErrorLike {
  return (
    typeof error === 'object' && error !== null && 'code' in error && 'detail' in error && 'type' in error
  );
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
      status: info.status,
      type: error.type,
      code: error.code,
      detail: error.detail,
      documentationUrl: error.documentationUrl ?? undefined,
      errors: error.errors ?? undefined,
      retryAfterSeconds: error.retryAfter ?? undefined,
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

/** Whether the request may have reached the server and done its work (a retry could duplicate it). */
export function isAmbiguous(error: RemoteError): boolean {
  const { code, status } = error.details;
  return (
    code === NETWORK_ERROR ||
    code === TIMEOUT_ERROR ||
    code === BAD_RESPONSE ||
    (status !== undefined && status >= 500)
  );
}

export function isRetryable(error: RemoteError): boolean {
  const { code, status } = error.details;
  // a 200 whose body makes no sense will not make sense on the next try either
  if (code === BAD_RESPONSE && (status === undefined || status < 500)) return false;
  return code === 'too_many_requests' || isAmbiguous(error);
}
