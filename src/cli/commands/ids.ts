// `ids <catalog>`: read the account as plan does (src/ids/use-case.ts) and write the key → id map of
// the catalog's objects as JSON, dotenv lines or a TypeScript module; a json or ts file that holds
// the other environment's ids keeps them.
import { resolve } from 'node:path';
import { Option } from 'commander';
import { loadCatalog } from '../../catalog/read.js';
import { UserError } from '../../errors.js';
import { checkOutputFile, tryWriteOutputFile } from '../../files/output-file.js';
import { type IdsDocument, withSide } from '../../ids/document.js';
import { idsFeatures } from '../../ids/features.js';
import { checkSameCatalog, readIdFile } from '../../ids/id-file.js';
import { formatOf, IDS_FORMATS, type IdsFormat, renderEnv, renderJson, renderTs } from '../../ids/render.js';
import { type IdsResult, readIds } from '../../ids/use-case.js';
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
  const format = formatOf(flags.out, flags.format);
  if (!format) {
    throw new UserError(
      `cannot tell the format of ${flags.out} from its name`,
      'Name it .json, .ts or .env, or give --format json|env|ts.',
    );
  }
  const loaded = await loadCatalog(file, environment, io.cwd);
  const path = flags.out === undefined ? undefined : resolve(io.cwd, flags.out);
  const existing = await existingFile(path, flags.out, format);
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
  if (flags.out) checkSameCatalog(existing, flags.out, read.catalog);
  const document = withSide(existing, read.catalog, environment, read.side, idsFeatures(loaded.catalog));
  const text =
    format === 'env' ? renderEnv(read.side) : format === 'ts' ? renderTs(document) : renderJson(document);
  const refused = read.missing.length > 0 && !flags.allowMissing;
  const unwritten =
    path && flags.out && !refused
      ? await tryWriteOutputFile(path, flags.out, text, { overwrite: true })
      : undefined;
  const result: idsView.IdsReport = { ...read, format, document, text, out: flags.out, refused, unwritten };
  show(reporter, idsView, result);
  return refused || unwritten ? EXIT_ERROR : EXIT_OK;
}

/** The file to add this side to (json and ts only), read before the account is. */
async function existingFile(
  path: string | undefined,
  file: string | undefined,
  format: IdsFormat,
): Promise<IdsDocument | undefined> {
  if (path === undefined || file === undefined) return undefined;
  await checkOutputFile(path, file, true, '', format === 'env' ? '.env.paddle' : `paddle-ids.${format}`);
  return format === 'env' ? undefined : readIdFile(path, file, format);
}
