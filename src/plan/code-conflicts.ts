// Discount codes across the account: Paddle keeps one discount per code in the whole account,
// archived discounts included, whoever made them. A discount this plan creates, or whose code it
// changes, while another discount holds that code would be refused (409) midway through an apply,
// so the plan names the holder and apply refuses before any write. An unmanaged holder of a new
// discount's code is its look-alike instead (lookalikes.ts), since --adopt can take it over.
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
    ...(held.status === 'expired' || held.status === 'used' ? { remoteStatus: held.status } : {}),
  };
}

/** Every change that writes a code another discount of the account holds, with that holder. */
export function withCodeConflicts(
  changes: readonly DiscountChange[],
  all: readonly RemoteDiscount[],
): DiscountChange[] {
  return changes.map((change) => {
    const code = codeWritten(change);
    const holder = code === null ? undefined : holderOf(change, code, all);
    return holder ? { ...change, codeConflict: holder } : change;
  });
}

/** The changes of a plan whose code another discount holds. */
export function codeConflictsOf(changes: readonly DiscountChange[]) {
  return changes.flatMap((change) =>
    change.codeConflict ? [{ kind: change.kind, key: change.key, codeConflict: change.codeConflict }] : [],
  );
}
