// The `{error}` result of a billing action (history, invoice). The library returns `{error: code}` to
// apps; the CLI's --json wraps it in the one failure document of every command,
// `{"ok": false, "error": {"kind", "code", "message", …}}`: an API answer as every command shows one,
// one of the library's own codes (`Forbidden`, `No billing customer`, …) as a user error. For a
// person, the API's answer (detail, hint, request id) or what our code means.
import type { ErrorResult } from '../billing/api-error.js';
import type { Reporter } from '../terminal/reporter.js';
import { shown } from '../text/escape.js';
import { printRemoteError, remoteErrorJson } from './errors.js';
import { EXIT_ERROR } from './exit-codes.js';
import { failure, failureDocument } from './failure.js';
import { show } from './view.js';

export interface BillingError {
  kind: 'error';
  error: ErrorResult;
  /** what one of our own codes means for this request */
  explanation?: string;
}

/** @internal The views test shows a billing error through this module as a view. */
export function renderJson({ error, explanation }: BillingError) {
  if (error.cause) return failureDocument(remoteErrorJson(error.cause));
  const message = explanation ? `${error.error}: ${explanation}` : error.error;
  return failureDocument(failure('user', { code: error.error, message }));
}

/** @internal The views test shows a billing error through this module as a view. */
export function renderHuman({ error, explanation }: BillingError, out: Reporter): void {
  if (out.json) return;
  if (error.cause) printRemoteError(error.cause, out);
  else out.error(shown(explanation ? `${error.error}: ${explanation}` : error.error));
}

/** A billing `{error}` result through these views: exit 1. */
export function showBillingError(reporter: Reporter, error: BillingError): number {
  show(reporter, { renderJson, renderHuman }, error);
  return EXIT_ERROR;
}
