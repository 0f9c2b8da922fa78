// `apply <plan-file>`, once the account has been read (as a plan reads it, no more): the saved plan
// runs only when the subscriber moves its catalog asks for are the ones it was reviewed with, and
// the operations a plan compiles now are, as a whole, the saved ones — the same operations, each
// body, what each waits for, in the same order — or when there is nothing left to run because the
// account already is what the plan leads to. Anything else is refused before a write.

import { UserError } from '../errors.js';
import { compileOperations } from '../operations/compile.js';
import type { SubscriberMove } from '../planner/subscribers.js';
import { isConverged } from '../planner/summary.js';
import type { Plan } from '../planner/types.js';
import { shown } from '../text/escape.js';
import { plural } from '../text/plural.js';
import type { SavedMove, SavedPlan } from './document.js';
import {
  ALREADY_APPLIED,
  type Drift,
  driftOf,
  EDITED_CATALOG,
  EDITED_OPERATIONS,
  MADE_SINCE,
  operationsDiffer,
} from './drift.js';

/** `as-saved`: the plan compiles exactly the saved operations; `already-applied`: nothing is left to do. */
export type SavedPlanCheck = 'as-saved' | 'already-applied';

/** Throws the refusal (nothing written), or says how the saved plan stands against the account now. */
export function checkSavedPlan(saved: SavedPlan, file: string, plan: Plan): SavedPlanCheck {
  // first: a move no one reviewed must not run as part of a plan "applied already" either
  const moved = movesDiffer(saved.review?.moves ?? [], plan.moves ?? []);
  if (moved) {
    throw new UserError(
      `Not applying ${shown(file)}: its catalog ${moved}. Nothing was written.`,
      `Subscribers move only as the plan was reviewed. ${planAgain(saved, file)}`,
    );
  }
  if (leadsTo(saved, plan)) return 'already-applied';
  const operations = compileOperations(plan);
  const drift = driftOf(saved, { plan, operations });
  if (drift.length > 0) throw driftError(saved, file, drift);
  const differ = operationsDiffer(saved.operations, operations);
  if (differ) {
    throw new UserError(
      `Not applying ${shown(file)}: its operations are not the ones its plan makes: ${differ}. Nothing was written.`,
      `A saved plan is applied exactly as plan wrote it, or not at all. ${planAgain(saved, file)}`,
    );
  }
  return 'as-saved';
}

/**
 * What decides a move beyond the ids (the source's and target's, which `seen` holds per key): its
 * mode, and its bills_from, which decides which subscriptions move and when the target first bills.
 */
const decided = (move: Pick<SubscriberMove, 'from' | 'to' | 'proration'>, billsFrom: string | undefined) =>
  `subscribers ${shown(move.from)} → ${shown(move.to)} (${shown(move.proration)}${billsFrom ? `, first billed from ${shown(billsFrom)}` : ''})`;

/**
 * Where the moves the saved catalog asks for now differ from the ones the plan was reviewed with
 * (`review.moves`, absent: none), or undefined when they are the same, in the same order. A saved
 * plan needs no --allow-subscriber-moves because its moves were reviewed, so a move added, removed
 * or billed otherwise by hand (its digest recomputed) must not run.
 * @internal A table test of which moves differ from the reviewed ones.
 */
export function movesDiffer(
  reviewed: readonly SavedMove[],
  planned: readonly SubscriberMove[],
): string | undefined {
  const now = planned.map((move) => decided(move, move.billsFrom));
  // a twin's move (--dedupe) that is gone went with its twin: nothing runs in its name
  const before = reviewed
    .map((move) => decided(move, move.bills_from))
    .filter((move, i) => reviewed[i]?.duplicateOf === undefined || now.includes(move));
  const added = now.find((move) => !before.includes(move));
  if (added) return `moves ${added}, a move the review did not show`;
  const removed = before.find((move) => !now.includes(move));
  if (removed) return `no longer moves ${removed}, which the review showed`;
  if (before.join('\n') !== now.join('\n'))
    return 'lists its moves otherwise than the review did (their order or their number)';
  return undefined;
}

/**
 * The account already is what the saved plan leads to: a plan made now has nothing to do, and each
 * saved operation belongs to a change the plan saw pending (so none is one nobody reviewed).
 * Subscribers still on a move's source are no saved operation: the run moves them all the same
 * (a re-run of a plan that left locked subscriptions is how they move later).
 */
function leadsTo(saved: SavedPlan, plan: Plan): boolean {
  if (saved.operations.length === 0 || !isConverged(plan)) return false;
  const pending = new Set(
    saved.seen
      .filter((s) => s.changes.some((c) => c.action !== 'unchanged'))
      .map((s) => `${s.kind} ${s.key}`),
  );
  return saved.operations.every((op) => pending.has(`${op.kind} ${op.key}`));
}

const planAgain = (saved: SavedPlan, file: string) =>
  `Make the plan again (plan ${shown(saved.catalog_file)} --out ${shown(file)}), review it, and apply the new plan file.`;

function driftError(saved: SavedPlan, file: string, drift: Drift[]): UserError {
  const list = drift.map((d) => `${d.kind} ${shown(d.key)}: ${d.reason}`).join('; ');
  // part of the plan done and the rest not: most likely a run of this very plan that stopped
  const partway = drift.some((d) => d.reason === ALREADY_APPLIED || d.reason === MADE_SINCE);
  // the file itself, not the account, is what changed: say so first
  const edited = drift.some((d) => d.reason === EDITED_CATALOG || d.reason === EDITED_OPERATIONS);
  const why = edited
    ? 'the file was edited after plan wrote it'
    : partway
      ? 'part of it is in the account already (a run of this plan that stopped partway, or another apply?)'
      : 'the account moved since the plan';
  return new UserError(
    `Not applying ${shown(file)}: ${why}; ${plural(drift.length, 'key')} would now be planned differently: ${list}.`,
    `Nothing was written. ${planAgain(saved, file)}`,
    { drift },
  );
}
