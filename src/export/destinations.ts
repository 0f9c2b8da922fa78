// Notification destinations and discount groups of an account as catalog sections (`export`). Paddle
// keeps no custom_data on either, so the tool's key is the marker at the end of a description or a
// name (src/planner/text-marker.ts): only those this catalog marked are exported, the marker stripped, so
// the file plans to no changes. A destination is written for the one environment export read.
import type { CatalogDiscountGroup, CatalogNotification } from '../catalog/schema.js';
import type { EnvironmentName } from '../paddle-facts/environments.js';
import { DEFAULT_NOTIFICATION_TYPE, DEFAULT_TRAFFIC_SOURCE } from '../paddle-facts/notifications.js';
import type { RemoteDiscountGroup, RemoteNotification } from '../planner/remote.js';
import { indexByText } from '../planner/text-identity.js';
import { readTextMarker } from '../planner/text-marker.js';
import type { Duplicate } from '../planner/types.js';

/**
 * The objects `scope` marked, by key, the marker stripped: the one the planner keeps of a key
 * (text-identity.ts), so the file plans against the same object; each other one is named in `warnings`.
 */
function marked<T extends { id: string; status?: string; active?: boolean }>(
  objects: readonly T[],
  text: (object: T) => string,
  scope: string,
  kind: Duplicate['kind'],
  warnings: string[],
): Map<string, { object: T; text: string }> {
  const { kept, duplicates } = indexByText(kind, scope, objects, text);
  for (const { key, kept: id, others } of duplicates)
    for (const other of others)
      warnings.push(`${kind.replace('_', ' ')} ${other} carries the key ${key} of ${id} too: not exported`);
  // by key, so the file is the same whatever order the account lists them in
  const byKey = [...kept].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return new Map(byKey.map(([key, object]) => [key, { object, text: readTextMarker(text(object)).text }]));
}

/** This catalog's discount groups (archived ones only with `includeArchived`) and each one's key by id. */
export function exportDiscountGroups(
  groups: readonly RemoteDiscountGroup[],
  options: { scope: string; includeArchived?: boolean; warnings: string[] },
): { groups?: Record<string, CatalogDiscountGroup>; keyOfId: Map<string, string> } {
  const shown = groups.filter((g) => options.includeArchived || g.status !== 'archived');
  const byKey = marked(shown, (g) => g.name, options.scope, 'discount_group', options.warnings);
  const keyOfId = new Map([...byKey].map(([key, { object }]) => [object.id, key]));
  if (byKey.size === 0) return { keyOfId };
  return { groups: Object.fromEntries([...byKey].map(([key, { text }]) => [key, { name: text }])), keyOfId };
}

/** This catalog's notification destinations, Paddle's defaults left out, the destination for `environment`. */
export function exportNotifications(
  notifications: readonly RemoteNotification[],
  options: { scope: string; environment: EnvironmentName; warnings: string[] },
): Record<string, CatalogNotification> | undefined {
  const byKey = marked(notifications, (n) => n.description, options.scope, 'notification', options.warnings);
  if (byKey.size === 0) return undefined;
  const exported = [...byKey].map(([key, { object: n, text }]): [string, CatalogNotification] => {
    const notification: CatalogNotification = {
      description: text,
      ...(n.type !== DEFAULT_NOTIFICATION_TYPE ? { type: n.type as CatalogNotification['type'] } : {}),
      destination: { [options.environment]: n.destination },
      subscribed_events: [...n.subscribed_events],
      api_version: n.api_version,
    };
    if (n.include_sensitive_fields) notification.include_sensitive_fields = true;
    if (n.traffic_source !== DEFAULT_TRAFFIC_SOURCE)
      notification.traffic_source = n.traffic_source as CatalogNotification['traffic_source'];
    if (!n.active) notification.active = false;
    return [key, notification];
  });
  return Object.fromEntries(exported);
}
