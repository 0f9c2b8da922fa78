// What `apply` wires around its use-case (src/apply/file.ts): the ports it asks through, from the
// terminal (the prompt; the stop on Ctrl-C, SIGTERM or --timeout), a line per write as it is done,
// and the views of its hooks and its report. The rules are the use-case's.
import type { ConfirmPort } from '../apply/confirm.js';
import type { ApplyFileHooks, ApplyFileResult } from '../apply/file.js';
import { reportRun } from '../apply/run-report.js';
import type { StopPort } from '../apply/stop.js';
import { type ApplySettings, DEFAULT_APPLY_SETTINGS } from '../apply/use-case.js';
import type { IdsFeatures } from '../ids/features.js';
import type { EnvironmentName } from '../paddle-facts/environments.js';
import type { DiffOptions } from '../planner/types.js';
import type { SavedPlan } from '../saved-plan/document.js';
import { confirm, confirmByTyping } from '../terminal/prompts.js';
import type { Reporter } from '../terminal/reporter.js';
import { type Deadline, listenForStop, type ProcessControl } from '../terminal/signals.js';
import * as applyView from '../views/apply/apply.js';
import * as progress from '../views/apply/progress.js';
import { publishApply } from '../views/apply/step-summary.js';
import { EXIT_ERROR, EXIT_OK } from '../views/exit-codes.js';
import { renderHuman as renderPlan } from '../views/plan/plan.js';
import { reviewedCountLines } from '../views/plan/review-lines.js';
import { readingCatalog } from '../views/run.js';
import { show } from '../views/view.js';
import { type CommandContext, callerSettings } from './command.js';

/** The terminal's prompts, asked on stderr only when a person is at an interactive terminal. */
export const terminalConfirm = (reporter: Reporter): ConfirmPort => ({
  canAsk: reporter.interactive,
  confirm: (question) => confirm(reporter, question),
  confirmByTyping: (question, word) => confirmByTyping(reporter, question, word),
});

/**
 * The stop port from the terminal: Ctrl-C, or the SIGTERM a CI runner sends on cancel, once the
 * writes start, and --timeout's deadline too. A second signal finds only the program's own handler,
 * which exits at once.
 */
export function terminalStop(signals: ProcessControl, deadline: Deadline) {
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
export function applySettings(
  flags: { concurrency: number; rateLimit: number },
  { reporter, io }: Pick<CommandContext, 'reporter' | 'io'>,
): ApplySettings {
  const caller = { ...callerSettings(io), requestsPerMinute: flags.rateLimit };
  return {
    ...DEFAULT_APPLY_SETTINGS,
    ...caller,
    concurrency: flags.concurrency,
    onChangeEnded: (step) => progress.renderChangeResult(step, reporter),
    onMove: progress.moveProgress(reporter, caller.requestsPerMinute),
  };
}

/** What a person sees as the run goes: the spinner, the plan (a saved one's counts as reviewed), the stop. */
export function applyViews(
  reporter: Reporter,
  environment: EnvironmentName,
  saved: { file: string; plan: SavedPlan } | undefined,
): ApplyFileHooks {
  return {
    reading: (work) => reporter.during(readingCatalog(environment), work),
    alreadyApplied: (plan) => progress.renderAlreadyApplied(saved?.file ?? '', plan, reporter),
    planned: (plan, options: DiffOptions) => {
      renderPlan({ environment, plan, options }, reporter);
      for (const line of reviewedCountLines(saved?.plan.review, reporter.errStyle)) reporter.info(line);
    },
    stopping: (reason) => progress.renderStopping(reason, reporter),
  };
}

/**
 * The id files and results (src/apply/run-report.ts), then the view (so the one --json document can
 * say a file failed), the Actions step report and the verdict: exit 0 only when verified and every
 * file written.
 */
export async function showApplied(
  reporter: Reporter,
  applied: ApplyFileResult,
  files: {
    cwd: string;
    idsOut?: string;
    envOut?: string;
    secretsOut?: string;
    readSecrets?: () => Promise<ReadonlyMap<string, string>>;
  },
  where: { baseUrl: string; features?: IdsFeatures },
): Promise<number> {
  const { environment, plan, outcome, saved } = applied;
  const run = await reportRun(applied, files, where);
  const { results, unwritten } = run;
  const result: applyView.ApplyReport = { ...applied, results, unwritten, ...saved };
  show(reporter, applyView, result);
  await publishApply(reporter, plan, {
    environment,
    results,
    verified: outcome.verified,
    failed: Boolean(outcome.execution.error || outcome.execution.interrupted),
    idsFile: run.idsFile,
    ...(outcome.moves ? { moves: outcome.moves, reviewedMoves: saved?.reviewedMoves } : {}),
  });
  applyView.renderVerdict(result, reporter);
  return run.succeeded ? EXIT_OK : EXIT_ERROR;
}
