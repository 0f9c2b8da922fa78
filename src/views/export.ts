// export's views: the catalog file on stdout (or a line saying where it went), or the --json document;
// on stderr what the user should know before applying it.

import type { SchemaWrite } from '../catalog/schema-file.js';
import { archivedNote, type ExportFileResult } from '../export/use-case.js';
import type { UnwrittenFile } from '../files/output-file.js';
import type { Reporter } from '../terminal/reporter.js';
import { catalogCounts } from './catalog-counts.js';
import { failure } from './failure.js';
import { formatIssueLine, issueJson } from './issues.js';

/** What export shows: the use-case's result and, when --out could not be written, why. */
export interface ExportReport extends ExportFileResult {
  unwritten?: UnwrittenFile;
}

/** The same data as the file: not masked (a key in it is one of the warnings). */
export const jsonIsData = true;

export function renderJson(result: ExportReport) {
  return {
    ok: result.unwritten === undefined,
    environment: result.environment,
    ...(result.out ? { file: result.out } : {}),
    catalog: result.catalog,
    archived: result.archived,
    warnings: result.warnings,
    issues: result.issues.map(issueJson),
    ...(result.unwritten
      ? { error: failure('user', { message: result.unwritten.message }), unwritten: [result.unwritten] }
      : {}),
  };
}

export function renderHuman(result: ExportReport, out: Reporter): void {
  renderWarnings(result, out);
  const counts = catalogCounts(result.catalog);
  if (result.unwritten) {
    out.error(result.unwritten.message);
  } else if (result.out) {
    out.result(`${out.style.green('✓')} wrote ${result.out}: ${counts}`);
    // --adopt only when some object is not managed yet: a catalog the tool manages plans as it is
    out.result(`Next: paddle-catalog plan ${result.out}${result.unmanaged > 0 ? ' --adopt' : ''}`);
  } else {
    out.data(result.text.replace(/\n$/, ''));
    out.info(`exported ${counts}`);
  }
}

function renderWarnings(result: ExportFileResult, out: Reporter): void {
  const file = result.out ?? '<export>';
  for (const warning of result.warnings) out.warn(warning);
  for (const note of archivedNote(result.archived)) out.warn(note);
  for (const issue of result.issues) out.info(formatIssueLine(file, issue, out.errStyle));
  if (result.issues.some((i) => i.severity === 'error')) {
    out.warn('the exported catalog does not validate as it is: fix the lines above before applying it');
  }
}

/**
 * After the catalog: the schema its first line names, written beside the file (or why not), or,
 * printed on stdout, the command that writes it.
 */
export function renderSchemaFile(written: SchemaWrite, create: string | undefined, out: Reporter): void {
  if (written && 'written' in written) out.info(`wrote ${written.written} beside it, for editors`);
  if (written && 'unwritten' in written) out.warn(written.unwritten.message);
  if (create) {
    out.info(`The file's first line names ./catalog.schema.json for editors; write it with: ${create}`);
  }
}
