// schema's views: the catalog's JSON Schema, indented for a person (and a file), or as the document.
import type { Reporter } from '../terminal/reporter.js';

export function renderJson(schema: Record<string, unknown>) {
  return schema;
}

export function renderHuman(schema: Record<string, unknown>, out: Reporter): void {
  out.result(JSON.stringify(schema, null, 2));
}
