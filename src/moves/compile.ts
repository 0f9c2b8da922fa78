// Which subscriptions a plan's moves change, and what each one's PATCH sends. Pure: the
// subscriptions are read at apply time (the next run reads again, so a stopped move resumes with
// what is still on a source price) and given here.
//
// Paddle replaces a subscription's items with the list a PATCH sends and removes the ones it leaves
// out (https://developer.paddle.com/api-reference/subscriptions/update-subscription), so every item
// goes back: each item on a source price with its target's price and its own quantity, the others
// unchanged, with the proration_billing_mode the catalog declares.

import type { Operation, Ref } from '../operations/compile.js';
import { DEFAULT_PRORATION, type ProrationBillingMode } from '../paddle-facts/subscriptions.js';
import type { SubscriberMove, SubscriptionItem, SubscriptionRecord } from '../planner/subscribers.js';
import type { Plan } from '../planner/types.js';
import { movesTaking } from './one-date.js';

/** One subscription to change, and the moves whose source prices it has items on. */
export interface MovingSubscription {
  subscription: SubscriptionRecord;
  /** one per item on a source price, in the order of its items */
  moves: SubscriberMove[];
}

/** A subscription a move leaves as it is, with why (listed; the run then does not converge). */
export interface LeftSubscription {
  move: SubscriberMove;
  subscription: SubscriptionRecord;
  /** Paddle's error code, or ours when the tool leaves it without asking Paddle */
  code: string;
  reason: string;
  /** the subscription waits (a lock, past_due, bills_from): a later run moves it */
  later?: boolean;
}

/**
 * One subscription's move: `PATCH /subscriptions/{target}` with `body`, after the operations of its
 * target prices (`after`). It changes no object of the catalog, so it is no change of the plan.
 */
export interface MoveOperation {
  /** `move subscription sub_…` */
  id: string;
  verb: 'move';
  kind: 'subscription';
  /** the target price keys, `pro/monthly-2027` */
  key: string;
  /** the subscription's id */
  target: string;
  body: MoveBody;
  after: string[];
}

/** A catalog operation or a subscriber move: what one run (apply, the tool-server scripts) sends. */
export type AnyOperation = Operation | MoveOperation;

export const isMove = (op: AnyOperation): op is MoveOperation => op.verb === 'move';

/** The PATCH body of one move: every item, and how Paddle bills the change. */
export interface MoveBody {
  items: Array<{ price_id: string | Ref; quantity: number }>;
  proration_billing_mode: ProrationBillingMode;
}

/** Subscriptions with an item on a source price, each once, with the moves that take it, or why not. */
export function subscriptionMoves(
  moves: readonly SubscriberMove[],
  subscriptions: readonly SubscriptionRecord[],
): { planned: MovingSubscription[]; left: LeftSubscription[] } {
  const planned: MovingSubscription[] = [];
  const left: LeftSubscription[] = [];
  const seen = new Set<string>();
  for (const subscription of subscriptions) {
    if (seen.has(subscription.id)) continue;
    seen.add(subscription.id);
    // a blocked twin's subscribers stay where they are (apply refuses to archive it: twin-refusal.ts)
    const mine = movesTaking(subscription, moves);
    const [first] = mine;
    if (first === undefined) continue;
    const problem = whyLeft(subscription, mine);
    if (problem) left.push({ move: first, subscription, ...problem });
    else planned.push({ subscription, moves: mine });
  }
  return { planned, left };
}

/**
 * What the tool will not decide for a team: a subscription holds each price once, so one that
 * would hold a target twice needs its items merged, which Paddle documents no rule for; two
 * moves that bill differently cannot share one PATCH; and a twin's move runs before the catalog's
 * writes (the twin is archived first), so it cannot share a PATCH with a move that waits for them.
 */
function whyLeft(
  subscription: SubscriptionRecord,
  moves: readonly SubscriberMove[],
): { code: string; reason: string } | undefined {
  const twins = moves.filter((m) => m.duplicateOf !== undefined).length;
  if (twins > 0 && twins < moves.length) {
    return {
      code: 'twin_and_catalog_move',
      reason: 'it has items on a twin and on a price subscribers_from moves: apply without --dedupe first',
    };
  }
  const targets = moves.map((m) => m.to);
  const kept = new Set(subscription.items.map((item) => item.price_id));
  const twice = targets.find(
    (to, i) => targets.indexOf(to) !== i || moves.some((m) => m.to === to && m.toId && kept.has(m.toId)),
  );
  if (twice !== undefined) {
    return {
      code: 'target_price_twice',
      reason: `it would hold ${twice} twice; merge its items in Paddle, then run again`,
    };
  }
  const modes = new Set(moves.map((m) => m.proration));
  if (modes.size > 1) {
    return {
      code: 'proration_differs',
      reason: `its items move to ${targets.join(' and ')}, which declare different proration; change it in Paddle`,
    };
  }
  return undefined;
}

/** Our code for a subscription whose items changed between the run's read and its PATCH (not Paddle's). */
export const CHANGED_SINCE_READ = 'changed_since_read';

/** Why a move leaves a subscription its batch read again: its items are no longer what its PATCH was made of. */
export interface ChangedSinceRead {
  code: typeof CHANGED_SINCE_READ;
  reason: string;
  /** still on a source price: a later run reads it again and moves it */
  later: boolean;
}

/**
 * Whether a subscription may be PATCHed as planned, now that its batch has been read again (`now`;
 * absent when the read did not return it). Paddle documents no conditional update
 * (https://developer.paddle.com/api-reference/subscriptions/update-subscription), and the PATCH
 * replaces the whole list (https://developer.paddle.com/api-reference/about/lists): sent over items
 * that changed, it would reset a quantity or drop an item someone set meanwhile, so such a
 * subscription is left; one no longer on a source price is not moved at all.
 */
export function changedSinceRead(
  planned: MovingSubscription,
  now: SubscriptionRecord | undefined,
): ChangedSinceRead | undefined {
  const sources = new Set(planned.moves.map((m) => m.fromId));
  if (now === undefined || !now.items.some((item) => sources.has(item.price_id))) {
    return { code: CHANGED_SINCE_READ, reason: 'no longer on a source price when read again', later: false };
  }
  if (!sameItems(planned.subscription.items, now.items)) {
    return { code: CHANGED_SINCE_READ, reason: 'changed since it was read', later: true };
  }
  return undefined;
}

/** The same prices with the same quantities, in any order (a subscription holds each price once). */
export function sameItems(read: readonly SubscriptionItem[], now: readonly SubscriptionItem[]): boolean {
  const quantities = new Map(read.map((item) => [item.price_id, item.quantity]));
  return read.length === now.length && now.every((item) => quantities.get(item.price_id) === item.quantity);
}

/** The PATCH body; `target` gives a move's target id, or the create that makes it. */
export function moveBody(
  planned: MovingSubscription,
  target: (move: SubscriberMove) => string | Ref,
): MoveBody {
  const bySource = new Map(planned.moves.map((m) => [m.fromId, m]));
  const [first] = planned.moves;
  return {
    items: planned.subscription.items.map((item) => {
      const move = bySource.get(item.price_id);
      return { price_id: move ? target(move) : item.price_id, quantity: item.quantity };
    }),
    proration_billing_mode: first?.proration ?? DEFAULT_PRORATION,
  };
}

/**
 * One `move` per subscription, each after every operation of its targets' prices (a created or
 * unarchived target must exist and be active before Paddle bills it).
 */
export function moveOperations(
  planned: readonly MovingSubscription[],
  catalogOps: readonly Operation[],
  ids: ReadonlyMap<string, string | Ref>,
): MoveOperation[] {
  const target = (move: SubscriberMove): string | Ref =>
    move.toId ?? ids.get(move.to) ?? { $ref: `create price ${move.to}` };
  return planned.map(({ subscription, moves }) => {
    const targets = new Set(moves.map((m) => m.to));
    // a twin's move waits for nothing: its target is the kept twin, active now and kept as it is
    const waited = new Set(moves.filter((m) => m.duplicateOf === undefined).map((m) => m.to));
    const after = catalogOps.filter((op) => op.kind === 'price' && waited.has(op.key)).map((op) => op.id);
    return {
      id: `move subscription ${subscription.id}`,
      verb: 'move',
      kind: 'subscription',
      key: [...targets].join(' '),
      target: subscription.id,
      body: moveBody({ subscription, moves }, target),
      after,
    };
  });
}

/**
 * The catalog's operations with the moves among them (`moves[i]` is `planned[i]`'s): every archive
 * waits for every move, but --dedupe's, which everything waits for: a twin's archive waits for the
 * moves off that twin (which wait for nothing); and the list is put back in an order each
 * operation can run in (what it waits for first, otherwise as compiled).
 */
export function withMoves(
  plan: Plan,
  catalogOps: readonly Operation[],
  moves: readonly MoveOperation[],
  planned: readonly MovingSubscription[],
): AnyOperation[] {
  const moveIds = moves.map((op) => op.id);
  const deduplications = (plan.deduplication ?? []).length;
  const offTwin = (id: string) =>
    moves.filter((_, i) => planned[i]?.moves.some((m) => m.duplicateOf !== undefined && m.fromId === id));
  const waitsFor = (op: Operation): string[] => {
    if (op.verb !== 'archive') return [];
    if (op.change >= deduplications) return moveIds;
    return typeof op.target === 'string' && op.kind === 'price' ? offTwin(op.target).map((m) => m.id) : [];
  };
  const all = [
    ...catalogOps.map((op) => {
      const waits = waitsFor(op);
      return waits.length > 0 ? { ...op, after: [...op.after, ...waits] } : op;
    }),
    ...moves,
  ];
  const byId = new Map(all.map((op) => [op.id, op]));
  const placed = new Set<string>();
  const ordered: AnyOperation[] = [];
  const place = (op: AnyOperation) => {
    if (placed.has(op.id)) return;
    placed.add(op.id);
    for (const id of op.after) {
      const before = byId.get(id);
      if (before) place(before);
    }
    ordered.push(op);
  };
  for (const op of all) place(op);
  return ordered;
}
