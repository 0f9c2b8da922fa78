// `apply <file>`: validate, then the apply use-case (src/apply/use-case.ts), then its views.
import { reportRun } from '../../apply/run-report.js';
import type { StopPort } from '../../apply/stop.js';
import {
  type ApplyResult,
  type ApplySettings,
  applyCatalog,
  DEFAULT_APPLY_SETTINGS,
} from '../../apply/use-case.js';
import { checkOutputs } from '../../ids/apply-files.js';
import { type IdsFeatures, idsFeatures } from '../../ids/features.js';
import { environmentOf } from '../../paddle/target.js';
import { REQUESTS_PER_MINUTE } from '../../paddle-facts/api.js';
import { loadApplyInput } from '../../saved-plan/apply-saved.js';
import { checkSavedPlan } from '../../saved-plan/check.js';
import type { ReviewedMove } from '../../saved-plan/document.js';
import { checkSavedTarget } from '../../saved-plan/file.js';
import type { Reporter } from '../../terminal/reporter.js';
import { type Deadline, listenForStop, type ProcessControl, processControl } from '../../terminal/signals.js';
import * as applyView from '../../views/apply/apply.js';
import * as progress from '../../views/apply/progress.js';
import { publishApply } from '../../views/apply/step-summary.js';
import { EXIT_ERROR, EXIT_OK } from '../../views/exit-codes.js';
import { reportCatalogWarnings } from '../../views/issues.js';
import * as planView from '../../views/plan/plan.js';
import { reviewedCountLines } from '../../views/plan/review.js';
import { readingCatalog } from '../../views/run.js';
import { show } from '../../views/view.js';
import { type CommandContext, callerSettings, type RegisterCommand, wholeNumber } from '../command.js';
import { confirmApply } from '../confirm-apply.js';
import {
  addTargetOptions,
  catalogGateway,
  openSession,
  subscriptionsGateway,
  type TargetFlags,
} from '../target-options.js';

interface ApplyFlags extends TargetFlags {
  yes?: boolean;
  prune?: boolean;
  /** take over matching unmarked objects (passed to the planner as DiffOptions.adopt) */
  adopt?: boolean;
  /** archive the extra active objects of a key (DiffOptions.dedupe) */
  dedupe?: boolean;
  /** create beside unmanaged look-alikes anyway (PreflightOptions.allowLookalikes) */
  allowLookalikes?: boolean;
  /** with --yes, move the subscribers a catalog (not a saved plan) names */
  allowSubscriberMoves?: boolean;
  concurrency: number;
  rateLimit: number;
  idsOut?: string;
  envOut?: string;
}

const EXAMPLES = `
Examples:
  $ paddle-catalog apply catalog.yaml --local                 # try it on a built-in emulator
  $ PADDLE_API_KEY=pdl_sdbx_… paddle-catalog apply catalog.yaml  # sandbox, asks first
  $ paddle-catalog apply catalog.yaml --yes --ids-out ids.sandbox.json --env-out .env.paddle
  $ PADDLE_API_KEY=pdl_live_… paddle-catalog apply catalog.yaml --production   # type "production" to confirm
  $ paddle-catalog apply catalog.yaml --adopt --yes            # take over look-alikes made in the dashboard
  $ paddle-catalog apply catalog.yaml --allow-lookalikes       # or create beside them on purpose
  $ paddle-catalog apply catalog.yaml --dedupe --yes           # two runs made twins: keep the oldest, archive the rest
  $ paddle-catalog apply plan.json --yes                       # exactly the saved plan (plan --out), or nothing

A new object beside an unmanaged one that looks the same (product name, price description and unit price,
discount code) is refused before anything is written. Give CI jobs a concurrency group: two runs at once
can make twins, and the later one then ends not verified.
In GitHub Actions the ids go to the step summary; has_changes, applied, verified and ids_file to the step outputs.`;

export const registerApply: RegisterCommand = (program, run) => {
  addTargetOptions(
    program
      .command('apply')
      .description('make the account match the catalog: products, then their prices; verify; print the ids')
      .argument('<file>', 'the catalog YAML file, or a plan file saved by plan --out'),
  )
    .option('-y, --yes', 'apply without asking (needed without a terminal, e.g. in CI)')
    .option('--prune', 'archive managed products, prices and discounts that are no longer in the catalog')
    .option(
      '--adopt',
      'take over unmarked objects that match a key (a product by name; a price by description and unit price; a discount by code)',
    )
    .option(
      '--dedupe',
      'archive the extra active objects (products, prices, discounts) of a key that has several; keeps the oldest',
    )
    .option(
      '--allow-lookalikes',
      'create a product or price even beside an unmanaged one that looks the same (same name; same description and unit price)',
    )
    .option(
      '--allow-subscriber-moves',
      "with --yes, move the subscribers of the catalog's subscribers_from (a saved plan, reviewed already, needs no flag, also when a subscription will not move with its mode)",
    )
    .option(
      '--concurrency <n>',
      'API calls in flight at once',
      wholeNumber(1, 64),
      DEFAULT_APPLY_SETTINGS.concurrency,
    )
    .option(
      '--rate-limit <n>',
      `requests per minute to stay under (Paddle allows ${REQUESTS_PER_MINUTE}; 0: no pacing)`,
      wholeNumber(0, 100_000),
      DEFAULT_APPLY_SETTINGS.requestsPerMinute,
    )
    .option(
      '--ids-out <file>',
      "write the id file of paddle-catalog ids with this environment's ids (JSON; a .ts file: the typed module)",
    )
    .option('--env-out <file>', 'write the ids as dotenv lines (PADDLE_PRICE_PRO_MONTHLY=pri_…)')
    .action(run(async (ctx: CommandContext, file: string, flags: ApplyFlags) => runApply(ctx, file, flags)))
    .addHelpText('after', EXAMPLES);
};

async function runApply(
  { reporter, io, deadline }: CommandContext,
  file: string,
  flags: ApplyFlags,
): Promise<number> {
  const environment = environmentOf(flags.production);
  const loaded = await loadApplyInput(file, environment, io.cwd, flags);
  await checkOutputs(io.cwd, file, flags);
  reportCatalogWarnings(reporter, file, loaded.warnings);
  const session = await openSession(reporter, flags, { catalogFile: file, settings: loaded.settings });
  const stop = terminalStop(processControl(io), deadline);
  try {
    const { saved } = loaded;
    if (saved) checkSavedTarget(saved, file, session.target);
    // a saved plan applies with the options it was made with
    const options = saved ? { ...saved.options, allowLookalikes: flags.allowLookalikes } : flags;
    const request = {
      environment,
      catalog: loaded.catalog,
      gateway: await catalogGateway(session, reporter),
      subscriptions: await subscriptionsGateway(session),
      options,
      settings: applySettings(flags, { reporter, io, deadline }),
      accountTime: session.target.accountTime,
      stop: stop.port,
    };
    const result = await applyCatalog(request, {
      reading: (work) => reporter.during(readingCatalog(environment), work),
      check: saved
        ? (plan) => {
            if (checkSavedPlan(saved, file, plan) === 'already-applied')
              progress.renderAlreadyApplied(file, plan, reporter);
          }
        : undefined,
      planned: (plan) => {
        planView.renderHuman({ environment, plan, options }, reporter);
        for (const line of reviewedCountLines(saved?.review, reporter.errStyle)) reporter.info(line);
      },
      confirm: (_plan, moving, refused) =>
        confirmApply(reporter, flags, environment, { moving, refused, saved: saved !== undefined }),
      stopping: (reason) => progress.renderStopping(reason, reporter),
    });
    const where = {
      baseUrl: session.target.baseUrl,
      planFile: saved ? file : undefined,
      planCatalog: saved?.catalog_file,
      reviewedMoves: saved?.review?.moves,
      features: idsFeatures(loaded.catalog),
    };
    return await report(reporter, io.cwd, result, flags, where);
  } finally {
    stop.release();
    await session.close();
  }
}

/**
 * The stop port from the terminal: Ctrl-C, or the SIGTERM a CI runner sends on cancel, once the
 * writes start, and --timeout's deadline too. A second signal finds only the program's own handler,
 * which exits at once.
 */
function terminalStop(signals: ProcessControl, deadline: Deadline) {
  let release = () => {};
  const port: StopPort = {
    listen: (stop) => {
      const releaseSignals = listenForStop(signals, stop, { once: true });
      const releaseDeadline = deadline.claim((seconds) => stop({ kind: 'timeout', seconds }));
      release = () => {
        releaseSignals();
        releaseDeadline();
      };
    },
  };
  return { port, release: () => release() };
}

/** --concurrency and --rate-limit, the run's clock, and a line per write as it is done. */
function applySettings(flags: ApplyFlags, { reporter, io }: CommandContext): ApplySettings {
  const caller = { ...callerSettings(io), requestsPerMinute: flags.rateLimit };
  return {
    ...DEFAULT_APPLY_SETTINGS,
    ...caller,
    concurrency: flags.concurrency,
    onStep: (step) => progress.renderStep(step, reporter),
    onMove: progress.moveProgress(reporter, caller.requestsPerMinute),
  };
}

interface SavedPlanNames {
  baseUrl: string;
  /** the saved plan applied, its catalog file, and its moves as reviewed */
  planFile?: string;
  planCatalog?: string;
  reviewedMoves?: ReviewedMove[];
  features?: IdsFeatures | undefined;
}

/**
 * The id files and results (src/apply/run-report.ts), then the view (so the one --json document can
 * say a file failed), the Actions step report and the verdict: exit 0 only when verified and every
 * file written.
 */
async function report(
  reporter: Reporter,
  cwd: string,
  applied: ApplyResult,
  flags: ApplyFlags,
  { baseUrl, planFile, planCatalog, reviewedMoves, features }: SavedPlanNames,
): Promise<number> {
  const { environment, plan, outcome } = applied;
  const run = await reportRun(applied, { cwd, ...flags }, { baseUrl, features });
  const { results, unwritten } = run;
  const saved = planFile ? { planFile, planCatalog, reviewedMoves } : {};
  const result: applyView.ApplyReport = { ...applied, results, unwritten, ...saved };
  show(reporter, applyView, result);
  await publishApply(reporter, plan, {
    environment,
    results,
    verified: outcome.verified,
    failed: Boolean(outcome.execution.error || outcome.execution.interrupted),
    idsFile: run.idsFile,
    ...(outcome.moves ? { moves: outcome.moves, reviewedMoves } : {}),
  });
  applyView.renderVerdict(result, reporter);
  return run.succeeded ? EXIT_OK : EXIT_ERROR;
}
