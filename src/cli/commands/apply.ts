// `apply <file>`: validate → snapshot → plan → confirm → execute → verify → report.
import { resolve } from 'node:path';
import { InvalidArgumentError } from 'commander';
import {
  type ApplyOutcome,
  type ApplySettings,
  applyPlan,
  createRunCalls,
  DEFAULT_APPLY_SETTINGS,
  planCatalog,
} from '../../apply/apply-catalog.js';
import { refuseUnsafePlan } from '../../apply/preflight.js';
import { applyDocument, dotenvLines, idsDocument, keyResults } from '../../apply/report.js';
import { loadCatalog } from '../../catalog/read.js';
import { UserError } from '../../errors.js';
import { annotateIssues } from '../../output/annotations.js';
import { dashboardSteps, formatResultTable } from '../../output/apply-format.js';
import { publishApply } from '../../output/github.js';
import { processControl, STOP_SIGNALS, type StopSignal } from '../../output/io.js';
import { formatIssueLine } from '../../output/issues.js';
import { formatChange, formatDuplicates, formatPlan } from '../../output/plan-format.js';
import { plural } from '../../output/plural.js';
import { confirm, confirmByTyping } from '../../output/prompts.js';
import type { Reporter } from '../../output/reporter.js';
import { createCatalogGateway } from '../../paddle/catalog-gateway.js';
import { hintForRemoteError } from '../../paddle/error-hints.js';
import { environmentOf } from '../../paddle/target.js';
import type { EnvironmentName } from '../../paddle-facts/environments.js';
import { changesInOrder, hasChanges } from '../../plan/summary.js';
import type { Plan } from '../../plan/types.js';
import type { CommandContext, RegisterCommand } from '../command.js';
import { EXIT_ERROR, EXIT_OK, printRemoteError } from '../handle-error.js';
import { writeOutputFile } from '../output-file.js';
import { addTargetOptions, openSession, type TargetFlags } from '../target-options.js';

interface ApplyFlags extends TargetFlags {
  yes?: boolean;
  prune?: boolean;
  /** take over matching unmarked objects (passed to the planner as DiffOptions.adopt) */
  adopt?: boolean;
  /** archive the extra active objects of a key (DiffOptions.dedupe) */
  dedupe?: boolean;
  /** create beside unmanaged look-alikes anyway (PreflightOptions.allowLookalikes) */
  allowLookalikes?: boolean;
  concurrency: number;
  rateLimit: number;
  idsOut?: string;
  envOut?: string;
}

const wholeNumber = (min: number, max: number) => (value: string) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new InvalidArgumentError(`expected a whole number from ${min} to ${max}`);
  }
  return n;
};

const EXAMPLES = `
Examples:
  $ paddle-catalog apply catalog.yaml --local                 # try it on a built-in emulator
  $ PADDLE_API_KEY=pdl_sdbx_… paddle-catalog apply catalog.yaml  # sandbox, asks first
  $ paddle-catalog apply catalog.yaml --yes --ids-out ids.sandbox.json --env-out .env.paddle
  $ PADDLE_API_KEY=pdl_live_… paddle-catalog apply catalog.yaml --production   # type "production" to confirm
  $ paddle-catalog apply catalog.yaml --adopt --yes            # take over look-alikes made in the dashboard
  $ paddle-catalog apply catalog.yaml --allow-lookalikes       # or create beside them on purpose
  $ paddle-catalog apply catalog.yaml --dedupe --yes           # two runs made twins: keep the oldest, archive the rest

A new object beside an unmanaged one that looks the same (product name, price description and unit price,
discount code) is refused before anything is written. Give CI jobs a concurrency group: two runs at once
can make twins, and the later one then ends not verified.
In GitHub Actions the ids go to the step summary; has_changes, applied, verified and ids_file to the step outputs.`;

export const registerApply: RegisterCommand = (program, run) => {
  addTargetOptions(
    program
      .command('apply')
      .description('make the account match the catalog: products, then their prices; verify; print the ids')
      .argument('<file>', 'the catalog YAML file'),
  )
    .option('-y, --yes', 'apply without asking (needed without a terminal, e.g. in CI)')
    .option('--prune', 'archive managed products, prices and discounts that are no longer in the catalog')
    .option(
      '--adopt',
      'take over unmarked objects that match a key (a product by name; a price by description and unit price)',
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
      '--concurrency <n>',
      'API calls in flight at once',
      wholeNumber(1, 64),
      DEFAULT_APPLY_SETTINGS.concurrency,
    )
    .option(
      '--rate-limit <n>',
      'requests per minute to stay under (Paddle allows 240; 0: no pacing)',
      wholeNumber(0, 100_000),
      DEFAULT_APPLY_SETTINGS.requestsPerMinute,
    )
    .option('--ids-out <file>', 'write the key → id map of this environment as JSON')
    .option('--env-out <file>', 'write the price ids as dotenv lines (PADDLE_PRICE_PRO_MONTHLY=pri_…)')
    .action(run(async (ctx: CommandContext, file: string, flags: ApplyFlags) => runApply(ctx, file, flags)))
    .addHelpText('after', EXAMPLES);
};

async function runApply({ reporter, io }: CommandContext, file: string, flags: ApplyFlags): Promise<number> {
  const environment = environmentOf(flags.production);
  const loaded = await loadCatalog(file, environment, io.cwd);
  for (const issue of loaded.warnings) reporter.info(formatIssueLine(file, issue, reporter.errStyle));
  annotateIssues(reporter, file, loaded.warnings);
  const session = await openSession(reporter, flags, { catalogFile: file, settings: loaded.settings });
  const interrupt = new AbortController();
  const signals = processControl(io);
  // Ctrl-C, or the SIGTERM a CI runner sends on cancel: the same orderly stop. A second signal
  // finds only the program's own handler, which exits at once.
  const onStop = (signal: StopSignal) => {
    for (const s of STOP_SIGNALS) signals.off(s, onStop);
    // on a terminal the line starts after the "^C" the terminal echoed
    const after = reporter.interactive ? '\n' : '';
    const what = signal === 'SIGTERM' ? 'Terminated' : 'Interrupted';
    reporter.info(`${after}${what}: no new calls start; waiting for the ones in flight…`);
    interrupt.abort();
  };
  try {
    const settings: ApplySettings = {
      ...DEFAULT_APPLY_SETTINGS,
      concurrency: flags.concurrency,
      requestsPerMinute: flags.rateLimit,
      signal: interrupt.signal,
      onStep: (step) => {
        if (step.status !== 'applied' || reporter.json) return;
        reporter.info(`  ${reporter.errStyle.green('✓')} ${formatChange(step.change, reporter.errStyle)[0]}`);
      },
    };
    const gateway = createCatalogGateway(session.target);
    const calls = createRunCalls(settings);
    const plan = await reporter.during(`Reading the ${environment} catalog…`, () =>
      planCatalog(loaded.catalog, gateway, calls, flags),
    );
    for (const line of formatPlan(plan, reporter.style, flags)) reporter.result(line);
    refuseUnsafePlan(plan, flags);
    if (hasChanges(plan)) await confirmApply(reporter, flags, environment);
    for (const signal of STOP_SIGNALS) signals.on(signal, onStop);
    const outcome = await applyPlan(loaded.catalog, plan, gateway, calls, settings, flags);
    return await report(reporter, io.cwd, { environment, plan, outcome, flags });
  } finally {
    for (const signal of STOP_SIGNALS) signals.off(signal, onStop);
    await session.close();
  }
}

/** A prompt on a terminal (typing the name for production), --yes, or refuse. */
async function confirmApply(
  reporter: Reporter,
  flags: ApplyFlags,
  environment: EnvironmentName,
): Promise<void> {
  // --local too: a run that writes without asking must say so with --yes, whatever the target
  if (flags.yes) return;
  if (!reporter.interactive) {
    throw new UserError(
      'Refusing to apply without confirmation: there is no terminal to ask on.',
      'Pass --yes to apply without a prompt (CI, scripts, --json).',
    );
  }
  const confirmed =
    environment === 'production'
      ? await confirmByTyping(reporter, 'This changes the PRODUCTION catalog.', 'production')
      : await confirm(reporter, `Apply these changes to the ${environment} account?`);
  if (!confirmed) {
    const why = environment === 'production' ? ' (the answer was not "production")' : '';
    throw new UserError(`Apply cancelled${why}; nothing was changed.`);
  }
}

interface ReportInput {
  environment: EnvironmentName;
  plan: Plan;
  outcome: ApplyOutcome;
  flags: ApplyFlags;
}

async function report(reporter: Reporter, cwd: string, input: ReportInput): Promise<number> {
  const { environment, plan, outcome, flags } = input;
  const { execution } = outcome;
  const results = keyResults(plan, execution.steps);
  const remaining = dashboardSteps(plan.catalog, execution.steps, results);
  const errorDetails = execution.error
    ? { ...execution.error.details, hint: hintForRemoteError(execution.error.details) }
    : undefined;
  reporter.document({
    ...applyDocument(environment, plan, outcome, errorDetails),
    ...(remaining.length > 0 ? { remaining: remaining.map((s) => s.trim()) } : {}),
  });
  reporter.result('');
  for (const line of formatResultTable(results, reporter.style)) reporter.result(line);
  if (flags.idsOut)
    await writeOut(cwd, flags.idsOut, `${JSON.stringify(idsDocument(environment, results), null, 2)}\n`);
  if (flags.envOut) await writeOut(cwd, flags.envOut, `${dotenvLines(results).join('\n')}\n`);
  const failed = Boolean(execution.error || execution.interrupted);
  await publishApply(reporter, plan, {
    environment,
    results,
    verified: outcome.verified,
    failed,
    idsFile: flags.idsOut,
  });

  if (execution.error || execution.interrupted) {
    if (execution.error) printRemoteError(execution.error, reporter);
    else reporter.error('interrupted: the calls in flight finished; nothing else was started');
    if (remaining.length > 0) {
      reporter.info(
        '\nWhat is left to do (or fix the cause and run apply again: it picks up where this stopped).',
      );
      reporter.info('As steps in the Paddle dashboard:');
      for (const line of remaining) reporter.info(line);
    }
    return EXIT_ERROR;
  }
  if (!outcome.verified) {
    reportNotVerified(reporter, outcome);
    return EXIT_ERROR;
  }
  reporter.info(reporter.errStyle.green(`Verified: the ${environment} account matches the catalog.`));
  return EXIT_OK;
}

/** What the fresh read found: keys with more than one active object, and changes still pending. */
function reportNotVerified(reporter: Reporter, outcome: ApplyOutcome): void {
  const remaining = outcome.remaining;
  const duplicates = remaining?.duplicates ?? [];
  reporter.error(
    duplicates.length > 0
      ? `not verified: ${plural(duplicates.length, 'key')} ${duplicates.length === 1 ? 'has' : 'have'} more than one active object (another apply or a person made them meanwhile?)`
      : 'not verified: after apply, the account still differs from the catalog',
  );
  for (const line of formatDuplicates(duplicates, reporter.errStyle)) reporter.info(`  ${line}`);
  for (const change of remaining ? changesInOrder(remaining) : []) {
    for (const line of formatChange(change, reporter.errStyle)) reporter.info(`  ${line}`);
  }
  if (duplicates.length > 0) {
    reporter.info(
      'Run apply --dedupe to keep the oldest of each and archive the others; plan --dedupe shows it first.',
    );
  }
}

/** --ids-out and --env-out are rewritten on every run: they describe the account as it is now. */
async function writeOut(cwd: string, file: string, text: string): Promise<void> {
  await writeOutputFile(resolve(cwd, file), file, text, { overwrite: true });
}
