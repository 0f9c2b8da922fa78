// What apply refuses before it writes anything: plans whose creates would stand beside objects the
// user most likely meant (look-alikes), discount codes another discount of the account holds, and
// --adopt plans that could not tell which object to take.
import { UserError } from '../errors.js';
import { CODE_CONFLICT_WAY_OUT, describeCodeConflict } from '../planner/code-conflict-words.js';
import { codeConflictsOf } from '../planner/code-conflicts.js';
import { LOOKALIKE_WAYS_OUT, nameLookalike } from '../planner/lookalike-words.js';
import { lookalikeOf } from '../planner/lookalikes.js';
import { changesInOrder } from '../planner/summary.js';
import type { Plan } from '../planner/types.js';
import { shown } from '../text/escape.js';
import { plural } from '../text/plural.js';

export interface PreflightOptions {
  /** create beside product and price look-alikes anyway (a discount's code cannot be shared) */
  allowLookalikes?: boolean;
}

/** Throws the refusal (exit 1, nothing written), or returns when the plan may be applied. */
export function refuseUnsafePlan(plan: Plan, options: PreflightOptions = {}): void {
  refuseAmbiguousAdoption(plan);
  refuseCodeConflicts(plan);
  refuseLookalikes(plan, options);
}

/** A code another discount of the account holds would be refused by Paddle midway: no flag lets it through. */
function refuseCodeConflicts(plan: Plan): void {
  const conflicts = codeConflictsOf(plan.discounts);
  if (conflicts.length === 0) return;
  const list = conflicts
    .map(({ key, codeConflict }) => `discount ${shown(key)}: ${describeCodeConflict(codeConflict)}`)
    .join('; ');
  throw new UserError(
    `Not applying: ${plural(conflicts.length, 'discount code')} ${conflicts.length === 1 ? 'is' : 'are'} held by another discount of the account: ${list}.`,
    `Paddle keeps one discount per code in the whole account, archived ones included: ${CODE_CONFLICT_WAY_OUT}.`,
    { codeConflicts: conflicts }, // as plan --json shows them on their changes
  );
}

/**
 * With --adopt, a key that matches several unmarked objects would otherwise be created anew,
 * beside the very objects the user meant to take over: stop before writing anything instead.
 */
function refuseAmbiguousAdoption(plan: Plan): void {
  const ambiguities = plan.ambiguities ?? [];
  if (ambiguities.length === 0) return;
  const list = ambiguities.map((a) => shown(`${a.kind} ${a.key} (${a.candidates.join(', ')})`)).join('; ');
  throw new UserError(
    `Not applying: ${plural(ambiguities.length, 'key')} match more than one existing object: ${list}.`,
    'Rename or archive the extra objects in the dashboard so each key matches one, then run apply --adopt again.',
    { ambiguities }, // as plan --json shows them
  );
}

/**
 * A create beside an unmanaged twin is how an account gets two "Pro" products: refused unless
 * --allow-lookalikes says the twin is meant. A discount's look-alike holds its code, which Paddle
 * gives to one discount only, so no flag lets that one through.
 */
function refuseLookalikes(plan: Plan, { allowLookalikes = false }: PreflightOptions): void {
  const found = changesInOrder(plan).flatMap((change) => {
    const lookalike = lookalikeOf(change);
    return lookalike ? [{ change, lookalike }] : [];
  });
  const refused = found.filter(({ change }) => !allowLookalikes || change.kind === 'discount');
  if (refused.length === 0) return;
  const list = refused
    .map(
      ({ change, lookalike }) => `${change.kind} ${shown(change.key)} looks like ${nameLookalike(lookalike)}`,
    )
    .join('; ');
  const kinds = [...new Set(refused.map(({ change }) => change.kind))];
  // as data too, each as plan --json shows it on its change
  const lookalikes = refused.map(({ change, lookalike }) => ({
    kind: change.kind,
    key: change.key,
    lookalike,
  }));
  throw new UserError(
    `Not applying: ${plural(refused.length, 'new object')} would stand beside an existing one this tool does not manage: ${list}.`,
    kinds.map((kind) => `For a ${kind}: ${LOOKALIKE_WAYS_OUT[kind]}.`).join(' '),
    { lookalikes },
  );
}
