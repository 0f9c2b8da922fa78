// The `{error}` result of a billing action (history, invoice): `{"error": code}` in --json mode, the
// shape apps return; for a person, the API's answer (detail, hint, request id) or what our code means.
import type { ErrorResult } from '../../billing/api-error.js';
import type { UserError } from '../../errors.js';
import { shown } from '../../output/escape.js';
import type { Reporter } from '../../output/reporter.js';
import { printRemoteError } from '../handle-error.js';

export interface BillingError {
  kind: 'error';
  error: ErrorResult;
  /** what one of our own codes means for this request */
  explanation?: string;
}

export function renderJson({ error }: BillingError) {
  return { error: error.error };
}

export function renderHuman({ error, explanation }: BillingError, out: Reporter): void {
  if (out.json) return;
  if (error.cause) printRemoteError(error.cause, out);
  else out.error(shown(explanation ? `${error.error}: ${explanation}` : error.error));
}

/** A mistake in the request, in --json mode: `{"error": message}`, the shape of their other failures. */
export function renderUserErrorJson(error: UserError) {
  return { error: error.message };
}
