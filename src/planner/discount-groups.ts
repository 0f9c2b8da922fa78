// Discount groups in the plan. Paddle keeps no custom_data on a group, so one is known again by the
// marker at the end of its name (text-marker.ts). Paddle keeps a group's name unique in the account,
// archived groups included (https://developer.paddle.com/errors/discounts/discount_group_name_conflict),
// and has no delete: a group the catalog no longer names is archived with --prune, and when its key
// comes back the archived group, which still holds the name and the marker, is set active again
// (never a create beside it, which Paddle would refuse). One made in the dashboard is left alone
// unless --adopt takes over the one with the catalog's name.
import type { CatalogDiscountGroup } from '../catalog/schema.js';
import { fieldChanges } from './field-diff.js';
import type { RemoteDiscountGroup } from './remote.js';
import { indexByText } from './text-identity.js';
import { readTextMarker } from './text-marker.js';
import type {
  Ambiguity,
  DiffOptions,
  DiscountGroupChange,
  DiscountGroupState,
  Duplicate,
  Orphan,
} from './types.js';

export interface DiscountGroupPlan {
  changes: DiscountGroupChange[];
  orphans: Orphan[];
  duplicates: Duplicate[];
  ambiguities: Ambiguity[];
}

const state = (remote: RemoteDiscountGroup): DiscountGroupState => ({
  name: readTextMarker(remote.name).text,
});

function change(
  key: string,
  desired: DiscountGroupState,
  remote: RemoteDiscountGroup,
  adopt: boolean,
): DiscountGroupChange {
  const fields = fieldChanges(state(remote), desired);
  const archived = remote.status === 'archived';
  const base = { kind: 'discount_group' as const, key, id: remote.id, fields, desired };
  if (adopt) return { ...base, action: 'adopt', ...(archived ? { archived: true } : {}) };
  return { ...base, action: archived ? 'unarchive' : fields.length > 0 ? 'update' : 'unchanged' };
}

export function planDiscountGroups(
  wanted: Readonly<Record<string, CatalogDiscountGroup>>,
  remote: readonly RemoteDiscountGroup[],
  scope: string,
  options: DiffOptions,
): DiscountGroupPlan {
  const { kept, duplicates } = indexByText('discount_group', scope, remote, (g) => g.name);
  let unmarked = remote.filter((g) => readTextMarker(g.name).marker === undefined);
  const ambiguities: Ambiguity[] = [];
  const changes = Object.entries(wanted).map(([key, group]): DiscountGroupChange => {
    const desired: DiscountGroupState = { name: group.name };
    const managed = kept.get(key);
    if (managed) return change(key, desired, managed, false);
    // Paddle keeps names unique, so at most one unmarked group has this name
    const same = options.adopt ? unmarked.find((g) => g.name === desired.name) : undefined;
    if (same) {
      unmarked = unmarked.filter((g) => g !== same);
      return change(key, desired, same, true);
    }
    const lookalike = unmarked.find((g) => g.name === desired.name && g.status === 'active');
    return {
      kind: 'discount_group',
      key,
      action: 'create',
      fields: [],
      desired,
      ...(lookalike ? { lookalike: { id: lookalike.id, name: lookalike.name } } : {}),
    };
  });
  const orphans: Orphan[] = [...kept]
    .filter(([key, g]) => g.status === 'active' && !(key in wanted))
    .map(([key, g]) => ({ kind: 'discount_group' as const, key, id: g.id }))
    .sort((a, b) => a.key.localeCompare(b.key));
  if (options.prune) {
    for (const orphan of orphans) {
      changes.push({
        kind: 'discount_group',
        key: orphan.key,
        action: 'archive',
        id: orphan.id,
        fields: [],
        desired: null,
      });
    }
  }
  return { changes, orphans, duplicates, ambiguities };
}
