// `export`: the account's catalog as a version-1 catalog file (src/export/use-case.ts), the way into the tool for
// an account set up by hand or by another tool: export → validate → `apply --adopt` takes it over.
import { resolve } from 'node:path';
import { InvalidArgumentError } from 'commander';
import { KEY_PATTERN } from '../../catalog/schema.js';
import { writeSchemaBeside } from '../../catalog/schema-file.js';
import { schemaReference } from '../../catalog/write.js';
import { UserError } from '../../errors.js';
import { type ExportFileResult, exportAccount } from '../../export/use-case.js';
import { checkOutputFile, tryWriteOutputFile } from '../../files/output-file.js';
import { environmentOf } from '../../paddle/target.js';
import { EXIT_ERROR, EXIT_OK } from '../../views/exit-codes.js';
import * as exportView from '../../views/export.js';
import { renderSchemaFile } from '../../views/export.js';
import { readingCatalog } from '../../views/run.js';
import { show } from '../../views/view.js';
import { type CommandContext, callerSettings, type RegisterCommand } from '../command.js';
import { addTargetOptions, catalogGateway, openSession, type TargetFlags } from '../target-options.js';

interface ExportFlags extends TargetFlags {
  out?: string;
  force?: boolean;
  includeArchived?: boolean;
  catalog?: string;
}

const catalogNameArgument = (value: string) => {
  if (!KEY_PATTERN.test(value)) {
    throw new InvalidArgumentError(
      'a catalog name is 1–63 lower-case letters, digits, "-" or "_", starting with a letter or digit',
    );
  }
  return value;
};

const HELP = `
Examples:
  $ paddle-catalog export > catalog.yaml              # the sandbox catalog on stdout
  $ paddle-catalog export --out catalog.yaml          # to a file (--force replaces it)
  $ paddle-catalog export --production --out prod.yaml
  $ paddle-catalog export --catalog billing --out billing.yaml   # one of several catalogs in the account
  $ paddle-catalog export --json                      # {"ok", "environment", "catalog", …}

Then take the objects over (adds the tool's marker to their custom_data, re-creates nothing):
  $ paddle-catalog validate catalog.yaml
  $ paddle-catalog plan catalog.yaml --adopt          # only "adopt" lines
  $ paddle-catalog apply catalog.yaml --adopt`;

export const registerExport: RegisterCommand = (program, run) => {
  addTargetOptions(
    program
      .command('export')
      .description("write the account's catalog as a catalog YAML file (to take an existing catalog over)"),
  )
    .option('--out <file>', 'write the catalog to this file instead of stdout')
    .option('--force', 'with --out: replace the file if it exists')
    .option(
      '--include-archived',
      'also export archived products and prices (applying the file unarchives them)',
    )
    .option(
      '--catalog <name>',
      "export this catalog's objects (and the unmanaged ones), never another catalog's (default: default)",
      catalogNameArgument,
    )
    .addHelpText('after', HELP)
    .action(run(async (ctx: CommandContext, flags: ExportFlags) => runExport(ctx, flags)));
};

async function runExport({ reporter, io }: CommandContext, flags: ExportFlags): Promise<number> {
  if (flags.force && !flags.out) throw new UserError('--force only makes sense with --out <file>.');
  const environment = environmentOf(flags.production);
  const path = resolve(io.cwd, flags.out ?? 'catalog.yaml');
  const replace = 'Use --force to replace it, or give another file with --out.';
  if (flags.out) await checkOutputFile(path, flags.out, flags.force, replace);
  const schema = schemaReference(path, io.cwd);
  const session = await openSession(reporter, flags);
  let result: ExportFileResult;
  try {
    const request = {
      environment,
      gateway: await catalogGateway(session, reporter),
      includeArchived: flags.includeArchived,
      catalog: flags.catalog,
      out: flags.out,
      schemaPath: schema.path,
      holdsSecret: (text: string) => reporter.holdsSecret(text),
      settings: callerSettings(io),
    };
    result = await exportAccount(request, {
      reading: (work) => reporter.during(readingCatalog(environment), work),
    });
  } finally {
    await session.close();
  }
  // a failed write is shown with the rest (the warnings about the data first), not thrown past them
  const unwritten = flags.out
    ? await tryWriteOutputFile(path, flags.out, result.text, { overwrite: Boolean(flags.force) })
    : undefined;
  // the modeline must lead to a schema: beside the file written, or said how to get one
  const schemaFile = flags.out && !unwritten ? await writeSchemaBeside(schema, io.cwd) : undefined;
  show(reporter, exportView, { ...result, unwritten });
  renderSchemaFile(schemaFile, flags.out ? undefined : schema.create, reporter);
  return unwritten ? EXIT_ERROR : EXIT_OK;
}
