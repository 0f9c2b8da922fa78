// `validate <file>`: offline, no key, no network. Every issue as `file:line:col  message  (rule)`.
import type { CatalogIssue } from '../../errors.js';
import { annotateIssues } from '../../output/annotations.js';
import { formatIssueLine } from '../../output/issues.js';
import { plural } from '../../output/plural.js';
import type { Reporter } from '../../output/reporter.js';
import { environmentOf } from '../../paddle/target.js';
import type { RegisterCommand } from '../command.js';
import { EXIT_ERROR, EXIT_OK } from '../handle-error.js';

function summary(issues: readonly CatalogIssue[]): string {
  const errors = issues.filter((issue) => issue.severity === 'error').length;
  const warnings = issues.length - errors;
  return [errors ? plural(errors, 'error') : '', warnings ? plural(warnings, 'warning') : '']
    .filter(Boolean)
    .join(', ');
}

function printHuman(
  reporter: Reporter,
  file: string,
  environment: string,
  issues: readonly CatalogIssue[],
  counts?: string,
) {
  for (const issue of issues) reporter.result(formatIssueLine(file, issue, reporter.style));
  const { style } = reporter;
  if (counts !== undefined) {
    const warned = issues.length ? ` (${summary(issues)})` : '';
    reporter.result(`${style.green('✓')} ${file} is valid for ${environment}: ${counts}${warned}`);
  } else {
    reporter.result(`${style.red('✗')} ${file}: ${summary(issues)} (checked for ${environment})`);
  }
}

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
        reporter.document({
          ok: catalog !== undefined,
          file,
          environment,
          issues: issues.map(({ path, line, column, message, rule, severity }) => ({
            path,
            line,
            column,
            message,
            rule,
            severity,
          })),
        });
        const counts = catalog
          ? `${plural(Object.keys(catalog.products).length, 'product')}, ${plural(
              Object.values(catalog.products).reduce(
                (n, product) => n + Object.keys(product.prices ?? {}).length,
                0,
              ),
              'price',
            )}${catalog.discounts ? `, ${plural(Object.keys(catalog.discounts).length, 'discount')}` : ''}`
          : undefined;
        printHuman(reporter, file, environment, issues, counts);
        return catalog ? EXIT_OK : EXIT_ERROR;
      }),
    )
    .addHelpText('after', EXAMPLES);
};
