// Reading a plan: its changes in apply order, the counts, whether anything is pending.
import { MOVED_STATUSES, type SubscriberMove } from './subscribers.js';
import type { Action, Change, Plan } from './types.js';

/** A product that is only in the plan to hold the archiving of its prices: not a change of its own. */
const isCarrier = (change: Change) =>
  change.kind === 'product' && change.action === 'unchanged' && !change.desired;

/** An extra object --dedupe archives (one of plan.deduplication): a twin of the one the catalog keeps. */
export const isTwin = (plan: Plan, change: Change): boolean =>
  (plan.deduplication ?? []).some((c) => c === change);

/** The order in which --dedupe archives the extra objects: prices, then products, then discounts. */
export const DEDUPE_ORDER = ['price', 'product', 'discount'] as const;

/**
 * With --dedupe, the extra objects first (DEDUPE_ORDER); then the discount groups; then per product:
 * products before their prices, a product that is archived after its prices; then the discounts;
 * the notification destinations last.
 */
export function changesInOrder(plan: Plan): Change[] {
  const dedupe = plan.deduplication ?? [];
  return [
    ...DEDUPE_ORDER.flatMap((kind) => dedupe.filter((c) => c.kind === kind)),
    ...(plan.discountGroups ?? []),
    ...plan.groups
      .flatMap((g): Change[] =>
        g.product.action === 'archive' ? [...g.prices, g.product] : [g.product, ...g.prices],
      )
      .filter((c) => !isCarrier(c)),
    ...plan.discounts,
    ...(plan.notifications ?? []),
  ];
}

type Bucket = 'adopt' | 'create' | 'update' | 'archive' | 'delete' | 'unchanged';
/**
 * The counts of `plan --json`; `adopt` only for a plan made with --adopt, `move` only for a catalog
 * that moves subscribers and `delete` only for a plan that deletes a notification destination, so
 * the document is otherwise unchanged.
 */
export type PlanSummary = Record<Exclude<Bucket, 'adopt' | 'delete'>, number> & {
  adopt?: number;
  move?: number;
  delete?: number;
};

/**
 * A move with someone to move: its source price exists and holds subscribers, or they could not be
 * counted (then nobody can say it is done). A source with none left is a move already made.
 */
function isPendingMove(move: SubscriberMove): boolean {
  if (move.fromId === null) return false;
  const counts = move.subscribers;
  return counts === undefined || MOVED_STATUSES.some((status) => counts[status] !== 0);
}

export const pendingMoves = (plan: Plan): SubscriberMove[] => (plan.moves ?? []).filter(isPendingMove);

/**
 * Counts as in terraform's "Plan:" line: a replace is one create and one archive, an unarchive an
 * update; an adoption counts once, as an adoption, whatever else it changes on the object (a
 * renamed discount key's move counts as an update).
 */
export function summarize(plan: Plan): PlanSummary {
  const summary: Record<Bucket, number> = {
    adopt: 0,
    create: 0,
    update: 0,
    archive: 0,
    delete: 0,
    unchanged: 0,
  };
  const add: Record<Action, Bucket[]> = {
    create: ['create'],
    update: ['update'],
    unarchive: ['update'],
    archive: ['archive'],
    replace: ['create', 'archive'],
    adopt: ['adopt'],
    unchanged: ['unchanged'],
    delete: ['delete'],
  };
  for (const change of changesInOrder(plan)) {
    // a renamed discount key taking its old discount is an update of that discount
    const moved = change.kind === 'discount' && change.renamedFrom !== undefined;
    // a notification destination replaced is a create and a deletion (Paddle has no archive for it)
    const replaced = change.kind === 'notification' && change.action === 'replace';
    const buckets: Bucket[] = moved ? ['update'] : replaced ? ['create', 'delete'] : add[change.action];
    for (const bucket of buckets) summary[bucket] += 1;
  }
  const { adopt, delete: deleted, ...counts } = summary;
  const moves = plan.moves ? { move: pendingMoves(plan).length } : {};
  return {
    ...(plan.ambiguities ? { adopt } : {}),
    ...counts,
    ...(deleted > 0 ? { delete: deleted } : {}),
    ...moves,
  };
}

export function hasChanges(plan: Plan): boolean {
  return changesInOrder(plan).some((c) => c.action !== 'unchanged');
}

/**
 * What plan's exit code 2 and `has_changes` say: a change is pending, a key has duplicates to
 * archive, or a move has subscribers to move (isPendingMove).
 */
export function hasWork(plan: Plan): boolean {
  return hasChanges(plan) || plan.duplicates.length > 0 || pendingMoves(plan).length > 0;
}

/**
 * What verification asks of a fresh plan: every key has exactly one active object with the
 * catalog's fields — nothing left to change, and no key with duplicates.
 */
export function isConverged(plan: Plan): boolean {
  return !hasChanges(plan) && plan.duplicates.length === 0;
}
