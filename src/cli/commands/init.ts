// `init [file]`: asks about a product, its tax category and its prices, then writes a starter catalog
// that validates (src/init/use-case.ts; the wizard's prompts are the terminal's). It only runs with a
// person at the terminal: a CI job gets a refusal naming the example catalogs to copy instead.
import { EXIT_OK } from '../../views/exit-codes.js';
import * as initView from '../../views/init.js';
import type { RegisterCommand } from '../command.js';

const HELP = `
Examples:
  $ paddle-catalog init                          # asks, then writes catalog.yaml
  $ paddle-catalog init billing/catalog.yaml     # another file (folders are created)
  $ paddle-catalog init catalog.yaml --force     # replace an existing file

It needs an interactive terminal. In CI or a script, copy an example instead:
  $ cp node_modules/paddle-catalog/catalogs/saas-starter.yaml catalog.yaml
  $ paddle-catalog validate catalog.yaml
`;

export const registerInit: RegisterCommand = (program, run) => {
  program
    .command('init')
    .description(
      'interactive wizard that writes a starter catalog: a product, its tax category, prices, trials',
    )
    .argument('[file]', 'the catalog file to write', 'catalog.yaml')
    .option('--force', 'overwrite the file if it already exists')
    .addHelpText('after', HELP)
    .action(
      run(async ({ reporter, io }, file: string, options: { force?: boolean }) => {
        // Loaded here, not at start-up: yaml, zod and inquirer are not needed by --help.
        const { initCatalog } = await import('../../init/use-case.js');
        const { interactive, json } = reporter;
        const request = { cwd: io.cwd, file, force: options.force === true, interactive, json, env: io.env };
        const written = await initCatalog(request, async () => {
          const { InitWizard } = await import('../../init/prompts.js');
          reporter.info(initView.introLine(file));
          return (await InitWizard.open(reporter)).answers();
        });
        initView.renderWritten(written, reporter);
        return EXIT_OK;
      }),
    );
};
