// Seed §4.2 history rule 9 and invoice rule 5: an error the billing API answered with becomes
// `{error: <code>}`; any other failure (network, timeout, a bug) propagates.
import { RemoteError } from '../errors.js';

/** The API's error code when `error` is an answer from the API, else null. */
export function apiErrorCode(error: unknown): string | null {
  // A RemoteError has a `type` only when it was built from an API error body (src/paddle/remote-error.ts).
  return error instanceof RemoteError && error.details.type !== undefined ? error.details.code : null;
}
