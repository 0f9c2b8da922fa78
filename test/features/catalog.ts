// The example catalog of features (catalogs/plans-with-features.yaml): three plans, a per-seat
// add-on, four features. Read fresh each time, so a test may change its copy.
import { readFileSync } from 'node:fs';
import { readCatalog } from '../../src/catalog/read.js';
import type { Catalog } from '../../src/catalog/schema.js';
import { defined } from '../support/defined.js';

const FILE = new URL('../../catalogs/plans-with-features.yaml', import.meta.url);

export function featuresCatalog(): Catalog {
  const text = readFileSync(FILE, 'utf8');
  return defined(readCatalog('plans-with-features.yaml', text, { environment: 'sandbox' }).catalog);
}
