// /notifications: list (notification_setting_id, status, filter, from, to, search; per_page up to
// 200), get, its logs, and replay, as Paddle's API reference has them
// (https://developer.paddle.com/api-reference/notifications). Paddle makes the notifications, never a
// caller: the emulator's come from its account's events (notifications/outbox.ts).
import { ApiFailure } from '../api-error.js';
import type { Reply, Route, RouteContext } from '../core.js';
import { CATALOG_LIST, enumFilter, idFilter, listReply } from '../list.js';
import { type KeptNotification, payloadText, served } from '../notifications/kept.js';
import { findOr404, pathPattern } from './common.js';

const ENTITY = 'Notification';
const STATUSES = ['delivered', 'failed', 'needs_retry', 'not_attempted'] as const;

/**
 * `filter`: a transaction, customer or subscription id the event's entity is or names. Its JSON text
 * is parsed only when it holds the id at all.
 */
function names(kept: KeptNotification, id: string): boolean {
  if (!kept.event.data.includes(JSON.stringify(id))) return false;
  const data = JSON.parse(kept.event.data);
  return data.id === id || data.customer_id === id || data.subscription_id === id;
}

function inRange(at: string, from: string | null, to: string | null): boolean {
  const ms = Date.parse(at);
  return (!from || ms >= Date.parse(from)) && (!to || ms <= Date.parse(to));
}

function list(ctx: RouteContext): Reply {
  const settings = idFilter(ctx.query, 'notification_setting_id', 'ntfset');
  const statuses = enumFilter(ctx.query, 'status', STATUSES);
  const filter = ctx.query.get('filter') || undefined;
  const search = ctx.query.get('search') || undefined;
  const kept = ctx.account.state.notifications;
  const records = kept
    .all()
    .filter(
      (n) =>
        (!settings || settings.includes(n.record.notification_setting_id)) &&
        (!statuses || statuses.includes(n.record.status)) &&
        (!filter || names(n, filter)) &&
        (!search || payloadText(n).includes(search)) &&
        inRange(n.record.occurred_at, ctx.query.get('from'), ctx.query.get('to')),
    )
    .map((n) => n.record);
  // only the page's payloads are parsed
  return listReply(ctx, records, CATALOG_LIST, (page) =>
    page.map((record) => served(kept.get(record.id) as KeptNotification)),
  );
}

function get(ctx: RouteContext): Reply {
  return { data: served(findOr404(ctx.account.state.notifications, ctx.params[0] as string, ENTITY)) };
}

function logs(ctx: RouteContext): Reply {
  const notification = findOr404(ctx.account.state.notifications, ctx.params[0] as string, ENTITY);
  // kept newest first; a list takes them ascending by id
  return listReply(ctx, notification.logs.toReversed(), CATALOG_LIST);
}

/**
 * A new notification of the same event (origin `replay`), 202 with its id. Only a `delivered` or
 * `failed` one with origin `event` (https://developer.paddle.com/errors/notifications/notification_cannot_replay,
 * …/notification_replay_invalid_origin_type).
 */
function replay(ctx: RouteContext): Reply {
  const notification = findOr404(ctx.account.state.notifications, ctx.params[0] as string, ENTITY);
  if (notification.record.origin !== 'event') {
    throw new ApiFailure(
      400,
      'notification_replay_invalid_origin_type',
      'Only notifications with the origin `event` can be replayed.',
      { group: 'notifications' },
    );
  }
  const { id, status } = notification.record;
  if (status !== 'delivered' && status !== 'failed') {
    throw new ApiFailure(
      400,
      'notification_cannot_replay',
      `Notification ${id} cannot be replayed because it's not \`delivered\` or \`failed\`.`,
      { group: 'notifications' },
    );
  }
  const replayed = ctx.core.notifier.replay(ctx.account, notification);
  return { status: 202, data: { notification_id: replayed.record.id } };
}

export const notificationRoutes: Route[] = [
  { method: 'GET', pattern: pathPattern('/notifications'), permission: 'notification.read', handle: list },
  {
    method: 'GET',
    pattern: pathPattern('/notifications/{id}'),
    permission: 'notification.read',
    handle: get,
  },
  {
    method: 'GET',
    pattern: pathPattern('/notifications/{id}/logs'),
    permission: 'notification.read',
    handle: logs,
  },
  {
    method: 'POST',
    pattern: pathPattern('/notifications/{id}/replay'),
    permission: 'notification.write',
    noBody: true,
    handle: replay,
  },
];
