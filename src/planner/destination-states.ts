// What the plan compares of a notification destination and a discount group: the catalog's side,
// normalised (src/planner/notifications.ts, discount-groups.ts), and the account's read the same way.

/** A notification destination, normalised: Paddle's defaults spelled out, its events sorted. */
export interface NotificationState {
  /** as the catalog writes it: the marker is added on the wire (text-marker.ts) */
  description: string;
  type: string;
  destination: string;
  subscribed_events: string[];
  /** null: the account's default (not compared) */
  api_version: number | null;
  include_sensitive_fields: boolean;
  traffic_source: string;
  active: boolean;
}

/** A discount group: its name as the catalog writes it (the marker is added on the wire). */
export interface DiscountGroupState {
  name: string;
}
