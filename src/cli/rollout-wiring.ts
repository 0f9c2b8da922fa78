// What `rollout` wires around its two use-cases (src/rollout/use-case.ts, and the dry run's
// src/rollout/dry-run.ts): the flags it checks before the account is read (--format markdown with
// --json; the notices list, read and checked), the dry run's session and views, and the run's views
// and exit code. The rules are the use-cases'.
import { keyResults } from '../apply/run-report.js';
import { UserError } from '../errors.js';
import { loadNoticesList } from '../notices/read-list.js';
import type { EnvironmentName } from '../paddle-facts/environments.js';
import { dryRun } from '../rollout/dry-run.js';
import type { NoticeRecord } from '../rollout/notices-ahead.js';
import type { RolloutResult } from '../rollout/use-case.js';
import type { ApplyInput } from '../saved-plan/apply-saved.js';
import type { Reporter } from '../terminal/reporter.js';
import { rolloutExitCode } from '../views/exit-codes.js';
import * as rolloutView from '../views/rollout.js';
import { publishRollout, type RolloutFormat, type RolloutReport, renderVerdict } from '../views/rollout.js';
import * as dryRunView from '../views/rollout-dry-run.js';
import { publishDryRun } from '../views/rollout-dry-run.js';
import { readingCatalog } from '../views/run.js';
import { show } from '../views/view.js';
import { type CommandContext, callerSettings } from './command.js';
import {
  catalogContext,
  catalogGateway,
  openSession,
  type Session,
  subscriptionsGateway,
  type TargetFlags,
} from './target-options.js';

export interface RolloutFlags extends TargetFlags {
  yes?: boolean;
  failAfter: number;
  detailedExitcode?: boolean;
  dryRun?: boolean;
  notices?: string;
  format: RolloutFormat;
  json?: boolean;
}

/** Checked before the account is read: the flags together, and the notices list (read, checked). */
export async function rolloutInputs(
  flags: RolloutFlags,
  cwd: string,
): Promise<{ notices?: readonly NoticeRecord[] }> {
  if (flags.format === 'markdown' && flags.json)
    throw new UserError('--format markdown is its own output: leave out --json.');
  return flags.notices ? { notices: await loadNoticesList(cwd, flags.notices) } : {};
}

/** Which catalog a rollout runs, for which environment. */
export interface RolloutWhere {
  file: string;
  environment: EnvironmentName;
  input: ApplyInput;
}

/** What a run and a dry run both ask of the account: the catalog, its gateways and clock, the notices. */
export async function accountRequest(
  reporter: Reporter,
  session: Session,
  where: RolloutWhere,
  flags: RolloutFlags,
  notices: { notices?: readonly NoticeRecord[] },
) {
  return {
    ...where,
    gateway: await catalogGateway(session, reporter),
    subscriptions: await subscriptionsGateway(session),
    accountTime: session.target.accountTime,
    failAfterDays: flags.failAfter,
    ...notices,
  };
}

/** The dry run: reads only, shows where the rise stands, exits as a run now would. */
export async function runDryRun(
  ctx: CommandContext,
  where: RolloutWhere,
  flags: RolloutFlags,
  notices: { notices?: readonly NoticeRecord[] },
): Promise<number> {
  const { reporter, io } = ctx;
  const { file, environment, input } = where;
  const session = await openSession(reporter, flags, catalogContext(file, input));
  try {
    const request = {
      ...(await accountRequest(reporter, session, where, flags, notices)),
      settings: callerSettings(io),
    };
    const reading = <T>(work: () => Promise<T>) => reporter.during(readingCatalog(environment), work);
    const result = await dryRun(request, { reading });
    show(reporter, dryRunView, { ...result, environment, format: flags.format });
    await publishDryRun(reporter, result);
    return rolloutExitCode(result.rollout.state, flags.detailedExitcode);
  } finally {
    await session.close();
  }
}

/** The view, the Actions step report, the verdict; the exit code as the rollout stands. */
export async function showRollout(
  reporter: Reporter,
  result: RolloutResult,
  flags: RolloutFlags,
): Promise<number> {
  const { environment, plan, outcome } = result;
  const results = keyResults(plan, outcome.execution.changeResults);
  const report: RolloutReport = { ...result, results, unwritten: [], format: flags.format };
  show(reporter, rolloutView, report);
  const failed = Boolean(outcome.execution.error || outcome.execution.interrupted);
  const moves = outcome.moves ? { moves: outcome.moves } : {};
  const input = { environment, results, verified: outcome.verified, failed, ...moves };
  await publishRollout(reporter, plan, input, result);
  renderVerdict(report, reporter);
  return rolloutExitCode(result.rollout.state, flags.detailedExitcode);
}
