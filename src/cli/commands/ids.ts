// `ids <catalog>`: its options, the account read and the file written by src/ids/use-case.ts, and the
// view of what was written.
import { Option } from 'commander';
import { loadCatalog } from '../../catalog/read.js';
import { IDS_FORMATS, type IdsFormat } from '../../ids/render.js';
import { existingIdsFile, type IdsResult, idsFormat, readIds, writeIds } from '../../ids/use-case.js';
import { environmentOf } from '../../paddle/target.js';
import { EXIT_ERROR, EXIT_OK } from '../../views/exit-codes.js';
import * as idsView from '../../views/ids.js';
import { reportCatalogWarnings } from '../../views/issues.js';
import { readingCatalog } from '../../views/run.js';
import { show } from '../../views/view.js';
import { type CommandContext, callerSettings, type RegisterCommand } from '../command.js';
import { addTargetOptions, catalogGateway, openSession, type TargetFlags } from '../target-options.js';

interface IdsFlags extends TargetFlags {
  out?: string;
  format?: IdsFormat;
  allowMissing?: boolean;
}

const EXAMPLES = `
Examples:
  $ paddle-catalog ids catalog.yaml --out src/paddle-ids.ts        # a typed module for the app
  $ paddle-catalog ids catalog.yaml --production --out src/paddle-ids.ts
                                        # adds the production ids to it; the sandbox ones stay
  $ paddle-catalog ids catalog.yaml --out .env.paddle             # PADDLE_PRICE_PRO_MONTHLY=pri_…
  $ paddle-catalog ids catalog.yaml                               # the JSON on stdout

The format comes from the file's name (.json, .ts, .env…) or --format. Nothing is written to the
account. A key the account lacks (not created yet, archived) is listed and makes the exit code 1
unless --allow-missing; then the file has no entry for it.`;

export const registerIds: RegisterCommand = (program, run) => {
  addTargetOptions(
    program
      .command('ids')
      .description("write the key → id map of the catalog's products, prices and discounts for an app")
      .argument('<file>', 'the catalog YAML file'),
  )
    .option('--out <file>', "write to this file (json and ts files keep the other environment's ids)")
    .addOption(
      new Option('--format <format>', 'json, env (dotenv lines) or ts (a TypeScript module)').choices(
        IDS_FORMATS,
      ),
    )
    .option('--allow-missing', 'exit 0 even when keys of the catalog are missing in the account')
    .action(run(async (ctx: CommandContext, file: string, flags: IdsFlags) => runIds(ctx, file, flags)))
    .addHelpText('after', EXAMPLES);
};

async function runIds({ reporter, io }: CommandContext, file: string, flags: IdsFlags): Promise<number> {
  const environment = environmentOf(flags.production);
  const { out, allowMissing } = flags;
  const output = { cwd: io.cwd, out, format: idsFormat(out, flags.format), allowMissing };
  const loaded = await loadCatalog(file, environment, io.cwd);
  const existing = await existingIdsFile(output);
  reportCatalogWarnings(reporter, file, loaded.warnings);
  const session = await openSession(reporter, flags, { catalogFile: file, settings: loaded.settings });
  let read: IdsResult;
  try {
    read = await readIds(
      {
        environment,
        catalog: loaded.catalog,
        gateway: await catalogGateway(session, reporter),
        baseUrl: session.target.baseUrl,
        now: () => new Date(),
        settings: callerSettings(io),
      },
      { reading: (work) => reporter.during(readingCatalog(environment), work) },
    );
  } finally {
    await session.close();
  }
  const result = await writeIds(read, loaded.catalog, output, existing);
  show(reporter, idsView, result);
  return result.refused || result.unwritten ? EXIT_ERROR : EXIT_OK;
}
