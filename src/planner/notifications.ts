// Notification destinations in the plan. Paddle keeps no custom_data on a notification setting, so
// one is known again by the marker at the end of its description (text-marker.ts), never by its URL:
// a changed URL is an update of the same destination, which keeps its signing secret. What Paddle
// cannot update (its type) is a replacement: a new destination with a new secret, the old one
// deleted. One the catalog no longer names is deleted only with --prune; one made in the dashboard
// is left alone unless --adopt takes over the one with the same type and destination.
import type { CatalogNotification } from '../catalog/schema.js';
import type { EnvironmentName } from '../paddle-facts/environments.js';
import { DEFAULT_NOTIFICATION_TYPE, DEFAULT_TRAFFIC_SOURCE } from '../paddle-facts/notifications.js';
import { fieldChanges } from './field-diff.js';
import type { RemoteNotification } from './remote.js';
import { indexByText } from './text-identity.js';
import { readTextMarker } from './text-marker.js';
import type {
  Ambiguity,
  DiffOptions,
  Duplicate,
  NotificationChange,
  NotificationState,
  Orphan,
} from './types.js';

/** The destination an environment has, or undefined when the catalog gives it none. */
function destinationIn(wanted: CatalogNotification, environment: EnvironmentName): string | undefined {
  const { destination } = wanted;
  return typeof destination === 'string' ? destination : destination[environment];
}

/** The catalog's notification in one environment, Paddle's defaults spelled out; none without a destination. */
function notificationState(
  wanted: CatalogNotification,
  environment: EnvironmentName,
): NotificationState | undefined {
  const destination = destinationIn(wanted, environment);
  if (destination === undefined) return undefined;
  return {
    description: wanted.description,
    type: wanted.type ?? DEFAULT_NOTIFICATION_TYPE,
    destination,
    subscribed_events: [...wanted.subscribed_events].sort(),
    api_version: wanted.api_version ?? null,
    include_sensitive_fields: wanted.include_sensitive_fields ?? false,
    traffic_source: wanted.traffic_source ?? DEFAULT_TRAFFIC_SOURCE,
    active: wanted.active ?? true,
  };
}

/**
 * An account's destination in the catalog's terms: the description without the marker, the events
 * sorted; where the catalog leaves the API version to the account (null), the remote one is not compared.
 */
function remoteNotificationState(remote: RemoteNotification, wanted?: NotificationState): NotificationState {
  return {
    description: readTextMarker(remote.description).text,
    type: remote.type,
    destination: remote.destination,
    subscribed_events: [...remote.subscribed_events].sort(),
    api_version: wanted && wanted.api_version === null ? null : remote.api_version,
    include_sensitive_fields: remote.include_sensitive_fields,
    traffic_source: remote.traffic_source,
    active: remote.active,
  };
}

export interface NotificationPlan {
  changes: NotificationChange[];
  orphans: Orphan[];
  duplicates: Duplicate[];
  ambiguities: Ambiguity[];
}

function inPlace(
  key: string,
  desired: NotificationState,
  remote: RemoteNotification,
  adopt: boolean,
): NotificationChange {
  const base = { kind: 'notification' as const, key, id: remote.id, desired };
  if (remote.type !== desired.type) {
    const reason = `type ${remote.type} → ${desired.type} cannot be changed in place`;
    return { ...base, action: 'replace', fields: [], reason };
  }
  const fields = fieldChanges(remoteNotificationState(remote, desired), desired);
  if (adopt) return { ...base, action: 'adopt', fields };
  return { ...base, action: fields.length > 0 ? 'update' : 'unchanged', fields };
}

/** With --adopt: the one unmarked destination of the same type and destination; a tie adopts nothing. */
function adoptable(
  key: string,
  desired: NotificationState,
  unmarked: readonly RemoteNotification[],
): { remote?: RemoteNotification; ambiguity?: Ambiguity } {
  const same = unmarked.filter((n) => n.type === desired.type && n.destination === desired.destination);
  if (same.length <= 1) return same[0] ? { remote: same[0] } : {};
  const candidates = same.map((n) => n.id).sort();
  const reason = `${same.length} unmarked notification destinations deliver to this ${desired.type}`;
  return { ambiguity: { kind: 'notification', key, candidates, reason } };
}

export function planNotifications(
  wanted: Readonly<Record<string, CatalogNotification>>,
  remote: readonly RemoteNotification[],
  scope: string,
  environment: EnvironmentName,
  options: DiffOptions,
): NotificationPlan {
  const { kept, duplicates } = indexByText('notification', scope, remote, (n) => n.description);
  let unmarked = remote.filter((n) => readTextMarker(n.description).marker === undefined);
  const ambiguities: Ambiguity[] = [];
  const changes: NotificationChange[] = [];
  const present = new Set<string>();
  for (const [key, notification] of Object.entries(wanted)) {
    const desired = notificationState(notification, environment);
    if (!desired) continue;
    present.add(key);
    const managed = kept.get(key);
    if (managed) {
      changes.push(inPlace(key, desired, managed, false));
      continue;
    }
    const adoption = options.adopt ? adoptable(key, desired, unmarked) : {};
    if (adoption.ambiguity) ambiguities.push(adoption.ambiguity);
    const adopted = adoption.remote;
    if (adopted) {
      unmarked = unmarked.filter((n) => n !== adopted);
      changes.push(inPlace(key, desired, adopted, true));
      continue;
    }
    const lookalike = unmarked.find((n) => n.type === desired.type && n.destination === desired.destination);
    changes.push({
      kind: 'notification',
      key,
      action: 'create',
      fields: [],
      desired,
      ...(lookalike ? { lookalike: { id: lookalike.id, description: lookalike.description } } : {}),
      ...(adoption.ambiguity
        ? {
            reason: `not adopted: ${adoption.ambiguity.reason} (${adoption.ambiguity.candidates.join(', ')})`,
          }
        : {}),
    });
  }
  const orphans: Orphan[] = [...kept]
    .filter(([key]) => !present.has(key))
    .map(([key, n]) => ({ kind: 'notification' as const, key, id: n.id }))
    .sort((a, b) => a.key.localeCompare(b.key));
  if (options.prune) {
    for (const orphan of orphans) {
      changes.push({
        kind: 'notification',
        key: orphan.key,
        action: 'delete',
        id: orphan.id,
        fields: [],
        desired: null,
      });
    }
  }
  return { changes, orphans, duplicates, ambiguities };
}
