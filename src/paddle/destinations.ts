// Notification settings and discount groups, read and written with direct API calls (the SDK 3.10's
// notification settings list reads one page only, and its classes carry the signing secret into
// every answer). Nothing here returns a signing secret: each answer is checked for shape and mapped
// field by field into our own types, which have none; `notificationSecrets` alone reads them, for
// apply --secrets-out.
import { MAX_PAGE_SIZE } from '../paddle-facts/api.js';
import { ENDPOINT_SECRET_PATTERN } from '../paddle-facts/notifications.js';
import type {
  DiscountGroupWrite,
  NotificationWrite,
  RemoteDiscountGroup,
  RemoteNotification,
} from '../planner/remote.js';
import { checkAnswer, checkList, discountGroupAnswer, notificationAnswer } from './answer-shape.js';
import { rawApi } from './raw-api.js';
import type { Target } from './target.js';

type Wire = Record<string, unknown>;

export const NOTIFICATIONS_LIST = `/notification-settings?per_page=${MAX_PAGE_SIZE}`;
// Paddle's list of discount groups takes no status filter (its parameters are id, after, per_page and
// order_by: https://developer.paddle.com/api-reference/discount-groups/list-discount-groups) and
// documents no status it leaves out, so none is sent (the emulator lists archived ones too).
export const DISCOUNT_GROUPS_LIST = `/discount-groups?per_page=${MAX_PAGE_SIZE}`;

/** Every field but the signing secret. */
function notificationFromWire(json: Wire): RemoteNotification {
  const events = Array.isArray(json.subscribed_events) ? (json.subscribed_events as Wire[]) : [];
  return {
    id: String(json.id),
    description: String(json.description),
    type: String(json.type),
    destination: String(json.destination),
    active: json.active === true,
    api_version: Number(json.api_version),
    include_sensitive_fields: json.include_sensitive_fields === true,
    traffic_source: String(json.traffic_source),
    subscribed_events: events.map((e) => String(e.name)),
  };
}

const discountGroupFromWire = (json: Wire): RemoteDiscountGroup => ({
  id: String(json.id),
  name: String(json.name),
  status: json.status === 'archived' ? 'archived' : 'active',
});

export const notificationList = (page: unknown[], operation: string) =>
  checkList(notificationAnswer, page, 'a notification settings list', operation).map((n) =>
    notificationFromWire(n as Wire),
  );

export const discountGroupList = (page: unknown[], operation: string) =>
  checkList(discountGroupAnswer, page, 'a discount groups list', operation).map((g) =>
    discountGroupFromWire(g as Wire),
  );

/** The id → signing secret of each notification setting on one page; a secret of another shape is refused. */
export function secretsOf(page: unknown[], operation: string): Map<string, string> {
  const checked = checkList(notificationAnswer, page, 'a notification settings list', operation);
  const secrets = new Map<string, string>();
  for (const item of checked as Wire[]) {
    const secret = item.endpoint_secret_key;
    if (typeof secret === 'string' && ENDPOINT_SECRET_PATTERN.test(secret))
      secrets.set(String(item.id), secret);
  }
  return secrets;
}

export interface DestinationWrites {
  createNotification(operation: string, body: NotificationWrite): Promise<RemoteNotification>;
  updateNotification(operation: string, id: string, patch: NotificationWrite): Promise<RemoteNotification>;
  deleteNotification(operation: string, id: string): Promise<void>;
  createDiscountGroup(operation: string, body: DiscountGroupWrite): Promise<RemoteDiscountGroup>;
  updateDiscountGroup(operation: string, id: string, patch: DiscountGroupWrite): Promise<RemoteDiscountGroup>;
}

export function destinationWrites(target: Target, timeoutMs?: number): DestinationWrites {
  const call = async (method: 'POST' | 'PATCH' | 'DELETE', path: string, body: unknown, operation: string) =>
    rawApi(target, { method, path, body, operation, timeoutMs });
  const notification = (answer: unknown, operation: string) =>
    notificationFromWire(
      checkAnswer(notificationAnswer, answer, 'a notification setting', operation) as Wire,
    );
  const group = (answer: unknown, operation: string) =>
    discountGroupFromWire(checkAnswer(discountGroupAnswer, answer, 'a discount group', operation) as Wire);
  return {
    createNotification: async (operation, body) =>
      notification(await call('POST', '/notification-settings', body, operation), operation),
    updateNotification: async (operation, id, patch) =>
      notification(await call('PATCH', `/notification-settings/${id}`, patch, operation), operation),
    deleteNotification: async (operation, id) => {
      await call('DELETE', `/notification-settings/${id}`, undefined, operation);
    },
    createDiscountGroup: async (operation, body) =>
      group(await call('POST', '/discount-groups', body, operation), operation),
    updateDiscountGroup: async (operation, id, patch) =>
      group(await call('PATCH', `/discount-groups/${id}`, patch, operation), operation),
  };
}
