// The account read that plan, apply and ids share: snapshot → diff → the subscriptions on each
// move's source, through the run's paced caller. What a person sees (a spinner) comes in through
// the hooks.
import type { Catalog } from '../catalog/schema.js';
import { withSubscriberVerdicts } from '../moves/stage.js';
import type { AccountTime } from '../paddle/account-time.js';
import {
  type CallerSettings,
  type Calls,
  createPacedCalls,
  DEFAULT_CALLER_SETTINGS,
} from '../paddle/calls.js';
import type { CatalogGateway } from '../paddle/catalog-gateway.js';
import type { EnvironmentName } from '../paddle-facts/environments.js';
import { diff } from '../planner/diff.js';
import type { SubscriptionRecord, SubscriptionsGateway } from '../planner/subscribers.js';
import type { DiffOptions, Plan } from '../planner/types.js';

export interface PlanRequest {
  environment: EnvironmentName;
  catalog: Catalog;
  gateway: CatalogGateway;
  options: DiffOptions;
  /** how the account read is paced and retried (absent: Paddle's limit, real time) */
  settings?: CallerSettings;
  /** the run's paced caller, when later stages share it (plan's review): absent, one of `settings` */
  calls?: Calls;
  /** where the subscribers a move names are counted and moved (absent: not counted) */
  subscriptions?: SubscriptionsGateway;
  /**
   * the time the run judges by (bills_from, locks, paused and trialing subscriptions): the account's,
   * from its answers' Date header (src/paddle/account-time.ts); absent: the settings' clock
   */
  accountTime?: AccountTime;
}

export interface PlanHooks {
  /** runs the account read (e.g. under a spinner) */
  reading?: <T>(work: () => Promise<T>) => Promise<T>;
}

/** What plan found: the changes that make the account match the catalog, and the options they follow. */
export interface PlanResult {
  environment: EnvironmentName;
  plan: Plan;
  options: DiffOptions;
  /** the subscriptions on the moves' source prices as the plan listed them; absent when not listed */
  listed?: SubscriptionRecord[];
}

/** The account's snapshot, diffed against the catalog. */
export async function planCatalog(
  catalog: Catalog,
  gateway: CatalogGateway,
  calls: Calls,
  options: DiffOptions,
): Promise<Plan> {
  // a catalog without discounts reads them too, when the key may: a plain plan names the managed
  // discounts it no longer has, so --prune archives nothing the plan did not name
  const discounts = catalog.discounts ? 'required' : 'if-permitted';
  // discount groups and notification destinations only for a catalog that has the map (`{}` too):
  // one without it leaves the account's as they are, and needs no permission for them
  const discountGroups = catalog.discount_groups !== undefined;
  const notifications = catalog.notifications !== undefined;
  const snapshot = await calls.runPaced((pace) =>
    gateway.snapshot({ discounts, pace, discountGroups, notifications }),
  );
  return diff(catalog, snapshot, options);
}

export async function planAccount(request: PlanRequest, hooks: PlanHooks = {}): Promise<PlanResult> {
  const { environment, catalog, gateway, options } = request;
  const settings = request.settings ?? DEFAULT_CALLER_SETTINGS;
  const calls = request.calls ?? createPacedCalls(settings);
  const time = request.accountTime ?? settings.clock;
  const read = async () =>
    withSubscriberVerdicts(
      await planCatalog(catalog, gateway, calls, { ...options, environment }),
      calls,
      request.subscriptions,
      time.now(),
    );
  const { plan, listed } = await (hooks.reading ? hooks.reading(read) : read());
  return { environment, plan, options, ...(listed ? { listed } : {}) };
}
