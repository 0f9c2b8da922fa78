// Plan → request bodies (wire names) for what carries its marker in a text, not in custom_data: a
// discount group's name and a notification destination's description end with the marker
// (src/planner/text-marker.ts), so every write of that text writes the marker with it. A create sends
// only what differs from Paddle's defaults; an update only the fields the plan found different.
import { DEFAULT_TRAFFIC_SOURCE } from '../paddle-facts/notifications.js';
import { touchedFields } from '../planner/field-diff.js';
import type { Marker } from '../planner/marker.js';
import type { DiscountGroupWrite, NotificationWrite } from '../planner/remote.js';
import { markText } from '../planner/text-marker.js';
import type { DiscountGroupState, FieldChange, NotificationState } from '../planner/types.js';

/** A group's only field is its name: every write of it carries the marker. */
export const discountGroupBody = (marker: Marker, desired: DiscountGroupState): DiscountGroupWrite => ({
  name: markText(desired.name, marker),
});

/**
 * What a create sends. `active` is not among them: Paddle makes every destination active (the
 * OpenAPI's create body has it read-only), so an inactive one is created, then updated
 * (notificationActiveAfterCreate).
 */
export function notificationCreateBody(marker: Marker, desired: NotificationState): NotificationWrite {
  return {
    description: markText(desired.description, marker),
    type: desired.type,
    destination: desired.destination,
    subscribed_events: desired.subscribed_events,
    ...(desired.api_version === null ? {} : { api_version: desired.api_version }),
    ...(desired.include_sensitive_fields ? { include_sensitive_fields: true } : {}),
    ...(desired.traffic_source === DEFAULT_TRAFFIC_SOURCE ? {} : { traffic_source: desired.traffic_source }),
  };
}

/** The update a create needs after it: none, or `active: false` for a destination the catalog keeps inactive. */
export function notificationActiveAfterCreate(desired: NotificationState): NotificationWrite | undefined {
  return desired.active ? undefined : { active: false };
}

/** The fields that differ (type never: Paddle cannot update it, the plan replaces the destination). */
export function notificationUpdateBody(
  marker: Marker,
  desired: NotificationState,
  fields: FieldChange[],
  always: readonly string[] = [],
): NotificationWrite {
  const { type: _type, api_version, description, ...rest } = desired;
  const all: NotificationWrite = {
    ...rest,
    description: markText(description, marker),
    ...(api_version === null ? {} : { api_version }),
  };
  const touched = new Set([...always, ...touchedFields(fields)]);
  return Object.fromEntries(Object.entries(all).filter(([k]) => touched.has(k))) as NotificationWrite;
}

/** Adoption stamps the marker: the description is always sent, with whatever else differs. */
export const notificationAdoptBody = (marker: Marker, desired: NotificationState, fields: FieldChange[]) =>
  notificationUpdateBody(marker, desired, fields, ['description']);
