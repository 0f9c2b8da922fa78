// `apply <file>`: validate, then apply's use-case (src/apply/file.ts), then its views.
import type { Command } from 'commander';
import { applyFile } from '../../apply/file.js';
import { DEFAULT_APPLY_SETTINGS } from '../../apply/use-case.js';
import { checkOutputs } from '../../ids/apply-files.js';
import { idsFeatures } from '../../ids/features.js';
import { environmentOf } from '../../paddle/target.js';
import { REQUESTS_PER_MINUTE } from '../../paddle-facts/api.js';
import { loadApplyInput } from '../../saved-plan/apply-saved.js';
import { processControl } from '../../terminal/signals.js';
import { reportCatalogWarnings } from '../../views/issues.js';
import { applySettings, applyViews, showApplied, terminalConfirm, terminalStop } from '../apply-wiring.js';
import { type CommandContext, type RegisterCommand, wholeNumber } from '../command.js';
import {
  addTargetOptions,
  catalogContext,
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
  /** the notification destinations' signing secrets, dotenv lines in a 0600 file (src/apply/secrets.ts) */
  secretsOut?: string;
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
  const command = addTargetOptions(
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
    );
  addRunOptions(command)
    .action(run(async (ctx: CommandContext, file: string, flags: ApplyFlags) => runApply(ctx, file, flags)))
    .addHelpText('after', EXAMPLES);
};

/** How the run paces its writes, and the files it writes the ids to. */
const addRunOptions = (command: Command) =>
  command
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
    .option(
      '--secrets-out <file>',
      "write the notification destinations' signing secrets as dotenv lines (PADDLE_WEBHOOK_SECRET_APP=pdl_ntfset_…), readable by you only",
    );

async function runApply(ctx: CommandContext, file: string, flags: ApplyFlags): Promise<number> {
  const { reporter, io } = ctx;
  const environment = environmentOf(flags.production);
  const input = await loadApplyInput(file, environment, io.cwd, flags);
  await checkOutputs(io.cwd, file, flags);
  reportCatalogWarnings(reporter, file, input.warnings);
  const session = await openSession(reporter, flags, catalogContext(file, input));
  const stop = terminalStop(processControl(io), ctx.deadline);
  try {
    const gateway = await catalogGateway(session, reporter);
    const request = {
      environment,
      file,
      input,
      target: session.target,
      gateway,
      subscriptions: await subscriptionsGateway(session),
      options: flags,
      consent: { ...flags, port: terminalConfirm(reporter) },
      settings: applySettings(flags, ctx),
      accountTime: session.target.accountTime,
      stop: stop.port,
    };
    const saved = input.saved && { file, plan: input.saved };
    const result = await applyFile(request, applyViews(reporter, environment, saved));
    const where = { baseUrl: session.target.baseUrl, features: idsFeatures(input.catalog) };
    const readSecrets = () => gateway.notificationSecrets('read the signing secrets for --secrets-out');
    return await showApplied(reporter, result, { cwd: io.cwd, ...flags, readSecrets }, where);
  } finally {
    stop.release();
    await session.close();
  }
}
