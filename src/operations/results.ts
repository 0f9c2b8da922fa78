// What one key of a plan came to in a run: its id and what happened. Apply makes them, the id files
// apply writes are written from them (ids/apply-files.ts) and apply's views show them: here, in the
// layer below all three, beside the operations whose outcome they are.
import { dotenvLines as envLines, type IdEntry } from '../catalog/env-names.js';
import type { Action, Change } from '../planner/types.js';

/** How one change of the plan ended: applied, nothing to do, refused, or not (all) started. */
export type ChangeStatus = 'applied' | 'unchanged' | 'failed' | 'skipped';

export interface KeyResult {
  key: string;
  kind: Change['kind'];
  action: Action;
  status: ChangeStatus;
  id?: string;
  /** --dedupe: this was an extra object of the key, archived; the id of the one kept */
  duplicateOf?: string;
  /** a discount key renamed with its code kept: the key it was (plan's `renamedFrom`; `movedFrom` in --json) */
  renamedFrom?: string;
  /** an archive held: subscriptions are still on the price (why, in words) */
  held?: string;
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
