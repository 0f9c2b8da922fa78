// What apply reports: per key its id and what happened (computed once per run, for the view and
// the files); the ids as a map and as dotenv lines for apps. Pure: the command writes them.
import { dotenvLines as envLines, type IdEntry } from '../catalog/env-names.js';
import { changesInOrder } from '../plan/summary.js';
import type { Action, Change, Plan } from '../plan/types.js';
import type { StepResult, StepStatus } from './execute.js';

export interface KeyResult {
  key: string;
  kind: Change['kind'];
  action: Action;
  status: StepStatus;
  id?: string;
  /** --dedupe: this was an extra object of the key, archived; the id of the one kept */
  duplicateOf?: string;
  /** a discount key renamed with its code kept: the key it was (plan's `movedFrom`) */
  movedFrom?: string;
  /** an archive held: subscriptions are still on the price (why, in words) */
  held?: string;
}

/** Every change of the plan with its outcome, in apply order. */
export function keyResults(plan: Plan, steps: StepResult[]): KeyResult[] {
  const byChange = new Map(steps.map((s) => [s.change, s]));
  const kept = new Map<Change, string>((plan.deduplication ?? []).map((c) => [c, c.duplicateOf]));
  return changesInOrder(plan).map((change) => {
    const step = byChange.get(change);
    const duplicateOf = kept.get(change);
    return {
      key: change.key,
      kind: change.kind,
      action: change.action,
      status: step?.status ?? 'skipped',
      id: step?.id ?? change.id,
      ...(duplicateOf ? { duplicateOf } : {}),
      ...(step?.held ? { held: step.held } : {}),
      ...(change.kind === 'discount' && change.movedFrom !== undefined
        ? { movedFrom: change.movedFrom }
        : {}),
    };
  });
}

/** Ids of what the catalog names and is active after the run (not what was archived). */
function liveIds(results: KeyResult[]): KeyResult[] {
  return results.filter((r) => r.id && r.action !== 'archive' && r.status !== 'failed');
}

/** The ids `liveIds` keeps, as entries for the id files (`--env-out`, `--ids-out`). */
export function liveIdEntries(results: KeyResult[]): IdEntry[] {
  return liveIds(results).map((r) => ({ kind: r.kind, key: r.key, id: r.id as string }));
}

/** `--env-out`: `PADDLE_PRODUCT_PRO=pro_…`, `PADDLE_PRICE_PRO_MONTHLY=pri_…`, `PADDLE_DISCOUNT_LAUNCH=dsc_…`, sorted. */
export function dotenvLines(results: KeyResult[]): string[] {
  return envLines(liveIdEntries(results));
}
