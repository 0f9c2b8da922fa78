// `rollout --dry-run`: where the rise stands and what a run now would do, by reads only (no PATCH, no
// archive, no marker written). It reads the account and the subscriptions on the moves' sources as
// a run does, refuses what a run would refuse (a saved plan, a move no apply started, anything else
// that differs, a look-alike), and predicts each subscription at the account's time (by-verdict.ts:
// the review's verdicts). Its verdict is the run's: what needs a person, in progress, or done.
import { refuseUnsafePlan } from '../apply/preflight.js';
import { UserError } from '../errors.js';
import { withSubscriberVerdicts } from '../moves/stage.js';
import { createPacedCalls, DEFAULT_CALLER_SETTINGS } from '../paddle/calls.js';
import { type PlanHooks, type PlanRequest, planCatalog } from '../plan-use-case/account.js';
import type { Plan } from '../planner/types.js';
import type { ApplyInput } from '../saved-plan/apply-saved.js';
import { shown } from '../text/escape.js';
import type { NoticeRecord } from './notices-ahead.js';
import { type MoveStanding, type RolloutStanding, standingOf } from './standing.js';
import { dryRunMoves } from './standing-of-run.js';
import { refuseUnstarted } from './started.js';
import { refuseSavedPlan } from './use-case.js';
import { overdue, type RolloutVerdict } from './verdict.js';

export interface DryRunRequest extends Omit<PlanRequest, 'catalog' | 'options'> {
  file: string;
  input: ApplyInput;
  failAfterDays: number;
  /** --notices: the list plan --notices-out wrote, read and checked */
  notices?: readonly NoticeRecord[];
}

export interface DryRunResult {
  plan: Plan;
  rollout: RolloutVerdict;
  standing: RolloutStanding;
}

/** Each subscription the move's mode will not move, named as the run names it. */
const refusedLines = (moves: readonly MoveStanding[]) =>
  moves.flatMap((m) =>
    m.willNotMove.flatMap((g) =>
      g.subscriptions.map(
        (id) =>
          `${shown(id)} will not move with this mode (${m.proration}): ${shown(g.reason)}, Paddle's ${g.code}`,
      ),
    ),
  );

/**
 * What a run now would come to: needs a person, in progress (some would wait, or Paddle is asked), or done.
 * @internal A table test of the verdict a dry run comes to.
 */
export function dryRunVerdict(standing: RolloutStanding, now: number, failAfterDays: number): RolloutVerdict {
  const pastDue = standing.moves.flatMap((m) => m.waitsForPayment);
  const needs = [...refusedLines(standing.moves), ...overdue(pastDue, now, failAfterDays)];
  const waiting = standing.moves.reduce((n, m) => n + m.waitsForDate.count, 0) + pastDue.length;
  const unpredicted = standing.moves.some((m) => m.notPredicted.length > 0);
  const state = needs.length > 0 ? 'needs-attention' : waiting > 0 || unpredicted ? 'in-progress' : 'done';
  return { state, needs, waiting, pastDue };
}

export async function dryRun(request: DryRunRequest, hooks: PlanHooks = {}): Promise<DryRunResult> {
  const { file, input, environment, gateway } = request;
  refuseSavedPlan(file, input);
  const settings = request.settings ?? DEFAULT_CALLER_SETTINGS;
  const calls = request.calls ?? createPacedCalls(settings);
  const time = request.accountTime ?? settings.clock;
  const read = async () => {
    const plan = await planCatalog(input.catalog, gateway, calls, { environment });
    // refused before the subscriptions are read, as a run refuses before it writes
    refuseUnstarted(plan);
    refuseUnsafePlan(plan);
    return withSubscriberVerdicts(plan, calls, request.subscriptions, time.now());
  };
  const { plan, listed } = await (hooks.reading ? hooks.reading(read) : read());
  const moves = plan.moves ?? [];
  if (listed === undefined && moves.some((m) => m.fromId !== null))
    throw new UserError(
      'The subscriptions on the source prices could not be listed (the API key needs subscription.read): a run could not move them either.',
    );
  const now = time.now();
  const standing = standingOf(dryRunMoves(moves, listed ?? [], now), request.notices, now);
  return { plan, rollout: dryRunVerdict(standing, now, request.failAfterDays), standing };
}
