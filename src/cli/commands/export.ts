// `export`: the account's catalog as a version-1 catalog file, the way into the tool for
// an account set up by hand or by another tool: export → validate → `apply --adopt` takes it over.
import { resolve } from 'node:path';
import { InvalidArgumentError } from 'commander';
import { createRunCalls, DEFAULT_APPLY_SETTINGS } from '../../apply/apply-catalog.js';
import { readCatalog } from '../../catalog/read.js';
import { KEY_PATTERN } from '../../catalog/schema.js';
import { catalogToYaml, schemaReference } from '../../catalog/write.js';
import { UserError } from '../../errors.js';
import { exportCatalog } from '../../export/export.js';
import { secretFieldWarnings } from '../../export/secret-fields.js';
import { formatIssueLine } from '../../output/issues.js';
import { plural } from '../../output/plural.js';
import { createCatalogGateway } from '../../paddle/catalog-gateway.js';
import { environmentOf } from '../../paddle/target.js';
import type { CatalogSnapshot } from '../../plan/remote.js';
import type { CommandContext, RegisterCommand } from '../command.js';
import { EXIT_OK } from '../handle-error.js';
import { checkOutputFile, writeOutputFile } from '../output-file.js';
import { addTargetOptions, openSession, type TargetFlags } from '../target-options.js';

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
  if (flags.out) {
    await checkOutputFile(
      path,
      flags.out,
      flags.force,
      'Use --force to replace it, or give another file with --out.',
    );
  }

  const session = await openSession(reporter, flags);
  let snapshot: CatalogSnapshot;
  try {
    const gateway = createCatalogGateway(session.target);
    snapshot = await reporter.during(`Reading the ${environment} catalog…`, () =>
      createRunCalls(DEFAULT_APPLY_SETTINGS).run('read', () =>
        gateway.snapshot({ discounts: 'if-permitted' }),
      ),
    );
  } finally {
    await session.close();
  }

  const result = exportCatalog(snapshot, {
    environment,
    includeArchived: flags.includeArchived,
    catalog: flags.catalog,
  });
  const archivedNote = result.archived.length
    ? [
        `Archived in Paddle, included by --include-archived: applying this file unarchives ${result.archived
          .map((o) => `${o.kind} ${o.key}`)
          .join(', ')}.`,
      ]
    : [];
  const text = catalogToYaml(result.catalog, {
    schemaPath: schemaReference(path, io.cwd).path,
    header: [
      `Exported from the ${environment} account by paddle-catalog export.`,
      'Amounts are strings in the lowest currency unit: "1000" is $10.00.',
      `Take these objects over with: paddle-catalog apply ${flags.out ?? 'catalog.yaml'} --adopt`,
      ...archivedNote,
    ],
  });

  // The file is checked as validate would: remote data can break a local rule (then the user fixes it).
  const file = flags.out ?? '<export>';
  const issues = readCatalog(file, text, { environment }).issues;
  const warnings = [
    ...result.warnings,
    ...secretFieldWarnings(result.catalog, (t) => reporter.holdsSecret(t)),
  ];
  for (const warning of warnings) reporter.warn(warning);
  for (const note of archivedNote) reporter.warn(note);
  for (const issue of issues) reporter.info(formatIssueLine(file, issue, reporter.errStyle));
  if (issues.some((i) => i.severity === 'error')) {
    reporter.warn('the exported catalog does not validate as it is: fix the lines above before applying it');
  }

  if (flags.out) {
    await writeOutputFile(path, flags.out, text, { overwrite: Boolean(flags.force) });
  }
  const products = Object.values(result.catalog.products);
  const prices = products.reduce((n, p) => n + Object.keys(p.prices ?? {}).length, 0);
  const counts = `${plural(products.length, 'product')}, ${plural(prices, 'price')}`;
  // The same data as the file: not masked (a key in it is one of the warnings).
  reporter.document(
    {
      ok: true,
      environment,
      ...(flags.out ? { file: flags.out } : {}),
      catalog: result.catalog,
      archived: result.archived,
      warnings,
      issues: issues.map(({ path: at, line, column, message, rule, severity }) => ({
        path: at,
        line,
        column,
        message,
        rule,
        severity,
      })),
    },
    { asData: true },
  );
  if (flags.out) {
    reporter.result(`${reporter.style.green('✓')} wrote ${flags.out}: ${counts}`);
    reporter.result(`Next: paddle-catalog plan ${flags.out} --adopt`);
  } else {
    reporter.data(text.replace(/\n$/, ''));
    reporter.info(`exported ${counts}`);
  }
  return EXIT_OK;
}
