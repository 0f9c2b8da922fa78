// Discounts in the plan: matched by marker like products; restrict_to compared as catalog keys
// (each environment has its own ids, so the remote ids are read back through the marker index);
// --adopt takes over an unmarked discount with the same code; --prune archives the orphans.
import type { CatalogDiscount } from '../catalog/schema.js';
import { isLapsed } from '../paddle-facts/statuses.js';
import { fieldChanges } from './field-diff.js';
import { discountLookalike, sameCode } from './lookalikes.js';
import { keptCustomData, readMarker, userCustomData } from './marker.js';
import type { RemoteDiscount } from './remote.js';
import type { Ambiguity, DiffOptions, DiscountChange, DiscountState, LapsedStatus, Orphan } from './types.js';

/** The catalog's discount with Paddle's defaults spelled out; its group only where groups are declared. */
function discountState(wanted: CatalogDiscount, grouped = false): DiscountState {
  return {
    ...(grouped ? { discount_group: wanted.discount_group ?? null } : {}),
    description: wanted.description,
    type: wanted.type,
    amount: wanted.amount,
    currency_code: wanted.currency_code ?? null,
    code: wanted.code ?? null,
    enabled_for_checkout: wanted.enabled_for_checkout ?? true,
    recur: wanted.recur ?? false,
    maximum_recurring_intervals: wanted.maximum_recurring_intervals ?? null,
    usage_limit: wanted.usage_limit ?? null,
    restrict_to: wanted.restrict_to ? [...wanted.restrict_to].sort() : null,
    expires_at: wanted.expires_at ?? null,
    custom_data: userCustomData(wanted.custom_data),
  };
}

const sameInstant = (a: string | null, b: string | null) =>
  a !== null && b !== null && Date.parse(a) === Date.parse(b);

/** "0500" and "500" are one flat amount; "25" and "25.00" one percentage. */
const sameAmount = (type: string, a: string, b: string) =>
  type === 'percentage' ? Number(a) === Number(b) : a.replace(/^0+(?=\d)/, '') === b.replace(/^0+(?=\d)/, '');

/**
 * An account's discount in the catalog's terms: restrict_to ids become the keys that own them, and
 * where the catalog leaves a choice to Paddle (no code) or writes the same value another way
 * (an instant with an offset, "25.00"), the remote side takes the catalog's spelling, so only
 * real differences show.
 */
function remoteDiscountState(
  remote: RemoteDiscount,
  keyOfId: ReadonlyMap<string, string>,
  wanted?: DiscountState,
): DiscountState {
  const restrictTo = remote.restrict_to?.length
    ? remote.restrict_to.map((id) => keyOfId.get(id) ?? id).sort()
    : null;
  const group = remote.discount_group_id;
  const state: DiscountState = {
    ...(wanted?.discount_group === undefined
      ? {}
      : { discount_group: group ? (keyOfId.get(group) ?? group) : null }),
    description: remote.description,
    type: remote.type,
    amount: remote.amount,
    currency_code: remote.currency_code,
    code: remote.code,
    enabled_for_checkout: remote.enabled_for_checkout,
    recur: remote.recur,
    maximum_recurring_intervals: remote.maximum_recurring_intervals,
    usage_limit: remote.usage_limit,
    restrict_to: restrictTo,
    expires_at: remote.expires_at,
    custom_data: userCustomData(remote.custom_data),
  };
  if (!wanted) return state;
  if (wanted.code === null) state.code = null;
  if (sameInstant(state.expires_at, wanted.expires_at)) state.expires_at = wanted.expires_at;
  if (state.type === wanted.type && sameAmount(wanted.type, state.amount, wanted.amount)) {
    state.amount = wanted.amount;
  }
  return state;
}

export interface DiscountPlan {
  changes: DiscountChange[];
  orphans: Orphan[];
  ambiguities: Ambiguity[];
}

/** With --adopt: the unmarked discount with the key's code, active ones first; a tie adopts nothing. */
/**
 * The unmarked discounts a key could take over: those with its code; for a key without a code (a
 * discount not for checkout), those without one that grant the same (description, type, amount).
 */
function adoptable(desired: DiscountState, unmarked: readonly RemoteDiscount[]): RemoteDiscount[] {
  const { code } = desired;
  if (code !== null) return unmarked.filter((d) => sameCode(d.code, code));
  return unmarked.filter(
    (d) =>
      d.code === null &&
      d.description === desired.description &&
      d.type === desired.type &&
      sameAmount(d.type, d.amount, desired.amount),
  );
}

function adoptionFor(
  key: string,
  desired: DiscountState,
  unmarked: readonly RemoteDiscount[],
): { remote?: RemoteDiscount; ambiguity?: Ambiguity } {
  const same = adoptable(desired, unmarked);
  const active = same.filter((d) => d.status === 'active');
  const found = active.length > 0 ? active : same;
  if (found.length === 1) return { remote: found[0] };
  if (found.length === 0) return {};
  const candidates = found.map((d) => d.id).sort();
  return {
    ambiguity: {
      kind: 'discount',
      key,
      candidates,
      reason:
        desired.code === null
          ? `${found.length} unmarked discounts without a code are "${desired.description}"`
          : `${found.length} unmarked discounts have the code ${desired.code}`,
    },
  };
}

/** The discount's own custom_data stays unless the catalog writes custom_data out (see keptCustomData). */
const ownData = (desired: DiscountState, wanted: CatalogDiscount, remote: RemoteDiscount): DiscountState => ({
  ...desired,
  custom_data: keptCustomData(wanted.custom_data, remote.custom_data),
});

/** What a discount is compared with: the catalog's keys of the account's ids, and whether groups are declared. */
interface Terms {
  keyOfId: ReadonlyMap<string, string>;
  grouped: boolean;
}

function change(
  key: string,
  wanted: CatalogDiscount,
  remote: RemoteDiscount | undefined,
  terms: Terms,
): DiscountChange {
  const { keyOfId, grouped } = terms;
  if (!remote)
    return { kind: 'discount', key, action: 'create', fields: [], desired: discountState(wanted, grouped) };
  const desired = ownData(discountState(wanted, grouped), wanted, remote);
  const fields = fieldChanges(remoteDiscountState(remote, keyOfId, desired), desired);
  const action = remote.status === 'archived' ? 'unarchive' : fields.length > 0 ? 'update' : 'unchanged';
  return { kind: 'discount', key, action, id: remote.id, fields, desired, ...lapsed(remote) };
}

/** Paddle's own status on a discount that is neither active nor archived. */
function lapsed(remote: RemoteDiscount): { remoteStatus?: LapsedStatus } {
  return isLapsed(remote.status) ? { remoteStatus: remote.status } : {};
}

/**
 * Paddle keeps one discount per code, archived ones included: a create whose code an unmanaged
 * discount holds would be refused (409), so the holder is the key's look-alike and apply stops
 * before anything is sent.
 */
function withCodeHolder(
  planned: DiscountChange,
  unmarked: readonly RemoteDiscount[],
  taken: ReadonlySet<string>,
): DiscountChange {
  const code = planned.desired?.code ?? null;
  if (planned.action !== 'create' || !code) return planned;
  const lookalike = discountLookalike(code, unmarked, taken);
  return lookalike ? { ...planned, lookalike } : planned;
}

interface KeyRename {
  from: string;
  remote: RemoteDiscount;
}

/**
 * Keys renamed with their code kept: a key the account has no discount for, whose code this
 * catalog's discount of a key the catalog no longer names holds (Paddle keeps one discount per code,
 * so that discount is the one the new key means).
 */
function renamedKeys(
  wanted: Readonly<Record<string, CatalogDiscount>>,
  managed: ReadonlyMap<string, RemoteDiscount>,
): Map<string, KeyRename> {
  // an expired or used discount is not revived by a rename: its code stays a conflict
  const gone = [...managed].filter(
    ([key, d]) => !(key in wanted) && (d.status === 'active' || d.status === 'archived'),
  );
  const renames = new Map<string, KeyRename>();
  for (const [key, discount] of Object.entries(wanted)) {
    const { code } = discount;
    if (managed.has(key) || !code) continue;
    const found = gone.find(([, d]) => sameCode(d.code, code));
    if (found) renames.set(key, { from: found[0], remote: found[1] });
  }
  return renames;
}

/**
 * `remote` takes the key's marker, with whatever else differs (set active first if archived): an
 * unmarked discount adopted, or, with `renamedFrom`, the discount of a key renamed with its code kept.
 */
function takeOver(
  key: string,
  wanted: CatalogDiscount,
  remote: RemoteDiscount,
  { keyOfId, grouped }: Terms,
  renamedFrom?: string,
): DiscountChange {
  const desired = ownData(discountState(wanted, grouped), wanted, remote);
  const fields = fieldChanges(remoteDiscountState(remote, keyOfId, desired), desired);
  return {
    kind: 'discount',
    key,
    action: 'adopt',
    id: remote.id,
    fields,
    desired,
    ...(renamedFrom === undefined ? {} : { renamedFrom }),
    ...(remote.status === 'archived' ? { archived: true } : {}),
    ...lapsed(remote),
  };
}

/**
 * `managed`: the marker index of the account's discounts (one kept per key); `keyOfId`: product,
 * price and discount group ids → their catalog keys; `grouped`: the catalog declares discount_groups.
 */
export function planDiscounts(
  wanted: Readonly<Record<string, CatalogDiscount>>,
  all: readonly RemoteDiscount[],
  managed: ReadonlyMap<string, RemoteDiscount>,
  keyOfId: ReadonlyMap<string, string>,
  options: DiffOptions,
  grouped = false,
): DiscountPlan {
  const terms: Terms = { keyOfId, grouped };
  const renames = renamedKeys(wanted, managed);
  // an unmarked discount is taken over by one key at most
  let unmarked = all.filter((d) => readMarker(d.custom_data) === undefined);
  const ambiguities: Ambiguity[] = [];
  const planned = Object.entries(wanted).map(([key, discount]): DiscountChange => {
    const desired = discountState(discount, grouped);
    const remote = managed.get(key);
    const rename = renames.get(key);
    if (rename) return takeOver(key, discount, rename.remote, terms, rename.from);
    if (remote || !options.adopt) return change(key, discount, remote, terms);
    const adoption = adoptionFor(key, desired, unmarked);
    if (adoption.ambiguity) {
      ambiguities.push(adoption.ambiguity);
      const { reason, candidates } = adoption.ambiguity;
      return {
        ...change(key, discount, undefined, terms),
        reason: `not adopted: ${reason} (${candidates.join(', ')})`,
      };
    }
    if (!adoption.remote) return change(key, discount, undefined, terms);
    const adopted = adoption.remote;
    unmarked = unmarked.filter((d) => d !== adopted);
    return takeOver(key, discount, adopted, terms);
  });
  const taken = new Set(planned.filter((c) => c.action === 'adopt').map((c) => c.id));
  const changes = planned.map((c) => withCodeHolder(c, unmarked, taken));
  const formerKeys = new Set([...renames.values()].map((m) => m.from));
  const orphans: Orphan[] = [...managed]
    // an expired or used discount can still be applied to subscriptions: pruning archives it too
    .filter(([key, d]) => d.status !== 'archived' && !(key in wanted) && !formerKeys.has(key))
    .map(([key, d]) => ({ kind: 'discount' as const, key, id: d.id }))
    .sort((a, b) => a.key.localeCompare(b.key));
  if (options.prune) {
    for (const orphan of orphans) {
      changes.push({
        kind: 'discount',
        key: orphan.key,
        action: 'archive',
        id: orphan.id,
        fields: [],
        desired: null,
      });
    }
  }
  return { changes, orphans, ambiguities };
}
