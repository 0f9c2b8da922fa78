// The one place where a thrown failure becomes a message, the failure document (failure.ts) and
// an exit code (exit-codes.ts).
import { InvalidCatalogError } from '../catalog/issue.js';
import { InternalError, RemoteError, UserError } from '../errors.js';
import { hintForRemoteError } from '../paddle/error-hints.js';
import type { Reporter } from '../terminal/reporter.js';
import { shown } from '../text/escape.js';
import { exitCodeOf } from './exit-codes.js';
import { type Failure, failure, failureDocument } from './failure.js';
import { annotateIssues } from './github/annotations.js';
import { formatIssueLine } from './issues.js';
import { renderJson as validateJson } from './validate.js';

export function handleError(error: unknown, reporter: Reporter): number {
  if (error instanceof InvalidCatalogError) return reportInvalidCatalog(error, reporter);
  if (error instanceof UserError) {
    reporter.document(
      failureDocument(failure('user', { message: error.message, hint: error.hint, ...error.data })),
    );
    reporter.error(error.message);
    if (error.hint) reporter.info(error.hint);
    return exitCodeOf('user');
  }
  if (error instanceof RemoteError) return reportRemoteError(error, reporter);
  return reportBug(error, reporter);
}

/** plan, apply and ids stop on an invalid catalog with validate's own --json document. */
function reportInvalidCatalog(error: InvalidCatalogError, reporter: Reporter): number {
  const { file, environment, issues } = error;
  reporter.document(validateJson({ file, environment, issues, catalog: undefined }));
  annotateIssues(reporter, error.file, error.issues);
  for (const issue of error.issues) reporter.info(formatIssueLine(error.file, issue, reporter.errStyle));
  reporter.error(error.message);
  return exitCodeOf('invalid-catalog');
}

function reportRemoteError(error: RemoteError, reporter: Reporter): number {
  reporter.document(failureDocument(remoteErrorJson(error)));
  printRemoteError(error, reporter);
  return exitCodeOf('api');
}

/** The `error` of an API error's --json document: Paddle's code and detail, and what we add to them. */
export function remoteErrorJson(error: RemoteError): Failure {
  const d = error.details;
  return failure('api', {
    code: d.code,
    message: d.detail,
    detail: d.detail,
    status: d.status,
    errors: d.errors,
    request_id: d.requestId,
    documentation_url: d.documentationUrl,
    operation: d.operation,
    permissions: d.permissions,
    hint: hintForRemoteError(d),
  });
}

/** The human lines of an API error on stderr (for commands that put the error in their own document). */
export function printRemoteError(error: RemoteError, reporter: Reporter): void {
  const d = error.details;
  const hint = hintForRemoteError(d);
  // every field of an error answer is the server's text: each one shown on its own line at most
  reporter.error(
    `${d.operation ? `${shown(d.operation)}: ` : ''}${shown(d.detail)} (${shown(d.code)}${d.status ? `, HTTP ${d.status}` : ''})`,
  );
  for (const field of d.errors ?? []) reporter.info(`  ${shown(field.field)}: ${shown(field.message)}`);
  if (hint) reporter.info(shown(hint));
  if (d.requestId) reporter.info(`request id: ${shown(d.requestId)}`);
  if (d.documentationUrl) reporter.info(`see ${shown(d.documentationUrl)}`);
}

/** Anything else thrown is a bug of ours (never an answer of Paddle's): its stack, and exit 70. */
function reportBug(error: unknown, reporter: Reporter): number {
  const message = error instanceof Error ? error.message : String(error);
  reporter.document(failureDocument(failure('bug', { message })));
  reporter.error(`${error instanceof InternalError ? '' : 'unexpected: '}${message}`);
  if (error instanceof Error && error.stack) reporter.info(error.stack);
  reporter.info('This is a bug in paddle-catalog; please report it with the command you ran.');
  return exitCodeOf('bug');
}
