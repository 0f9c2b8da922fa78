// `plan --json`'s document: every change with what the review read of it, the moves, the summary,
// duplicates, orphans and ambiguities, for machines. The lines for people are format.ts.

import { countsJson } from '../../planner/counts.js';
import { changesInOrder, isTwin, summarize } from '../../planner/summary.js';
import type { Change, Plan } from '../../planner/types.js';
import type { Review } from '../../review/types.js';
import { reviewedMoves } from '../../saved-plan/reviewed-moves.js';
import { twinMoveOf } from './moves.js';

/** `plan --json`. */
export function planDocument(plan: Plan, environment: string, review?: Review) {
  return {
    ok: true,
    environment,
    changes: [
      ...changesInOrder(plan).map((c) => {
        // a twin shares its key with the kept price, whose review it is not: its own subscribers instead
        const reviewed = c.kind === 'price' && !isTwin(plan, c) ? review?.prices[c.key] : undefined;
        const subscribers = reviewed?.subscribers ?? twinMoveOf(plan, c)?.subscribers;
        return { ...planJsonChange(c), ...reviewed, ...countsJson('subscribers', subscribers) };
      }),
      ...reviewedMoves(plan, review),
    ],
    summary: summarize(plan),
    duplicates: plan.duplicates,
    orphans: plan.orphans.map((o) => ({
      ...o,
      ...countsJson('subscribers', o.kind === 'price' ? review?.prices[o.key]?.subscribers : undefined),
    })),
    ...(plan.ambiguities ? { ambiguities: plan.ambiguities } : {}),
    ...(review ? { review: { countries: review.countries, unavailable: review.unavailable } } : {}),
  };
}

/**
 * One change as plan --json shows it: everything the plan says of it, its notes included (reason,
 * remoteStatus, movedFrom, codeAfter, storedTaxMode). Not the saved plan's projection: a plan file's
 * `seen` keeps only what a fresh plan is compared on (saved-plan/drift.ts seenChange).
 */
function planJsonChange(c: Change) {
  return {
    kind: c.kind,
    key: c.key,
    action: c.action,
    ...(c.id ? { id: c.id } : {}),
    ...(c.fields.length > 0 ? { fields: c.fields } : {}),
    ...(c.reason ? { reason: c.reason } : {}),
    ...(c.action === 'create' && c.lookalike ? { lookalike: c.lookalike } : {}),
    ...(c.kind === 'discount' && c.codeConflict ? { codeConflict: c.codeConflict } : {}),
    ...(c.kind === 'discount' && c.remoteStatus ? { remoteStatus: c.remoteStatus } : {}),
    ...(c.kind === 'discount' && c.renamedFrom ? { movedFrom: c.renamedFrom } : {}),
    ...(c.kind === 'discount' && c.codeAfter ? { codeAfter: c.codeAfter } : {}),
    ...(c.kind === 'price' && c.storedTaxMode ? { storedTaxMode: c.storedTaxMode } : {}),
    // what a person reads under the change: a destination replaced has a new signing secret (the
    // old one stops working), and a deletion cannot be undone
    ...(c.kind === 'notification' && c.action === 'replace' ? { newSecret: true } : {}),
    ...(c.action === 'delete' ? { irreversible: true } : {}),
  };
}
