// `plan <file>`: validate, then plan's use-case (src/plan-use-case/use-case.ts), then its views.
import { type Command, InvalidArgumentError, Option } from 'commander';
import { environmentOf } from '../../paddle/target.js';
import { SUPPORTED_COUNTRY_CODES } from '../../paddle-facts/countries.js';
import { loadPlanInput } from '../../plan-use-case/input.js';
import { planAndReview } from '../../plan-use-case/use-case.js';
import { shown } from '../../text/escape.js';
import { EMIT_FORMATS } from '../../tool-server/emit.js';
import { reportCatalogWarnings } from '../../views/issues.js';
import { PLAN_FORMATS } from '../../views/plan/plan.js';
import type { CommandContext, RegisterCommand } from '../command.js';
import { type PlanFlags, planRequest, planViews, showPlan } from '../plan-wiring.js';
import { addTargetOptions, catalogContext, openSession } from '../target-options.js';

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
  const command = addTargetOptions(
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
    );
  addOutputOptions(command)
    .action(run(async (ctx: CommandContext, file: string, flags: PlanFlags) => runPlan(ctx, file, flags)))
    .addHelpText('after', EXAMPLES);
};

/** What the run shows and writes besides the plan: its format, scripts, review, notices, saved plan. */
const addOutputOptions = (command: Command) =>
  command
    .addOption(
      new Option('--format <format>', 'text, or markdown: the review for a pull request')
        .choices(PLAN_FORMATS)
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
    );

async function runPlan({ reporter, io }: CommandContext, file: string, flags: PlanFlags): Promise<number> {
  const environment = environmentOf(flags.production);
  const loaded = await loadPlanInput(file, environment, io.cwd, { ...flags, json: reporter.json });
  // --json: they are in the document (`issues`), as validate gives them
  reportCatalogWarnings(reporter, file, loaded.warnings, true);
  const session = await openSession(reporter, flags, catalogContext(file, loaded));
  try {
    const request = await planRequest(session, { reporter, io }, { file, loaded, flags });
    const view = { file, warnings: loaded.warnings, format: flags.format ?? 'text' } as const;
    const result = await planAndReview(
      request,
      planViews(reporter, environment, { ...view, prune: flags.prune }),
    );
    return showPlan(reporter, result, flags, view);
  } finally {
    await session.close();
  }
}
