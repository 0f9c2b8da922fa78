// Reading a plan: its changes in apply order, the counts, whether anything is pending.
import type { Action, Change, Plan } from './types.js';

/** A product that is only in the plan to hold the archiving of its prices: not a change of its own. */
const isCarrier = (change: Change) =>
  change.kind === 'product' && change.action === 'unchanged' && !change.desired;

/** Products before their prices; a product that is archived goes after its prices. */
export function changesInOrder(plan: Plan): Change[] {
  return plan.groups
    .flatMap((g) => (g.product.action === 'archive' ? [...g.prices, g.product] : [g.product, ...g.prices]))
    .filter((c) => !isCarrier(c));
}

export type PlanSummary = Record<'create' | 'update' | 'archive' | 'unchanged', number>;

/** Counts as in terraform's "Plan:" line: a replace is one create and one archive, an unarchive an update. */
export function summarize(plan: Plan): PlanSummary {
  const summary: PlanSummary = { create: 0, update: 0, archive: 0, unchanged: 0 };
  const add: Record<Action, (keyof PlanSummary)[]> = {
    create: ['create'],
    update: ['update'],
    unarchive: ['update'],
    archive: ['archive'],
    replace: ['create', 'archive'],
    unchanged: ['unchanged'],
  };
  for (const change of changesInOrder(plan)) {
    for (const bucket of add[change.action]) summary[bucket] += 1;
  }
  return summary;
}

export function hasChanges(plan: Plan): boolean {
  return changesInOrder(plan).some((c) => c.action !== 'unchanged');
}
