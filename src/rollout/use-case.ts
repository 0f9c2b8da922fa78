// `rollout`'s use-case: the apply pipeline (src/apply/use-case.ts), run only while the account
// differs from the catalog in nothing but the moves a reviewed apply started and the archives that
// wait on them (started.ts), then judged for the scheduled job that runs it (verdict.ts). It takes
// the catalog only: a saved plan is apply's, and its moves are continued from the catalog.
import { type Consent, confirmApply } from '../apply/confirm.js';
import { type ApplyHooks, type ApplyRequest, type ApplyResult, applyCatalog } from '../apply/use-case.js';
import { UserError } from '../errors.js';
import type { ApplyInput } from '../saved-plan/apply-saved.js';
import { shown } from '../text/escape.js';
import type { NoticeRecord } from './notices-ahead.js';
import { type RolloutStanding, standingOf } from './standing.js';
import { runMoves } from './standing-of-run.js';
import { refuseUnstarted } from './started.js';
import { type RolloutVerdict, rolloutVerdict } from './verdict.js';

export interface RolloutRequest extends Omit<ApplyRequest, 'catalog' | 'options'> {
  /** the catalog file as the user named it, and what it held */
  file: string;
  input: ApplyInput;
  /** --yes, and how to ask a person otherwise */
  consent: Consent;
  /** how many days a subscription may wait for payment before a person must see to it */
  failAfterDays: number;
  /** --notices: the list plan --notices-out wrote, read and checked */
  notices?: readonly NoticeRecord[];
}

export interface RolloutResult extends ApplyResult {
  rollout: RolloutVerdict;
  /** where the rise stands after the run, per move (standing.ts) */
  standing: RolloutStanding;
}

export const DEFAULT_FAIL_AFTER_DAYS = 30;

/** A saved plan is apply's: rollout (and its dry run) continues its moves from the catalog. */
export function refuseSavedPlan(file: string, input: ApplyInput): void {
  if (input.saved)
    throw new UserError(
      `${shown(file)} is a saved plan: rollout continues, from the catalog, the moves an apply of it started.`,
      'Apply the plan file with apply; run rollout with the catalog it was made from.',
    );
}

export async function rollOut(
  request: RolloutRequest,
  hooks: Omit<ApplyHooks, 'check' | 'confirm'> = {},
): Promise<RolloutResult> {
  const { file, input, consent, environment } = request;
  refuseSavedPlan(file, input);
  const result = await applyCatalog(
    { ...request, catalog: input.catalog, options: {} },
    {
      ...hooks,
      check: refuseUnstarted,
      // the moves were reviewed when the apply that started them ran, as a saved plan's are
      confirm: (_plan, moving, refused) =>
        confirmApply(consent, { environment, moving, refused, reviewed: true }),
    },
  );
  const now = (request.accountTime ?? request.settings.clock).now();
  const standing = standingOf(runMoves(result, now), request.notices, now);
  return { ...result, rollout: rolloutVerdict(result, now, request.failAfterDays), standing };
}
