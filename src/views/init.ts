// init's view: the catalog file written, the schema beside it, and the next steps (on stdout; the
// wizard's questions are src/init, on stderr).
import type { Catalog } from '../catalog/schema.js';
import type { SchemaWrite } from '../catalog/schema-file.js';
import type { Reporter } from '../terminal/reporter.js';
import { shown } from '../text/escape.js';
import { catalogCounts } from './catalog-counts.js';

/** What init wrote: the catalog, and the schema its first line names (when it wrote or could not write one). */
export interface InitResult {
  file: string;
  catalog: Catalog;
  schema: SchemaWrite;
}

export function renderWritten({ file, catalog, schema }: InitResult, out: Reporter): void {
  out.result(`${out.style.green('✓')} wrote ${file}: ${catalogCounts(catalog)}`);
  if (schema && 'written' in schema)
    out.result(
      `${out.style.green('✓')} wrote ${schema.written}: what the file's first line names, for editor completion`,
    );
  if (schema && 'unwritten' in schema) out.warn(schema.unwritten.message);
  out.result('Next steps:');
  if (schema && 'create' in schema) out.result(`  ${schema.create}    # editor completion for the file`);
  out.result(`  paddle-catalog validate ${file}`);
  out.result(`  paddle-catalog plan ${file} --local    # against a local emulator, no account needed`);
  out.result(`  paddle-catalog plan ${file}            # against your sandbox (PADDLE_API_KEY)`);
}

/** The wizard's first line, before its first question. */
export function introLine(file: string): string {
  return `Describe your first product and its prices; ${shown(file)} is written at the end (Ctrl-C stops).`;
}
