// What an apply run reports once its writes are done: per key what happened, the id files written
// from it (--ids-out, --env-out), the file that could not be, and the verdict. Computed once per
// run; the view shows it.
import { resolve } from 'node:path';
import type { UnwrittenFile } from '../files/output-file.js';
import { type ApplyFiles, writeIdFiles } from '../ids/apply-files.js';
import type { IdsFeatures } from '../ids/features.js';
import type { KeyResult } from '../operations/results.js';
import { changesInOrder } from '../planner/summary.js';
import type { Change, Plan } from '../planner/types.js';
import type { ChangeResult } from './execute.js';
import { writeSecrets } from './secrets.js';
import type { ApplyResult } from './use-case.js';

export interface RunReport {
  results: KeyResult[];
  /** the id files that could not be written, and why (the ids the run made are still reported) */
  unwritten: UnwrittenFile[];
  /** the --ids-out written, if any */
  idsFile?: string | undefined;
  /** verified and every file written */
  succeeded: boolean;
}

/** The files are rewritten on every run: they describe the account as it is now. */
export async function reportRun(
  applied: ApplyResult,
  files: ApplyFiles & {
    cwd: string;
    secretsOut?: string;
    readSecrets?: () => Promise<ReadonlyMap<string, string>>;
  },
  account: { baseUrl: string; features?: IdsFeatures | undefined },
): Promise<RunReport> {
  const { environment, plan, outcome } = applied;
  const results = keyResults(plan, outcome.execution.changeResults);
  const idAccount = { environment, catalog: plan.catalog, ...account };
  const unwritten = await writeIdFiles(files.cwd, files, idAccount, results);
  if (files.secretsOut && files.readSecrets) {
    const path = resolve(files.cwd, files.secretsOut);
    const failed = await writeSecrets(path, files.secretsOut, results, files.readSecrets);
    if (failed) unwritten.push(failed);
  }
  const idsFile = unwritten.some((u) => u.file === files.idsOut) ? undefined : files.idsOut;
  return { results, unwritten, idsFile, succeeded: outcome.verified && unwritten.length === 0 };
}

/** Every change of the plan with its outcome, in apply order. */
export function keyResults(plan: Plan, steps: ChangeResult[]): KeyResult[] {
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
      ...(change.kind === 'discount' && change.renamedFrom !== undefined
        ? { renamedFrom: change.renamedFrom }
        : {}),
    };
  });
}
