// `schema`: the catalog's JSON Schema on stdout (the same as catalogs/catalog.schema.json).

import { EXIT_OK } from '../../views/exit-codes.js';
import * as schemaView from '../../views/schema.js';
import { show } from '../../views/view.js';
import type { RegisterCommand } from '../command.js';

const EXAMPLES = `
Examples:
  $ paddle-catalog schema > catalog.schema.json
  Then, first line of catalog.yaml (YAML language server in VS Code and other editors):
  # yaml-language-server: $schema=./catalog.schema.json`;

export const registerSchema: RegisterCommand = (program, run) => {
  program
    .command('schema')
    .description("print the catalog's JSON Schema (draft-07) for editors and other tools")
    .action(
      run(async ({ reporter }) => {
        const { catalogJsonSchema } = await import('../../catalog/json-schema.js');
        show(reporter, schemaView, catalogJsonSchema());
        return EXIT_OK;
      }),
    )
    .addHelpText('after', EXAMPLES);
};
