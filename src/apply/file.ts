// `apply <file>`'s use-case: the catalog, or the saved plan (plan --out), that loadApplyInput read,
// applied by applyCatalog. A saved plan runs only against the API it was planned against, with the
// options it was made with, and only as it was reviewed (src/saved-plan/check.ts, once the account
// is read); every run asks, or takes --yes under the rule of what a run nobody is asked may move.
import type { Target } from '../paddle/target.js';
import type { Plan } from '../planner/types.js';
import type { ApplyInput } from '../saved-plan/apply-saved.js';
import { checkSavedPlan } from '../saved-plan/check.js';
import type { SavedMove, SavedPlan } from '../saved-plan/document.js';
import { checkSavedTarget } from '../saved-plan/file.js';
import { type Consent, confirmApply } from './confirm.js';
import { type ApplyHooks, type ApplyRequest, type ApplyResult, applyCatalog } from './use-case.js';

export interface ApplyFileRequest extends Omit<ApplyRequest, 'catalog' | 'options'> {
  /** the file as the user named it, and what it held */
  file: string;
  input: ApplyInput;
  /** the API this run talks to */
  target: Pick<Target, 'baseUrl'>;
  /** the flags; a saved plan's own options replace --prune, --adopt and --dedupe */
  options: ApplyRequest['options'];
  consent: Consent;
}

export interface ApplyFileHooks extends Omit<ApplyHooks, 'check' | 'confirm'> {
  /** the account already is what the saved plan leads to: nothing is left to write */
  alreadyApplied?: (plan: Plan) => void;
}

/** The saved plan a run applied: its file, its catalog file, its moves as reviewed. */
interface AppliedPlanFile {
  planFile: string;
  planCatalog: string;
  reviewedMoves?: SavedMove[];
}

export interface ApplyFileResult extends ApplyResult {
  saved?: AppliedPlanFile;
}

export async function applyFile(
  request: ApplyFileRequest,
  hooks: ApplyFileHooks = {},
): Promise<ApplyFileResult> {
  const { file, input, consent } = request;
  const { saved } = input;
  if (saved) checkSavedTarget(saved, file, request.target);
  const options = saved ? savedPlanOptions(saved, request.options) : request.options;
  const result = await applyCatalog(
    { ...request, catalog: input.catalog, options },
    {
      ...hooks,
      check: saved
        ? (plan) => {
            if (checkSavedPlan(saved, file, plan) === 'already-applied') hooks.alreadyApplied?.(plan);
          }
        : undefined,
      confirm: (_plan, moving, refused) =>
        confirmApply(consent, {
          environment: request.environment,
          moving,
          refused,
          reviewed: saved !== undefined,
        }),
    },
  );
  if (!saved) return result;
  const reviewedMoves = saved.review?.moves;
  return {
    ...result,
    saved: { planFile: file, planCatalog: saved.catalog_file, ...(reviewedMoves ? { reviewedMoves } : {}) },
  };
}

/** A saved plan applies with the options it was made with; only --allow-lookalikes is the run's. */
function savedPlanOptions(saved: SavedPlan, flags: ApplyRequest['options']): ApplyRequest['options'] {
  return { ...saved.options, allowLookalikes: flags.allowLookalikes };
}
