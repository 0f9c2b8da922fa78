// The one failure document of every command: `{"ok": false, "error": {"kind", "code"?, "message", …}}`,
// its kinds, and its one builder. What each kind exits with is decided in exit-codes.ts.

/** What kind of failure a --json document reports (its `error.kind`). */
export type ErrorKind =
  /** the command line, a file, the key or the situation: the user can fix it and run again */
  | 'user'
  /** commander refused the command line (unknown option, missing argument) */
  | 'usage'
  /** the catalog has errors (validate, and plan, apply and ids before they read the account) */
  | 'invalid-catalog'
  /** refs found ids the account does not have, or the other environment's */
  | 'invalid-references'
  /** Paddle answered with an error */
  | 'api'
  /** apply ran, and the plan after it is not empty */
  | 'not-verified'
  /** Ctrl-C or a termination request stopped the run */
  | 'interrupted'
  /** --timeout ended the run */
  | 'timeout'
  /** a bug of ours (exit 70) */
  | 'bug';

/** What a failure says beside its kind: a message, a code where one applies, what the kind adds. */
export interface FailureFields {
  /** Paddle's error code, commander's, or the billing library's (history, invoice) */
  code?: string;
  message: string;
  [field: string]: unknown;
}

/** The `error` of a failed --json document: its kind first, then its fields. */
export type Failure = { kind: ErrorKind } & FailureFields;

/** The one builder of a failure: `{kind, …fields}`, fields in the order given. */
export function failure(kind: ErrorKind, fields: FailureFields): Failure {
  return { kind, ...fields };
}

/** Every command's failed --json document is `{"ok": false, "error": {"kind", "code"?, "message", …}}`. */
export function failureDocument(error: Failure, fields: Record<string, unknown> = {}) {
  return { ok: false as const, ...fields, error };
}
