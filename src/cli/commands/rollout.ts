// `rollout <catalog>`: the scheduled job's command. It continues the subscriber moves a reviewed
// apply started (recorded in each target price's marker) and archives what no one is left on, by the
// apply pipeline (src/rollout/use-case.ts), and says how the rollout stands: exit 0 when nothing
// needs a person, 1 when something does (named), 2 for "in progress" with --detailed-exitcode; with
// --dry-run it reads only and shows where the rise stands (src/cli/rollout-wiring.ts).
import { Option } from 'commander';
import { DEFAULT_APPLY_SETTINGS } from '../../apply/use-case.js';
import { environmentOf } from '../../paddle/target.js';
import { DEFAULT_FAIL_AFTER_DAYS, rollOut } from '../../rollout/use-case.js';
import { loadApplyInput } from '../../saved-plan/apply-saved.js';
import { processControl } from '../../terminal/signals.js';
import { reportCatalogWarnings } from '../../views/issues.js';
import { ROLLOUT_FORMATS } from '../../views/rollout.js';
import { applySettings, applyViews, terminalConfirm, terminalStop } from '../apply-wiring.js';
import { type CommandContext, type RegisterCommand, wholeNumber } from '../command.js';
import {
  accountRequest,
  type RolloutFlags,
  rolloutInputs,
  runDryRun,
  showRollout,
} from '../rollout-wiring.js';
import { addTargetOptions, catalogContext, openSession } from '../target-options.js';

const EXAMPLES = `
Examples:
  $ paddle-catalog rollout catalog.yaml --production --yes          # the daily scheduled job
  $ paddle-catalog rollout catalog.yaml --yes --detailed-exitcode   # exit 2 while the rollout is in progress
  $ paddle-catalog rollout catalog.yaml --dry-run --notices notices.csv --format markdown   # where the rise stands

It runs only while the account differs from the catalog in nothing but the subscriber moves an apply
started (a reviewed plan, or a confirmed apply) and the archives of their old prices: anything else,
a new subscribers_from among it, is refused (exit 1, nothing written) until it is reviewed and applied.
Exit 0: everything due moved, the rest waits for a date or a payment. Exit 1: something needs a person,
named (a subscription the move's proration will not move, Paddle's error, one waiting for payment
longer than --fail-after days). --dry-run reads only and exits as a run now would.`;

export const registerRollout: RegisterCommand = (program, run) => {
  addTargetOptions(
    program
      .command('rollout')
      .description(
        'continue the subscriber moves an apply started: move those now due, archive the old prices no one is left on',
      )
      .argument('<file>', 'the catalog YAML file the moves were applied from'),
  )
    .option('-y, --yes', 'run without asking (needed without a terminal, e.g. in CI)')
    .option(
      '--fail-after <days>',
      'a subscription waiting for payment longer than this needs a person (exit 1)',
      wholeNumber(1, 3650),
      DEFAULT_FAIL_AFTER_DAYS,
    )
    .option('--detailed-exitcode', 'exit 2 while the rollout is in progress (subscriptions still wait)')
    .option('--dry-run', 'read only: where the rise stands and what a run now would do; nothing is written')
    .option('--notices <file>', 'the list plan --notices-out wrote: say which notices are still ahead')
    .addOption(
      new Option('--format <format>', 'text, or markdown: the report for a step summary or an issue')
        .choices(ROLLOUT_FORMATS)
        .default('text'),
    )
    .action(
      run(async (ctx: CommandContext, file: string, flags: RolloutFlags) => runRollout(ctx, file, flags)),
    )
    .addHelpText('after', EXAMPLES);
};

async function runRollout(ctx: CommandContext, file: string, flags: RolloutFlags): Promise<number> {
  const { reporter, io } = ctx;
  const environment = environmentOf(flags.production);
  const input = await loadApplyInput(file, environment, io.cwd, flags);
  const notices = await rolloutInputs({ ...flags, json: reporter.json }, io.cwd);
  reportCatalogWarnings(reporter, file, input.warnings);
  const where = { file, environment, input };
  if (flags.dryRun) return runDryRun(ctx, where, flags, notices);
  const session = await openSession(reporter, flags, catalogContext(file, input));
  const stop = terminalStop(processControl(io), ctx.deadline);
  try {
    const { concurrency, requestsPerMinute: rateLimit } = DEFAULT_APPLY_SETTINGS;
    const request = {
      ...(await accountRequest(reporter, session, where, flags, notices)),
      consent: { ...flags, port: terminalConfirm(reporter) },
      settings: applySettings({ concurrency, rateLimit }, ctx),
      stop: stop.port,
    };
    const result = await rollOut(request, applyViews(reporter, environment, undefined));
    return await showRollout(reporter, result, flags);
  } finally {
    stop.release();
    await session.close();
  }
}
