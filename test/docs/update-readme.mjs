// `npm run docs`: regenerates the catalog reference in README.md from the schema, and the
// emulator's seed schema in seeds/ and the saved plan's in docs/ (after a build).
import { readFileSync, writeFileSync } from 'node:fs';
import { catalogReferenceMarkdown, withReference } from '../../dist/catalog/reference.js';
import { seedJsonSchema } from '../../dist/emulator/seed-file.js';
import { planFileJsonSchema } from '../../dist/saved-plan/document.js';

const file = new URL('../../README.md', import.meta.url);
writeFileSync(file, withReference(readFileSync(file, 'utf8'), catalogReferenceMarkdown()));
writeFileSync(
  new URL('../../seeds/seed.schema.json', import.meta.url),
  `${JSON.stringify(seedJsonSchema(), null, 2)}\n`,
);
writeFileSync(
  new URL('../../docs/plan-file.schema.json', import.meta.url),
  `${JSON.stringify(planFileJsonSchema(), null, 2)}\n`,
);
