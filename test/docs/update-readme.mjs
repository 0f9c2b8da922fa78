// `npm run docs`: regenerates the catalog reference in README.md from the schema, and the
// emulator's seed schema in seeds/ (after a build).
import { readFileSync, writeFileSync } from 'node:fs';
import { catalogReferenceMarkdown, withReference } from '../../dist/catalog/reference.js';
import { seedJsonSchema } from '../../dist/emulator/seed-file.js';

const file = new URL('../../README.md', import.meta.url);
writeFileSync(file, withReference(readFileSync(file, 'utf8'), catalogReferenceMarkdown()));
writeFileSync(
  new URL('../../seeds/seed.schema.json', import.meta.url),
  `${JSON.stringify(seedJsonSchema(), null, 2)}\n`,
);
