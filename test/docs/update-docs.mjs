// `npm run docs` (after a build): regenerates docs/commands.md from each command's --help, the
// catalog reference in docs/catalog.md from the schema, the emulator's seed schema in seeds/ and
// the saved plan's schema in docs/.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { catalogReferenceMarkdown, withReference } from '../../dist/catalog/reference.js';
import { seedJsonSchema } from '../../dist/emulator/seed-file.js';
import { planFileJsonSchema } from '../../dist/saved-plan/document.js';
import { commandsMarkdown } from './commands-page.mjs';

const bin = new URL('../../bin/paddle-catalog.js', import.meta.url).pathname;
const helpOf = async (args) =>
  JSON.parse(execFileSync(process.execPath, [bin, '--json', ...args, '--help'], { encoding: 'utf8' })).help;
writeFileSync(new URL('../../docs/commands.md', import.meta.url), await commandsMarkdown(helpOf));

const catalogPage = new URL('../../docs/catalog.md', import.meta.url);
writeFileSync(catalogPage, withReference(readFileSync(catalogPage, 'utf8'), catalogReferenceMarkdown()));
writeFileSync(
  new URL('../../seeds/seed.schema.json', import.meta.url),
  `${JSON.stringify(seedJsonSchema(), null, 2)}\n`,
);
writeFileSync(
  new URL('../../docs/plan-file.schema.json', import.meta.url),
  `${JSON.stringify(planFileJsonSchema(), null, 2)}\n`,
);
