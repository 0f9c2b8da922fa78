// The apply pipeline, one place: snapshot → plan (src/plan-use-case/account.ts), then check → show →
// refuse what is unsafe → confirm → execute the operations → verify (verified means a fresh snapshot
// diffs to an empty plan — names, tax categories, every price field — and no key has more than one
// active object: a twin made meanwhile by a simultaneous apply fails it). The CLI and the tests both
// run it; what a person sees (spinner, plan, prompt) comes in through the hooks.
import { batchCheck, refuseSlowMoves } from '../moves/batches.js';
import { isMove, type LeftSubscription } from '../moves/compile.js';
import { archiveHold } from '../moves/hold.js';
import { type MoveOutcome, moveOutcomes } from '../moves/outcomes.js';
import { type CompiledRun, compileRun, type StillOnSource, stillOnSources } from '../moves/stage.js';
import { refuseStrandedTwins } from '../moves/twin-refusal.js';
import {
  type CallerSettings,
  type CallStats,
  type Calls,
  createPacedCalls,
  DEFAULT_CALLER_SETTINGS,
} from '../paddle/calls.js';
import type { Counted } from '../paddle/subscriber-counts.js';
import { type PlanHooks, type PlanRequest, type PlanResult, planCatalog } from '../plan-use-case/account.js';
import { hasChanges, hasWork, isConverged } from '../planner/summary.js';
import type { DiffOptions, Plan } from '../planner/types.js';
import {
  type ChangeResult,
  DEFAULT_CONCURRENCY,
  type ExecuteOptions,
  type Execution,
  executeOperations,
} from './execute.js';
import { type PreflightOptions, refuseUnsafePlan } from './preflight.js';
import { orderlyStop, type StopPort, type StopReason } from './stop.js';

/** The caller's pacing and retries, and how many writes run side by side. */
export interface ApplySettings extends CallerSettings {
  concurrency: number;
  onChangeEnded?: (result: ChangeResult) => void;
  onMove?: ExecuteOptions['onMove'];
}

export const DEFAULT_APPLY_SETTINGS: ApplySettings = {
  ...DEFAULT_CALLER_SETTINGS,
  concurrency: DEFAULT_CONCURRENCY,
};

export interface ApplyRequest extends PlanRequest {
  options: DiffOptions & PreflightOptions;
  settings: ApplySettings;
  /** what tells the run to stop in order once its writes start (none: only `settings.signal`) */
  stop?: StopPort;
}

export interface ApplyHooks extends PlanHooks {
  /**
   * a check of the plan just read, before it is shown; throws to stop. A saved plan's: the plan
   * compiles exactly the saved operations (so what runs is what was reviewed), or has nothing to do
   */
  check?: (plan: Plan) => void;
  /** the plan, before anything is asked or written, and the options it follows */
  planned?: (plan: Plan, options: DiffOptions) => void;
  /**
   * asked only when the plan changes something or moves subscribers (`moving`: how many
   * subscriptions, read just now; `refused`: how many the moves' modes will not move): resolves to
   * go on, throws (a UserError) to stop
   */
  confirm?: (plan: Plan, moving: number, refused: number) => Promise<void>;
  /** the stop port said stop: no new call starts, the ones in flight finish */
  stopping?: (reason: StopReason) => void;
}

export interface ApplyOutcome {
  execution: Execution;
  verified: boolean;
  /** per subscriber move: found on its source, moved, left (absent when the catalog moves no one) */
  moves?: MoveOutcome[];
  /** subscriptions on a source price that the tool left without asking Paddle, and why */
  left: LeftSubscription[];
  /** verify's count of the subscriptions still on each source price */
  stillOnSources?: StillOnSource[];
  /** the fresh plan verification read: what is still to do, and any duplicates (none when verified) */
  remaining?: Plan;
}

/** What one apply did: the plan it followed and how it ended. */
export interface ApplyResult extends PlanResult {
  outcome: ApplyOutcome;
  stats: CallStats;
  /** --timeout's seconds, when its deadline stopped the writes */
  timedOut?: number;
}

export async function applyCatalog(request: ApplyRequest, hooks: ApplyHooks = {}): Promise<ApplyResult> {
  const { environment, catalog, gateway, options } = request;
  const stop = orderlyStop(request.stop, hooks.stopping, request.settings.signal);
  const settings = { ...request.settings, signal: stop.signal };
  const calls = request.calls ?? createPacedCalls(settings);
  const time = request.accountTime ?? settings.clock;
  // the subscriptions on each source price are listed with the account, before the plan is checked
  // or shown, so both see the moves as they stand now (a saved plan's too: it moves who is there now)
  const read = async () =>
    compileRun(
      await planCatalog(catalog, gateway, calls, { ...options, environment }),
      calls,
      request.subscriptions,
      time.now(),
    );
  const compiled = await (hooks.reading ? hooks.reading(read) : read());
  const { plan } = compiled;
  hooks.check?.(plan);
  hooks.planned?.(plan, options);
  refuseUnsafePlan(plan, options);
  refuseStrandedTwins(plan, compiled.left);
  refuseSlowMoves(compiled.moving, settings.requestsPerMinute);
  // subscriptions the move's mode will not move: the run leaves them, and says so before it asks
  const refused = compiled.left.filter((l) => l.later === false).length;
  if (hasChanges(plan) || compiled.moving > 0 || refused > 0)
    await hooks.confirm?.(plan, compiled.moving, refused);
  stop.listen();
  const outcome = await applyPlan({ ...request, settings }, plan, calls, compiled);
  const timedOut = stop.timedOut();
  return {
    environment,
    plan,
    options,
    outcome,
    stats: calls.stats,
    ...(timedOut === undefined ? {} : { timedOut }),
  };
}

async function applyPlan(
  request: ApplyRequest,
  plan: Plan,
  calls: Calls,
  compiled: CompiledRun,
): Promise<ApplyOutcome> {
  const { catalog, gateway, settings, options, subscriptions, environment } = request;
  const time = request.accountTime ?? settings.clock;
  // the archive's hold counts a source once every move has ended: the verification reads that count
  const afterMoves = {
    moves: compiled.operations.filter(isMove).map((op) => op.id),
    counted: new Map<string, Counted>(),
  };
  const execution = await executeOperations(plan, compiled.operations, gateway, calls, {
    ...settings,
    subscriptions,
    // each batch of subscriptions is read again just before it moves: no change made meanwhile is
    // undone, and each is predicted again at the account's time then (a run may last an hour)
    ...(subscriptions && compiled.moving > 0
      ? { checkMove: batchCheck(compiled.planned, calls, subscriptions, time) }
      : {}),
    // a price whose subscribers move away is archived only once none is left on it
    checkArchive: archiveHold(plan, calls, subscriptions, afterMoves),
  });
  const { left } = compiled;
  const moves = (stillOn?: StillOnSource[]) =>
    plan.moves ? { moves: moveOutcomes(plan.moves, compiled.planned, execution.moves, stillOn) } : {};
  if (execution.error || execution.interrupted) return { execution, verified: false, left, ...moves() };
  // nothing was written: the plan we just read is the verification (no one left on a source included)
  if (compiled.operations.length === 0)
    return { execution, verified: !hasWork(plan), remaining: plan, left, ...moves() };
  const remaining = await planCatalog(catalog, gateway, calls, { ...options, environment });
  const stillOn = await stillOnSources(plan, calls, subscriptions, afterMoves.counted);
  // a stop during the verification read ends the run as interrupted (exit 1), whatever it read
  if (settings.signal?.aborted)
    return { execution: { ...execution, interrupted: true }, verified: false, left, ...moves() };
  const moved = stillOn.every((s) => Object.values(s.subscribers).every((n) => n === 0));
  return {
    execution,
    verified: isConverged(remaining) && moved,
    remaining,
    left,
    stillOnSources: stillOn,
    ...moves(stillOn),
  };
}
