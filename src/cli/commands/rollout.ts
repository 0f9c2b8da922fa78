// `rollout <catalog>`: the scheduled job's command. It continues the subscriber moves a reviewed
// apply started (recorded in each target price's marker) and archives what no one is left on, by the
// apply pipeline (src/rollout/use-case.ts), and says how the rollout stands: exit 0 when nothing
// needs a person, 1 when something does (named), 2 for "in progress" with --detailed-exitcode.
import { keyResults } from '../../apply/run-report.js';
import { DEFAULT_APPLY_SETTINGS } from '../../apply/use-case.js';
import { environmentOf } from '../../paddle/target.js';
import { DEFAULT_FAIL_AFTER_DAYS, type RolloutResult, rollOut } from '../../rollout/use-case.js';
import { loadApplyInput } from '../../saved-plan/apply-saved.js';
import type { Reporter } from '../../terminal/reporter.js';
import { processControl } from '../../terminal/signals.js';
import { rolloutExitCode } from '../../views/exit-codes.js';
import { reportCatalogWarnings } from '../../views/issues.js';
import * as rolloutView from '../../views/rollout.js';
import { show } from '../../views/view.js';
import { applySettings, applyViews, terminalConfirm, terminalStop } from '../apply-wiring.js';
import { type CommandContext, type RegisterCommand, wholeNumber } from '../command.js';
import {
  addTargetOptions,
  catalogContext,
  catalogGateway,
  openSession,
  subscriptionsGateway,
  type TargetFlags,
} from '../target-options.js';

interface RolloutFlags extends TargetFlags {
  yes?: boolean;
  failAfter: number;
  detailedExitcode?: boolean;
}

const EXAMPLES = `
Examples:
  $ paddle-catalog rollout catalog.yaml --production --yes          # the daily scheduled job
  $ paddle-catalog rollout catalog.yaml --yes --detailed-exitcode   # exit 2 while the rollout is in progress

It runs only while the account differs from the catalog in nothing but the subscriber moves an apply
started (a reviewed plan, or a confirmed apply) and the archives of their old prices: anything else,
a new subscribers_from among it, is refused (exit 1, nothing written) until it is reviewed and applied.
Exit 0: everything due moved, the rest waits for a date or a payment. Exit 1: something needs a person,
named (a subscription the move's proration will not move, Paddle's error, one waiting for payment
longer than --fail-after days).`;

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
    .action(
      run(async (ctx: CommandContext, file: string, flags: RolloutFlags) => runRollout(ctx, file, flags)),
    )
    .addHelpText('after', EXAMPLES);
};

async function runRollout(ctx: CommandContext, file: string, flags: RolloutFlags): Promise<number> {
  const { reporter, io } = ctx;
  const environment = environmentOf(flags.production);
  const input = await loadApplyInput(file, environment, io.cwd, flags);
  reportCatalogWarnings(reporter, file, input.warnings);
  const session = await openSession(reporter, flags, catalogContext(file, input));
  const stop = terminalStop(processControl(io), ctx.deadline);
  try {
    const { concurrency, requestsPerMinute: rateLimit } = DEFAULT_APPLY_SETTINGS;
    const request = {
      environment,
      file,
      input,
      gateway: await catalogGateway(session, reporter),
      subscriptions: await subscriptionsGateway(session),
      consent: { ...flags, port: terminalConfirm(reporter) },
      settings: applySettings({ concurrency, rateLimit }, ctx),
      accountTime: session.target.accountTime,
      stop: stop.port,
      failAfterDays: flags.failAfter,
    };
    const result = await rollOut(request, applyViews(reporter, environment, undefined));
    return await showRollout(reporter, result, flags);
  } finally {
    stop.release();
    await session.close();
  }
}

/** The view, the Actions step report, the verdict; the exit code as the rollout stands. */
async function showRollout(reporter: Reporter, result: RolloutResult, flags: RolloutFlags): Promise<number> {
  const { environment, plan, outcome } = result;
  const results = keyResults(plan, outcome.execution.changeResults);
  const report: rolloutView.RolloutReport = { ...result, results, unwritten: [] };
  show(reporter, rolloutView, report);
  const failed = Boolean(outcome.execution.error || outcome.execution.interrupted);
  const moves = outcome.moves ? { moves: outcome.moves } : {};
  const input = { environment, results, verified: outcome.verified, failed, ...moves };
  await rolloutView.publishRollout(reporter, plan, input, result.rollout);
  rolloutView.renderVerdict(report, reporter);
  return rolloutExitCode(result.rollout.state, flags.detailedExitcode);
}
