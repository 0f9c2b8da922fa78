// A plan compiled into operations: the one place that decides what apply sends and in which order.
// `execute` schedules them, the tool-server scripts and the dashboard steps print them, and a saved
// plan stores them; none of those decides anything again. An operation is plain JSON (no class, no
// function), so a list of them can be written to a file and run later exactly as it was reviewed.
//
// The decisions made here: --dedupe archives the extra objects first (prices, then products, then
// discounts); a replace creates the new price before archiving the old one; an archived object is set
// active before it is changed or adopted; a product is written before its prices and, when archived,
// after them; a discount waits for the products whose product or prices its restrict_to names
// (another product's failure need not hold it back), and for its group; a group is written before the
// discounts and archived after them; a notification destination replaced is created before the old
// one is deleted, so events never go nowhere.
// Subscriber moves are compiled with the subscriptions read at apply time (src/moves/compile.ts).

import { InternalError } from '../errors.js';
import { PADDLE_ID, paddleIdPattern } from '../paddle-facts/ids.js';
import type { Marker } from '../planner/marker.js';
import { changesInOrder, DEDUPE_ORDER, isTwin } from '../planner/summary.js';
import type { Change, Kind, Plan, ProductPlan } from '../planner/types.js';
import { changeWrites, groupRef, isRef, type Ref, type Verb } from './change-writes.js';

export type { Ref, Verb };
export { isRef };

export interface Operation {
  /** stable within a plan: `create price pro/monthly`, `archive price pro/monthly pri_…` */
  id: string;
  /** the index, in changesInOrder(plan), of the change this operation carries out (in part) */
  change: number;
  kind: Kind;
  key: string;
  verb: Verb;
  /** the object written: its id, or a reference to the create that makes it; null for a create */
  target: string | Ref | null;
  /** the exact wire body (snake_case), with a Ref where an id made by this run goes */
  body: Record<string, unknown>;
  /** ids of the operations that must have succeeded first */
  after: string[];
  /** a create whose answer is lost is looked up by this marker before it is sent again; null otherwise */
  recover: Marker | null;
}

const GROUP_ID = paddleIdPattern('dsg');

const opId = (verb: Verb, kind: Kind, key: string, target?: string) =>
  [verb, kind, key, ...(target ? [target] : [])].join(' ');

/** The operation ids of the last of each chain: what the next stage waits for. */
type Leaves = string[];

class Compiler {
  readonly operations: Operation[] = [];
  private readonly index: Map<Change, number>;
  private readonly ids = new Set<string>();

  constructor(readonly plan: Plan) {
    this.index = new Map(changesInOrder(plan).map((change, i) => [change, i]));
  }

  /** Appends one operation; returns its id. */
  add(change: Change, verb: Verb, body: object, after: Leaves, target: string | Ref | null): string {
    const suffix = isTwin(this.plan, change) ? (change.id ?? undefined) : undefined;
    const id = opId(verb, change.kind, change.key, suffix);
    const recover = verb === 'create' ? { key: change.key, catalog: this.plan.catalog } : null;
    const number = this.index.get(change);
    if (number === undefined || this.ids.has(id))
      throw new InternalError(`${id}: not one change of the plan`);
    this.ids.add(id);
    const op = { id, change: number, kind: change.kind, key: change.key, verb, target, recover };
    this.operations.push({ ...op, body: body as Record<string, unknown>, after: [...new Set(after)] });
    return id;
  }

  /** The operations of one change, each after the one before; returns the last one's id (or `after`'s). */
  chain(change: Change, after: Leaves, resolve: (key: string) => string | Ref): Leaves {
    const marker = { key: change.key, catalog: this.plan.catalog };
    const steps = changeWrites(change, marker, resolve);
    let waits = after;
    let created: string | undefined;
    for (const step of steps) {
      // an update after a create writes what it made; a replace's archive or delete, the old one
      const made = step.verb === 'update' && created ? { $ref: created } : null;
      const target = step.verb === 'create' ? null : (made ?? change.id ?? null);
      const id = this.add(change, step.verb, step.body, waits, target);
      if (step.verb === 'create') created = id;
      waits = [id];
    }
    return steps.length > 0 ? waits : [];
  }
}

/**
 * Keys of products and prices, and of discount groups (`group:<key>`) → their id once the group stage
 * ran: the id kept, or the create's.
 */
export function idsAfterGroups(plan: Plan): Map<string, string | Ref> {
  const ids = new Map<string, string | Ref>();
  const changes = [
    ...plan.groups.flatMap((g): Change[] => [g.product, ...g.prices]),
    ...(plan.discountGroups ?? []),
  ];
  for (const change of changes) {
    const key = change.kind === 'discount_group' ? groupRef(change.key) : change.key;
    if (change.action === 'create' || change.action === 'replace') {
      ids.set(key, { $ref: opId('create', change.kind, change.key) });
    } else if (change.action !== 'archive' && change.id) {
      ids.set(key, change.id);
    }
  }
  return ids;
}

function resolver(ids: Map<string, string | Ref>) {
  return (key: string): string | Ref => {
    const id = ids.get(key);
    if (id !== undefined) return id;
    // a Paddle id the catalog kept (an export keeps ids no key owns) is sent as it is
    if (PADDLE_ID.test(key)) return key;
    const group = key.startsWith('group:') ? key.slice('group:'.length) : undefined;
    if (group !== undefined && GROUP_ID.test(group)) return group;
    throw new InternalError(`restrict_to names ${key}, which the plan neither keeps nor creates`);
  };
}

function compileGroup(compiler: Compiler, group: ProductPlan, after: Leaves, ids: Map<string, string | Ref>) {
  const resolve = resolver(ids);
  const { product, prices } = group;
  if (product.action === 'archive') {
    // the prices first: Paddle keeps an archived product's prices as they are
    const leaves = prices.flatMap((p) => compiler.chain(p, after, resolve));
    return compiler.chain(product, leaves.length > 0 ? leaves : after, resolve);
  }
  const productLeaves = compiler.chain(product, after, resolve);
  const priceAfter = productLeaves.length > 0 ? productLeaves : after;
  const priceLeaves = prices.flatMap((p) => compiler.chain(p, priceAfter, resolve));
  // a price waits for its product, so the prices' leaves stand for the whole group
  return priceLeaves.length > 0 ? priceLeaves : productLeaves;
}

/** A plan → its operations, in an order every one of them can run in (each after what it waits for). */
export function compileOperations(plan: Plan): Operation[] {
  const compiler = new Compiler(plan);
  const ids = idsAfterGroups(plan);
  const resolve = resolver(ids);
  // --dedupe: each kind of extra object after the kind before it; everything else after them all
  let barrier: Leaves = [];
  for (const kind of DEDUPE_ORDER) {
    const extra = (plan.deduplication ?? []).filter((c) => c.kind === kind);
    const leaves = extra.flatMap((c) => compiler.chain(c, barrier, resolve));
    if (leaves.length > 0) barrier = leaves;
  }
  // a product's key and its prices' keys → the leaves of that product's group
  const groupLeaves = new Map<string, Leaves>();
  for (const group of plan.groups) {
    const leaves = compileGroup(compiler, group, barrier, ids);
    for (const change of [group.product, ...group.prices]) groupLeaves.set(change.key, leaves);
  }
  // discount groups before the discounts that name them; archived after every discount (one may leave it)
  const discountGroups = plan.discountGroups ?? [];
  const setLeaves = new Map<string, Leaves>();
  for (const group of discountGroups.filter((g) => g.action !== 'archive'))
    setLeaves.set(group.key, compiler.chain(group, barrier, resolve));
  const discountLeaves = new Map<string, Leaves>();
  for (const discount of plan.discounts) {
    const named = (discount.desired?.restrict_to ?? []).flatMap((key) => groupLeaves.get(key) ?? []);
    const refs = (discount.desired?.restrict_to ?? []).map((k) => ids.get(k)).filter(isRef);
    const inGroup = discount.desired?.discount_group
      ? (setLeaves.get(discount.desired.discount_group) ?? [])
      : [];
    // a code another discount gives up in this plan is written once that one has its new code
    const freed = discount.codeAfter ? (discountLeaves.get(discount.codeAfter) ?? []) : [];
    const after = [...barrier, ...named, ...refs.map((r) => r.$ref), ...inGroup, ...freed];
    discountLeaves.set(discount.key, compiler.chain(discount, after, resolve));
  }
  const allDiscounts = [...discountLeaves.values()].flat();
  for (const group of discountGroups.filter((g) => g.action === 'archive'))
    compiler.chain(group, [...barrier, ...allDiscounts], resolve);
  for (const notification of plan.notifications ?? []) compiler.chain(notification, barrier, resolve);
  return compiler.operations;
}
