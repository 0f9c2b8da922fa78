// What apply reports: per key its id and what happened (computed once per run, for the view and
// the id files).
import type { KeyResult } from '../operations/results.js';
import { changesInOrder } from '../plan/summary.js';
import type { Change, Plan } from '../plan/types.js';
import type { StepResult } from './execute.js';

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
