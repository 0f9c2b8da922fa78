// The apply use-case: snapshot → plan → confirm → execute → verify. The CLI and the tests both run
// it; what a person sees (spinner, plan, prompt) comes in through the hooks, never from here.
import type { Catalog } from '../catalog/schema.js';
import type { CatalogGateway } from '../paddle/catalog-gateway.js';
import type { EnvironmentName } from '../paddle-facts/environments.js';
import { hasChanges } from '../plan/summary.js';
import type { DiffOptions, Plan } from '../plan/types.js';
import {
  type ApplyOutcome,
  type ApplySettings,
  applyPlan,
  createRunCalls,
  planCatalog,
} from './apply-catalog.js';
import type { CallStats } from './calls.js';
import { type PreflightOptions, refuseUnsafePlan } from './preflight.js';

export interface ApplyRequest {
  environment: EnvironmentName;
  catalog: Catalog;
  gateway: CatalogGateway;
  options: DiffOptions & PreflightOptions;
  settings: ApplySettings;
}

export interface ApplyHooks {
  /** runs the account read (e.g. under a spinner) */
  reading?: <T>(work: () => Promise<T>) => Promise<T>;
  /** the plan, before anything is asked or written */
  planned?: (plan: Plan) => void;
  /** asked only when the plan changes something: resolves to go on, throws (a UserError) to stop */
  confirm?: (plan: Plan) => Promise<void>;
  /** the writes start */
  executing?: () => void;
}

/** What one apply did: the plan it followed and how it ended. */
export interface ApplyResult {
  environment: EnvironmentName;
  plan: Plan;
  outcome: ApplyOutcome;
  stats: CallStats;
}

export async function applyCatalog(request: ApplyRequest, hooks: ApplyHooks = {}): Promise<ApplyResult> {
  const { environment, catalog, gateway, options, settings } = request;
  const calls = createRunCalls(settings);
  const read = () => planCatalog(catalog, gateway, calls, options);
  const plan = await (hooks.reading ? hooks.reading(read) : read());
  hooks.planned?.(plan);
  refuseUnsafePlan(plan, options);
  if (hasChanges(plan)) await hooks.confirm?.(plan);
  hooks.executing?.();
  const outcome = await applyPlan(catalog, plan, gateway, calls, settings, options);
  return { environment, plan, outcome, stats: calls.stats };
}
