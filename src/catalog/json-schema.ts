// The catalog's JSON Schema for editors (yaml-language-server modeline), generated from the zod
// schema so the two cannot drift. draft-07: the draft every editor supports; input mode: what a
// person writes. Committed as catalogs/catalog.schema.json (a test keeps it current).
import { z } from 'zod';
import { catalogSchema } from './schema.js';

export function catalogJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(catalogSchema, { target: 'draft-07', io: 'input' }) as Record<string, unknown>;
}
