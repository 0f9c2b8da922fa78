// The modeline init and export write must lead to a schema. When none is reachable from the catalog
// (a global or npx install: no catalog.schema.json beside it, none in the project's node_modules),
// the schema is written beside the catalog, as `paddle-catalog schema > catalog.schema.json` would.
import { relative } from 'node:path';
import { tryWriteOutputFile, type UnwrittenFile } from '../files/output-file.js';
import { catalogJsonSchema } from './json-schema.js';
import type { SchemaReference } from './write.js';

export type SchemaWrite = { written: string } | { unwritten: UnwrittenFile; create: string } | undefined;

/** Writes the schema the modeline names when it is missing; never over a file. */
export async function writeSchemaBeside(reference: SchemaReference, cwd: string): Promise<SchemaWrite> {
  if (!reference.file || !reference.create) return undefined;
  const shown = relative(cwd, reference.file) || reference.file;
  const text = `${JSON.stringify(catalogJsonSchema(), null, 2)}\n`;
  const unwritten = await tryWriteOutputFile(reference.file, shown, text, { overwrite: false });
  return unwritten ? { unwritten, create: reference.create } : { written: shown };
}
