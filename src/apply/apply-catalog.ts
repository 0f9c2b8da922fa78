// The stages of apply that touch Paddle: snapshot → plan, then execute → verify (verified means a
// fresh snapshot diffs to an empty plan — names, tax categories, every price field — and no key has
// more than one active object: a twin made meanwhile by a simultaneous apply fails it).
import type { Catalog } from '../catalog/schema.js';
import { type CallerSettings, type Calls, DEFAULT_CALLER_SETTINGS } from '../paddle/calls.js';
import type { CatalogGateway } from '../paddle/catalog-gateway.js';
import { diff } from '../plan/diff.js';
import { hasChanges, isConverged } from '../plan/summary.js';
import type { DiffOptions, Plan } from '../plan/types.js';
import { DEFAULT_CONCURRENCY, type Execution, executePlan, type StepResult } from './execute.js';

/** The caller's pacing and retries, and how many writes run side by side. */
export interface ApplySettings extends CallerSettings {
  concurrency: number;
  onStep?: (result: StepResult) => void;
}

export const DEFAULT_APPLY_SETTINGS: ApplySettings = {
  ...DEFAULT_CALLER_SETTINGS,
  concurrency: DEFAULT_CONCURRENCY,
};

export async function planCatalog(
  catalog: Catalog,
  gateway: CatalogGateway,
  calls: Calls,
  options: DiffOptions,
): Promise<Plan> {
  // a catalog without discounts reads them too, when the key may: a plain plan names the managed
  // discounts it no longer has, so --prune archives nothing the plan did not name
  const discounts = catalog.discounts ? 'required' : 'if-permitted';
  const snapshot = await calls.runPaced((pace) => gateway.snapshot({ discounts, pace }));
  return diff(catalog, snapshot, options);
}

export interface ApplyOutcome {
  execution: Execution;
  verified: boolean;
  /** the fresh plan verification read: what is still to do, and any duplicates (none when verified) */
  remaining?: Plan;
}

export async function applyPlan(
  catalog: Catalog,
  plan: Plan,
  gateway: CatalogGateway,
  calls: Calls,
  settings: ApplySettings,
  options: DiffOptions,
): Promise<ApplyOutcome> {
  const execution = await executePlan(plan, gateway, calls, settings);
  if (execution.error || execution.interrupted) return { execution, verified: false };
  // nothing was written: the plan we just read is the verification
  if (!hasChanges(plan)) return { execution, verified: isConverged(plan), remaining: plan };
  const remaining = await planCatalog(catalog, gateway, calls, options);
  // a stop during the verification read ends the run as interrupted (exit 1), whatever it read
  if (settings.signal?.aborted) return { execution: { ...execution, interrupted: true }, verified: false };
  return { execution, verified: isConverged(remaining), remaining };
}
