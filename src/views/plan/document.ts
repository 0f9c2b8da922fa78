// A plan for machines: the document of `plan --json` (format.ts has the lines for people).
import { changesInOrder, summarize } from '../../plan/summary.js';
import type { Change, Plan } from '../../plan/types.js';
import type { Review } from '../../review/types.js';
import { countsJson } from './counts.js';
import { isTwin, moveChanges, twinMoveOf } from './moves.js';

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
        return { ...changeJson(c), ...reviewed, ...countsJson('subscribers', subscribers) };
      }),
      ...moveChanges(plan),
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

/** One change as plan --json (and a saved plan's `seen`) shows it. */
function changeJson(c: Change) {
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
    ...(c.kind === 'discount' && c.movedFrom ? { movedFrom: c.movedFrom } : {}),
    ...(c.kind === 'discount' && c.codeAfter ? { codeAfter: c.codeAfter } : {}),
    ...(c.kind === 'price' && c.storedTaxMode ? { storedTaxMode: c.storedTaxMode } : {}),
  };
}
