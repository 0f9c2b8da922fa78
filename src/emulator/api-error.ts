// Paddle's error envelope: what a route throws to answer with an error.

export interface FieldError {
  field: string;
  message: string;
}

type ErrorGroup =
  | 'shared'
  | 'products'
  | 'prices'
  | 'discounts'
  | 'customers'
  | 'transactions'
  | 'subscriptions'
  | 'notifications';

export class ApiFailure extends Error {
  readonly headers: Record<string, string> = {};
  /** the emulator's own words about its flags: never in Paddle's fields (see withHint) */
  hint: string | undefined;

  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string,
    readonly options: {
      group?: ErrorGroup;
      errors?: FieldError[];
      type?: 'request_error' | 'api_error';
    } = {},
  ) {
    super(`${code}: ${detail}`);
  }

  /**
   * What the emulator wants to say about its own settings (a flag that would let the request
   * through): sent as its own `X-Emulator-Hint` header and kept in its request log, while the
   * body stays exactly what Paddle sends.
   */
  withHint(hint: string): this {
    this.hint = hint;
    // a header value is printable ASCII: Node throws on anything else, and the request would hang
    this.headers['x-emulator-hint'] = hint.replace(
      /[^\x20-\x7e]/gu,
      (c) => `\\u{${(c.codePointAt(0) as number).toString(16)}}`,
    );
    return this;
  }

  body(requestId: string): object {
    const group = this.options.group ?? 'shared';
    return {
      error: {
        type: this.options.type ?? 'request_error',
        code: this.code,
        detail: this.detail,
        // live responses carry the /v1/ segment
        documentation_url: `https://developer.paddle.com/v1/errors/${group}/${this.code}`,
        ...(this.options.errors ? { errors: this.options.errors } : {}),
      },
      meta: { request_id: requestId },
    };
  }
}

/** 400 bad_request with every field error at once. */
export function badRequest(errors: FieldError[]): ApiFailure {
  return new ApiFailure(400, 'bad_request', 'Invalid request.', { errors });
}

/** 400 invalid_field: a list query that does not pass validation. */
export function invalidField(errors: FieldError[]): ApiFailure {
  return new ApiFailure(400, 'invalid_field', 'Request does not pass validation.', { errors });
}

/**
 * 400 with a code of Paddle's own for a broken rule: as Paddle sends it, a code and a detail and
 * no `errors[]` (each one's example under developer.paddle.com/errors/<group>/<code>).
 */
export function domainError(code: string, detail: string, group: ErrorGroup): ApiFailure {
  return new ApiFailure(400, code, detail, { group });
}

export function notFound(entity: string, id: string): ApiFailure {
  return new ApiFailure(404, 'not_found', `${entity} ${id} not found.`);
}

export function entityArchived(entity: string, id: string): ApiFailure {
  return new ApiFailure(400, 'entity_archived', `${entity} ${id} is archived and cannot be modified.`);
}

export function forbidden(): ApiFailure {
  return new ApiFailure(403, 'forbidden', "You aren't permitted to perform this request.");
}

export function internalError(): ApiFailure {
  return new ApiFailure(
    500,
    'internal_error',
    'Problem processing your request. The Paddle team has been notified.',
    {
      type: 'api_error',
    },
  );
}

export function tooManyRequests(retryAfterSeconds: number): ApiFailure {
  const failure = new ApiFailure(
    429,
    'too_many_requests',
    'IP address exceeded the allowed rate limit. Retry after the number of seconds in the Retry-After header.',
    { type: 'api_error' },
  );
  failure.headers['retry-after'] = String(retryAfterSeconds);
  return failure;
}
