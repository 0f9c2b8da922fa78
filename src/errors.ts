// The few kinds of failure the tool knows (an invalid catalog is src/catalog/issue.ts). The CLI turns
// each into a message and an exit code in one place (src/views/failure.ts); everything else that
// is thrown is treated as a bug. This file imports nothing: every layer may use it.

/** A mistake the user can fix: a bad flag, a missing key, a refused confirmation. Exit 1, no stack. */
export class UserError extends Error {
  override name = 'UserError';
  constructor(
    message: string,
    readonly hint?: string,
    /** what the message names, as data for the --json document's `error` (e.g. apply's look-alikes) */
    readonly data?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export interface FieldError {
  field: string;
  message: string;
}

export interface RemoteErrorDetails {
  /** HTTP status, when a response arrived */
  status?: number;
  type?: string;
  /** Paddle's error code (`forbidden`, `bad_request`, `product_tax_category_not_approved`, …) */
  code: string;
  detail: string;
  documentationUrl?: string;
  errors?: FieldError[];
  requestId?: string;
  retryAfterSeconds?: number;
  /** what we were doing, e.g. `create product pro` */
  operation?: string;
  /**
   * For a 403: the permissions Paddle's API reference lists for the refused call (its own, then its
   * `include` values'); empty when it lists none.
   */
  permissions?: string[];
}

/** The Paddle API (or the network to it) said no. */
export class RemoteError extends Error {
  override name = 'RemoteError';
  readonly details: RemoteErrorDetails;
  constructor(details: RemoteErrorDetails) {
    super(details.detail);
    this.details = details;
  }
  get code(): string {
    return this.details.code;
  }
}

/** A broken invariant inside the tool: a bug. Printed with its stack and a request to report it. */
export class InternalError extends Error {
  override name = 'InternalError';
}
