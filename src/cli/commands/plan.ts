// `plan <file>`: validate, read the account, print what apply would change (design §2).
import { createRunCalls, DEFAULT_APPLY_SETTINGS, planCatalog } from '../../apply/apply-catalog.js';
import { loadCatalog } from '../../catalog/read.js';
import { formatIssueLine } from '../../output/issues.js';
import { formatPlan, planDocument } from '../../output/plan-format.js';
import { createCatalogGateway } from '../../paddle/catalog-gateway.js';
import { environmentOf } from '../../paddle/target.js';
import { hasChanges } from '../../plan/summary.js';
import type { CommandContext, RegisterCommand } from '../command.js';
import { EXIT_CHANGES_PENDING, EXIT_OK } from '../handle-error.js';
import { addTargetOptions, openSession, type TargetFlags } from '../target-options.js';

interface PlanFlags extends TargetFlags {
  detailedExitcode?: boolean;
  prune?: boolean;
}

export const registerPlan: RegisterCommand = (program, run) => {
  addTargetOptions(
    program
      .command('plan')
      .description('show what apply would change in the account: create, update, archive, per key')
      .argument('<file>', 'the catalog YAML file'),
  )
    .option('--prune', 'also plan archiving managed objects that are no longer in the catalog')
    .option('--detailed-exitcode', 'exit 2 when changes are pending (0: none, 1: error)')
    .action(run(async (ctx: CommandContext, file: string, flags: PlanFlags) => runPlan(ctx, file, flags)));
};

async function runPlan({ reporter }: CommandContext, file: string, flags: PlanFlags): Promise<number> {
  const environment = environmentOf(flags.production);
  const loaded = await loadCatalog(file, environment);
  for (const issue of loaded.warnings) reporter.info(formatIssueLine(file, issue, reporter.errStyle));
  const session = await openSession(reporter, flags, { catalogFile: file, settings: loaded.settings });
  try {
    const gateway = createCatalogGateway(session.target);
    const plan = await planCatalog(loaded.catalog, gateway, createRunCalls(DEFAULT_APPLY_SETTINGS), flags);
    reporter.document(planDocument(plan, environment));
    for (const line of formatPlan(plan, reporter.style, flags)) reporter.result(line);
    return flags.detailedExitcode && hasChanges(plan) ? EXIT_CHANGES_PENDING : EXIT_OK;
  } finally {
    await session.close();
  }
}
