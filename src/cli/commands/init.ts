// `init [file]`: asks about a product, its tax category and its prices, then writes a starter catalog
// that validates. It only runs with a person at the terminal: a CI job gets a refusal naming the
// example catalogs to copy instead, never a prompt that hangs or silently answers itself.
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { writeSchemaBeside } from '../../catalog/schema-file.js';
import { InternalError, UserError } from '../../errors.js';
import { checkOutputFile, writeOutputFile } from '../../files/output-file.js';
import type { Reporter } from '../../terminal/reporter.js';
import { EXIT_OK } from '../../views/exit-codes.js';
import * as initView from '../../views/init.js';
import type { RegisterCommand } from '../command.js';

const EXAMPLES = [
  'saas-starter.yaml',
  'desktop-app.yaml',
  'global-pricing.yaml',
  'launch-discounts.yaml',
  'plans-with-features.yaml',
] as const;

const HELP = `
Examples:
  $ paddle-catalog init                          # asks, then writes catalog.yaml
  $ paddle-catalog init billing/catalog.yaml     # another file (folders are created)
  $ paddle-catalog init catalog.yaml --force     # replace an existing file

It needs an interactive terminal. In CI or a script, copy an example instead:
  $ cp node_modules/paddle-catalog/catalogs/saas-starter.yaml catalog.yaml
  $ paddle-catalog validate catalog.yaml
`;

/** The examples' folder as the user can type it: relative when it is inside their project. */
function examplesDir(packagedSchema: string, cwd: string): string {
  const dir = dirname(packagedSchema);
  const rel = relative(cwd, dir);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : dir;
}

/** CI set (CI=true, as every CI service sets it): a job has nobody to answer, even on a terminal. */
const inCi = (env: NodeJS.ProcessEnv) => Boolean(env.CI) && !['0', 'false'].includes(env.CI ?? '');

function refuseWithoutTerminal(reporter: Reporter, file: string, examples: string): never {
  let why = ' and needs an interactive terminal';
  if (inCi(reporter.io.env)) why = ', and CI is set: a CI job has nobody to answer them';
  if (reporter.json) why = ', which --json mode never does';
  throw new UserError(
    `init asks questions${why}; nothing was written`,
    `Run it in a terminal, or copy an example catalog instead:\n` +
      `  cp ${join(examples, EXAMPLES[0])} ${file}    (also ${EXAMPLES.slice(1).join(', ')})\n` +
      `  paddle-catalog validate ${file}`,
  );
}

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
        const { catalogToYaml, packagedSchemaFile, schemaReference } = await import('../../catalog/write.js');
        const path = resolve(io.cwd, file);
        await checkOutputFile(
          path,
          file,
          options.force,
          'Use --force to replace it, or give another file: paddle-catalog init other-catalog.yaml',
        );
        if (!reporter.interactive || inCi(io.env))
          refuseWithoutTerminal(reporter, file, examplesDir(packagedSchemaFile(), io.cwd));

        const [{ InitWizard }, { starterCatalog }, { readCatalog }] = await Promise.all([
          import('../../init/prompts.js'),
          import('../../init/starter.js'),
          import('../../catalog/read.js'),
        ]);
        reporter.info(initView.introLine(file));
        const answers = await (await InitWizard.open(reporter)).answers();
        const catalog = starterCatalog(answers.products, answers.discounts, answers.features);

        const schema = schemaReference(path, io.cwd);
        const text = catalogToYaml(catalog, {
          schemaPath: schema.path,
          header: [
            'Written by paddle-catalog init. Amounts are strings in the lowest currency unit: "1000" is $10.00.',
            'Several catalog files in one account? Name each one with a top-level `catalog: <name>`',
            '(absent: default); each file then sees and changes only its own products and prices.',
          ],
        });
        const { issues } = readCatalog(file, text, { environment: 'sandbox' });
        const errors = issues.filter((issue) => issue.severity === 'error');
        if (errors.length > 0) {
          throw new InternalError(
            `init built an invalid catalog: ${errors.map((e) => e.message).join('; ')}`,
          );
        }
        // without --force, never over a file that appeared while the user answered
        await writeOutputFile(path, file, text, {
          overwrite: options.force === true,
          appeared: 'while you answered',
        });
        initView.renderWritten({ file, catalog, schema: await writeSchemaBeside(schema, io.cwd) }, reporter);
        return EXIT_OK;
      }),
    );
};
