// What a scheduled run may continue: only the subscriber moves a reviewed apply started (each target
// price's marker records them, src/planner/marker.ts) and the archives of their sources that wait for
// no one to be left. Anything else the account lacks — a new `subscribers_from`, new terms for one,
// any other change, a duplicate — is an apply's to make after a person reviewed it, so the run is
// refused before a write. Pure: it reads the plan just made.
import { UserError } from '../errors.js';
import { changesInOrder } from '../planner/summary.js';
import type { Change, Plan } from '../planner/types.js';
import { shown } from '../text/escape.js';
import { plural } from '../text/plural.js';

/** A change the run may make: the archive of a move's source price (`status: archived` in the catalog). */
function isWaitingArchive(change: Change, sources: ReadonlySet<string>): boolean {
  return (
    change.kind === 'price' &&
    change.action === 'archive' &&
    change.id !== undefined &&
    sources.has(change.id)
  );
}

/** A target price whose only change is the record of moves no apply has started. */
const isUnstartedMove = (change: Change) =>
  change.kind === 'price' &&
  change.action === 'update' &&
  change.fields.length > 0 &&
  change.fields.every((f) => f.path === 'moves_started');

const line = (change: Change) =>
  isUnstartedMove(change)
    ? `price ${shown(change.key)}: a subscriber move no apply has started (subscribers_from, its proration or bills_from)`
    : `${change.kind} ${shown(change.key)}: ${change.action}`;

/** Throws (nothing written) unless the plan holds only started moves and the archives after them. */
export function refuseUnstarted(plan: Plan): void {
  const sources = new Set((plan.moves ?? []).flatMap((m) => (m.fromId === null ? [] : [m.fromId])));
  const others = changesInOrder(plan).filter(
    (c) => c.action !== 'unchanged' && !isWaitingArchive(c, sources),
  );
  const twins = (plan.moves ?? []).filter((m) => m.duplicateOf !== undefined);
  if (others.length === 0 && plan.duplicates.length === 0 && twins.length === 0) return;
  const what = [
    ...others.map(line),
    ...plan.duplicates.map((d) => `${d.kind} ${shown(d.key)}: more than one active object`),
  ];
  throw new UserError(
    `Refusing to roll out: the account differs from the catalog in more than the moves an apply started (${plural(what.length, 'difference')}): ${what.join('; ')}.`,
    'Review it with `plan --out plan.json` and apply the plan file; rollout then continues the moves it started.',
  );
}
