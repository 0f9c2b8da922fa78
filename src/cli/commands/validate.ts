// `validate <file>`: offline, no key, no network. Every issue as `file:line:col  message  (rule)`.

import { environmentOf } from '../../paddle/target.js';
import { EXIT_ERROR, EXIT_OK } from '../../views/exit-codes.js';
import { annotateIssues } from '../../views/github/annotations.js';
import * as validateView from '../../views/validate.js';
import { show } from '../../views/view.js';
import type { RegisterCommand } from '../command.js';

const EXAMPLES = `
Examples:
  $ paddle-catalog validate catalog.yaml                 # structure and every local rule, offline
  $ paddle-catalog validate catalog.yaml --production    # with the production account's settings
  $ paddle-catalog --json validate catalog.yaml          # {"ok", "issues": [{line, column, rule, …}]}
In GitHub Actions (GITHUB_ACTIONS=true) the issues also become annotations on the diff.`;

export const registerValidate: RegisterCommand = (program, run) => {
  program
    .command('validate')
    .description('check a catalog file offline: its structure and every local rule, with file:line:col')
    .argument('<file>', 'the catalog YAML file')
    .option('--production', "check against the production account's settings (default: sandbox)")
    .action(
      run(async ({ reporter, io }, file: string, options: { production?: boolean }) => {
        // Loaded here, not at start-up: yaml and zod are not needed by --version or --help.
        const { readCatalog, readCatalogFile } = await import('../../catalog/read.js');
        const environment = environmentOf(options.production);
        const { catalog, issues } = readCatalog(file, await readCatalogFile(file, io.cwd), { environment });
        annotateIssues(reporter, file, issues);
        show(reporter, validateView, { file, environment, issues, catalog });
        return catalog ? EXIT_OK : EXIT_ERROR;
      }),
    )
    .addHelpText('after', EXAMPLES);
};
