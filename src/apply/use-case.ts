// The plan and apply use-cases: snapshot → plan, then confirm → execute → verify. The CLI and the
// tests both run them; what a person sees (spinner, plan, prompt) comes in through the hooks.
import type { Catalog } from '../catalog/schema.js';
import { type CallerSettings, type CallStats, createPacedCalls } from '../paddle/calls.js';
import type { CatalogGateway } from '../paddle/catalog-gateway.js';
import type { EnvironmentName } from '../paddle-facts/environments.js';
import { hasChanges } from '../plan/summary.js';
import type { DiffOptions, Plan } from '../plan/types.js';
import {
  type ApplyOutcome,
  type ApplySettings,
  applyPlan,
  DEFAULT_APPLY_SETTINGS,
  planCatalog,
} from './apply-catalog.js';
import { type PreflightOptions, refuseUnsafePlan } from './preflight.js';

export interface PlanRequest {
  environment: EnvironmentName;
  catalog: Catalog;
  gateway: CatalogGateway;
  options: DiffOptions;
  /** how the account read is paced and retried (absent: Paddle's limit, real time) */
  settings?: CallerSettings;
}

export interface ApplyRequest extends PlanRequest {
  options: DiffOptions & PreflightOptions;
  settings: ApplySettings;
}

export interface PlanHooks {
  /** runs the account read (e.g. under a spinner) */
  reading?: <T>(work: () => Promise<T>) => Promise<T>;
}

export interface ApplyHooks extends PlanHooks {
  /**
   * a check of the plan just read, before it is shown; throws to stop. A saved plan's: the plan
   * compiles exactly the saved operations (so what runs is what was reviewed), or has nothing to do
   */
  check?: (plan: Plan) => void;
  /** the plan, before anything is asked or written */
  planned?: (plan: Plan) => void;
  /** asked only when the plan changes something: resolves to go on, throws (a UserError) to stop */
  confirm?: (plan: Plan) => Promise<void>;
  /** the writes start */
  executing?: () => void;
}

/** What plan found: the changes that make the account match the catalog, and the options they follow. */
export interface PlanResult {
  environment: EnvironmentName;
  plan: Plan;
  options: DiffOptions;
}

/** What one apply did: the plan it followed and how it ended. */
export interface ApplyResult extends PlanResult {
  outcome: ApplyOutcome;
  stats: CallStats;
}

export async function planAccount(request: PlanRequest, hooks: PlanHooks = {}): Promise<PlanResult> {
  const { environment, catalog, gateway, options } = request;
  const calls = createPacedCalls(request.settings ?? DEFAULT_APPLY_SETTINGS);
  const read = () => planCatalog(catalog, gateway, calls, options);
  const plan = await (hooks.reading ? hooks.reading(read) : read());
  return { environment, plan, options };
}

export async function applyCatalog(request: ApplyRequest, hooks: ApplyHooks = {}): Promise<ApplyResult> {
  const { environment, catalog, gateway, options, settings } = request;
  const calls = createPacedCalls(settings);
  const read = () => planCatalog(catalog, gateway, calls, options);
  const plan = await (hooks.reading ? hooks.reading(read) : read());
  hooks.check?.(plan);
  hooks.planned?.(plan);
  refuseUnsafePlan(plan, options);
  if (hasChanges(plan)) await hooks.confirm?.(plan);
  hooks.executing?.();
  const outcome = await applyPlan(catalog, plan, gateway, calls, settings, options);
  return { environment, plan, options, outcome, stats: calls.stats };
}
