// Discount codes across the account: Paddle keeps one discount per code in the whole account,
// archived discounts included, whoever made them. A discount this plan creates, or whose code it
// changes, while another discount holds that code would be refused (409) midway through an apply,
// so the plan names the holder and apply refuses before any write. An unmanaged holder of a new
// discount's code is its look-alike instead (lookalikes.ts), since --adopt can take it over.
import { isLapsed } from '../paddle-facts/statuses.js';
import { sameCode } from './lookalikes.js';
import { readMarker } from './marker.js';
import type { RemoteDiscount } from './remote.js';
import type { CodeConflict, DiscountChange } from './types.js';

/** The code this change would write, when it writes one: a create's, or a changed `code` field. */
function codeWritten(change: DiscountChange): string | null {
  if (!change.desired?.code) return null;
  if (change.action === 'create') return change.desired.code;
  return change.fields.some((f) => f.path === 'code') ? change.desired.code : null;
}

function holderOf(
  change: DiscountChange,
  code: string,
  all: readonly RemoteDiscount[],
): CodeConflict | undefined {
  const held = all.find((d) => d.id !== change.id && sameCode(d.code, code));
  if (!held) return undefined;
  const marker = readMarker(held.custom_data);
  // a new discount beside an unmanaged holder: that one is its look-alike, with --adopt as a way out
  if (!marker && change.action === 'create') return undefined;
  return {
    id: held.id,
    code: held.code as string,
    ...(marker ? { catalog: marker.catalog, key: marker.key } : {}),
    ...(held.status === 'archived' ? { archived: true as const } : {}),
    ...(isLapsed(held.status) ? { remoteStatus: held.status } : {}),
  };
}

/**
 * The change of this plan by which the holder gives the code up first: it writes the holder another
 * code, one nobody else holds (a chain or a swap of codes stays a conflict, so nothing waits in a circle).
 */
function freedBy(
  holder: CodeConflict,
  code: string,
  changes: readonly DiscountChange[],
  all: readonly RemoteDiscount[],
): DiscountChange | undefined {
  const freer = changes.find((c) => c.id === holder.id && c.action !== 'archive');
  const next = freer ? codeWritten(freer) : null;
  if (!freer || next === null || sameCode(next, code)) return undefined;
  return holderOf(freer, next, all) ? undefined : freer;
}

/**
 * Every change that writes a code another discount of the account holds, with that holder; when the
 * holder is a discount this plan gives another code, the change waits for it (`codeAfter`) instead.
 */
export function withCodeConflicts(
  changes: readonly DiscountChange[],
  all: readonly RemoteDiscount[],
): DiscountChange[] {
  const checked = changes.map((change): DiscountChange => {
    const code = codeWritten(change);
    const holder = code === null ? undefined : holderOf(change, code, all);
    if (!holder || code === null) return change;
    const freer = freedBy(holder, code, changes, all);
    return freer ? { ...change, codeAfter: freer.key } : { ...change, codeConflict: holder };
  });
  // a change that takes a code goes after the one that gives it up
  return [...checked.filter((c) => !c.codeAfter), ...checked.filter((c) => c.codeAfter)];
}

/** The changes of a plan whose code another discount holds. */
export function codeConflictsOf(changes: readonly DiscountChange[]) {
  return changes.flatMap((change) =>
    change.codeConflict ? [{ kind: change.kind, key: change.key, codeConflict: change.codeConflict }] : [],
  );
}
