// `plan <file>`: validate, then plan's use-case (src/planning/use-case.ts), then its views.
import { resolve } from 'node:path';
import { InvalidArgumentError, Option } from 'commander';
import { loadCatalog, readCatalogFile } from '../../catalog/read.js';
import { UserError } from '../../errors.js';
import { refuseInputAsOutput } from '../../files/output-file.js';
import { checkNoticesFile } from '../../notices/notices.js';
import { environmentOf } from '../../paddle/target.js';
import { SUPPORTED_COUNTRY_CODES } from '../../paddle-facts/countries.js';
import { type PlanRunRequest, planAndReview } from '../../planning/use-case.js';
import { touchesSubscribers } from '../../review/review.js';
import { reviewCountries } from '../../review/select.js';
import { savedPlanFields } from '../../saved-plan/file.js';
import { shown } from '../../text/escape.js';
import { EMIT_FORMATS } from '../../tool-server/emit.js';
import { planExitCode } from '../../views/exit-codes.js';
import { publishPlan } from '../../views/github/step-summary.js';
import { reportCatalogWarnings } from '../../views/issues.js';
import { moveChanges } from '../../views/plan/moves.js';
import * as planView from '../../views/plan/plan.js';
import * as scriptsView from '../../views/plan/scripts.js';
import { readingCatalog } from '../../views/run.js';
import { show } from '../../views/view.js';
import { type CommandContext, callerSettings, type RegisterCommand } from '../command.js';
import {
  addTargetOptions,
  catalogGateway,
  customersByIdGateway,
  openSession,
  reviewGateways,
  subscriptionsGateway,
  type TargetFlags,
} from '../target-options.js';
import { packageVersion } from '../version.js';

interface PlanFlags extends TargetFlags {
  emit?: (typeof EMIT_FORMATS)[number];
  /** the saved plan's file; with --emit, the scripts' folder */
  out?: string;
  detailedExitcode?: boolean;
  prune?: boolean;
  /** take over matching unmarked objects (passed to the planner as DiffOptions.adopt) */
  adopt?: boolean;
  /** archive the extra active objects of a key (DiffOptions.dedupe) */
  dedupe?: boolean;
  format?: (typeof planView.PLAN_FORMATS)[number];
  /** the review's countries, replacing the catalog's `review.countries` */
  countries?: string[];
  /** exit 3 when a change touches subscribers */
  failOnSubscribers?: boolean;
  /** the customers to tell of the moves, .csv or .json */
  noticesOut?: string;
}

/** `--countries US,de, JP` → ['US', 'DE', 'JP'], or commander's usage error naming a code it cannot preview. */
function countryList(value: string): string[] {
  const codes = value
    .split(',')
    .map((code) => code.trim().toUpperCase())
    .filter((code) => code !== '');
  const unknown = codes.filter((code) => !(SUPPORTED_COUNTRY_CODES as readonly string[]).includes(code));
  if (codes.length === 0 || unknown.length > 0) {
    const which = unknown.length > 0 ? `: ${shown(unknown.join(', '))}` : '';
    throw new InvalidArgumentError(`expected ISO 3166-1 alpha-2 codes of countries Paddle sells to${which}`);
  }
  return [...new Set(codes)];
}

const EXAMPLES = `
Examples:
  $ paddle-catalog plan catalog.yaml --local                # against a built-in emulator, no account
  $ PADDLE_API_KEY=pdl_sdbx_… paddle-catalog plan catalog.yaml
  $ paddle-catalog plan catalog.yaml --detailed-exitcode    # exit 2 when there is work to do (CI)
  $ paddle-catalog plan catalog.yaml --format markdown      # the review for a pull request
  $ paddle-catalog plan catalog.yaml --out plan.json        # save it: apply plan.json applies exactly this
  $ paddle-catalog plan catalog.yaml --prune                # also archive what left the catalog
  $ paddle-catalog plan catalog.yaml --dedupe               # show archiving the twins of a key (keeps the oldest)
  $ paddle-catalog plan catalog.yaml --emit tool-server --out scripts/
                                        # execute scripts for Paddle's hosted tool server

A create beside an unmanaged object that looks the same is marked "! looks like …" (lookalike in --json): apply refuses it.
In GitHub Actions the review (as --format markdown) goes to the step summary and has_changes=true|false to the step outputs.`;

export const registerPlan: RegisterCommand = (program, run) => {
  addTargetOptions(
    program
      .command('plan')
      .description('show what apply would change in the account: create, update, archive, per key')
      .argument('<file>', 'the catalog YAML file'),
  )
    .option('--prune', 'also plan archiving managed objects that are no longer in the catalog')
    .option(
      '--adopt',
      'take over unmarked objects that match a key (a product by name; a price by description and unit price; a discount by code)',
    )
    .option(
      '--dedupe',
      'plan archiving the extra active objects (products, prices, discounts) of a key that has several; keeps the oldest',
    )
    .option(
      '--detailed-exitcode',
      'exit 2 when there is work to do: changes pending, a key with duplicates, or subscribers to move (0: none, 1: error)',
    )
    .addOption(
      new Option('--format <format>', 'text, or markdown: the review for a pull request')
        .choices(planView.PLAN_FORMATS)
        .default('text'),
    )
    .addOption(
      new Option(
        '--emit <format>',
        "write the pending changes as scripts for Paddle's hosted tool server",
      ).choices(EMIT_FORMATS),
    )
    .option(
      '--countries <codes>',
      "the countries whose customers the review shows, e.g. US,DE,JP (default: the catalog's review.countries, else US,GB,DE,JP), beside each price's override countries",
      countryList,
    )
    .option(
      '--fail-on-subscribers',
      'exit 3 when a change touches subscribers (a price they pay is changed, archived or moved), or their count could not be read',
    )
    .option(
      '--notices-out <file>',
      'write the customers to tell of the subscriber moves, one row per subscription (ids, e-mail, unit amount now and after, next renewal, when the new price first bills): .csv or .json',
    )
    .option(
      '--out <path>',
      'save the plan to this file for apply <plan-file>; with --emit: the folder for one .js file per script',
    )
    .action(run(async (ctx: CommandContext, file: string, flags: PlanFlags) => runPlan(ctx, file, flags)))
    .addHelpText('after', EXAMPLES);
};

async function runPlan({ reporter, io }: CommandContext, file: string, flags: PlanFlags): Promise<number> {
  if (flags.format === 'markdown' && (reporter.json || flags.emit)) {
    throw new UserError('--format markdown is its own output: leave out --json and --emit.');
  }
  if (flags.out && !flags.emit && flags.local) {
    throw new UserError(
      '--out with --local: a saved plan is for an account that stays; the built-in emulator starts empty for each command.',
    );
  }
  const environment = environmentOf(flags.production);
  await refuseSavedPlan(file, io.cwd);
  if (flags.out && !flags.emit) await refuseInputAsOutput(io.cwd, flags.out, '--out', file);
  if (flags.noticesOut) await checkNoticesFile(io.cwd, flags.noticesOut, file);
  const loaded = await loadCatalog(file, environment, io.cwd);
  // --json: they are in the document (`issues`), as validate gives them
  reportCatalogWarnings(reporter, file, loaded.warnings, true);
  const session = await openSession(reporter, flags, { catalogFile: file, settings: loaded.settings });
  try {
    const saveTo = flags.out && !flags.emit ? flags.out : undefined;
    const request: PlanRunRequest = {
      environment,
      catalog: loaded.catalog,
      gateway: await catalogGateway(session, reporter),
      subscriptions: await subscriptionsGateway(session),
      options: flags,
      settings: callerSettings(io),
      accountTime: session.target.accountTime,
      review: {
        gateways: await reviewGateways(session),
        countries: reviewCountries(loaded.catalog.review?.countries, flags.countries),
      },
      ...(flags.noticesOut
        ? { notices: { file: flags.noticesOut, cwd: io.cwd, customers: await customersByIdGateway(session) } }
        : {}),
      ...(flags.emit ? { emit: { dir: flags.out ? resolve(io.cwd, flags.out) : undefined } } : {}),
      ...(saveTo
        ? {
            save: {
              file: saveTo,
              context: {
                catalogFile: file,
                target: session.target,
                toolVersion: packageVersion(),
                cwd: io.cwd,
              },
              secrets: {
                redactDocument: (document) => reporter.redactDocument(document),
                holds: (text) => reporter.holdsSecret(text),
              },
              movesShown: moveChanges,
            },
          }
        : {}),
    };
    const view = { file, warnings: loaded.warnings, format: flags.format ?? 'text' } as const;
    const result = await planAndReview(request, {
      reading: (work) => reporter.during(readingCatalog(environment), work),
      reviewing: (work) => reporter.during('Reviewing what customers pay and the subscribers touched…', work),
      reviewed: (reviewed) => publishPlan(reporter, { ...reviewed, ...view, prune: flags.prune }),
      emitting: (work) => reporter.during(scriptsView.READING_SUBSCRIPTIONS, work),
    });
    const exitCode = planExitCode(result.plan, flags.detailedExitcode, {
      failOn: flags.failOnSubscribers,
      touched: touchesSubscribers(result.plan, result.review),
    });
    if (flags.emit && result.emitted) {
      show(reporter, scriptsView, { ...result, ...result.emitted, format: flags.emit });
      return exitCode;
    }
    show(reporter, planView, { ...result, ...view, saved: result.saved, notices: result.notices });
    return exitCode;
  } finally {
    await session.close();
  }
}

/** A saved plan given to plan: said in words, not as a catalog's unknown fields. */
async function refuseSavedPlan(file: string, cwd: string): Promise<void> {
  const saved = savedPlanFields(new TextDecoder().decode(await readCatalogFile(file, cwd)));
  if (!saved) return;
  const from =
    typeof saved.catalog_file === 'string' ? ` (it was made from ${shown(saved.catalog_file)})` : '';
  throw new UserError(
    `${shown(file)} is a saved plan, not a catalog${from}.`,
    `Apply it with apply ${shown(file)}, or plan the catalog file.`,
  );
}
