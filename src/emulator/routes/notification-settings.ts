// /notification-settings (notification destinations): create, list (active, traffic_source;
// per_page up to 200, its default too), get, update, delete, as Paddle's API reference has them
// (https://developer.paddle.com/api-reference/notification-settings). A setting is kept as it goes on
// the wire: its subscribed_events as Paddle's event type objects, its endpoint_secret_key with it.
// `destinationsFor` is what a delivery of events reads.

import { invalidField } from '../api-error.js';
import { randomSecret } from '../auth.js';
import type { Reply, Route, RouteContext } from '../core.js';
import { eventType } from '../event-types.js';
import { enumFilter, listReply } from '../list.js';
import {
  checkDestination,
  checkNotDuplicate,
  checkNotificationSettingBody,
  TRAFFIC_SOURCES,
} from '../rules/notification-setting.js';
import type { AccountState } from '../state.js';
import type { WireRecord } from '../types.js';
import { findOr404, pathPattern } from './common.js';

const ENTITY = 'Notification setting';
// The emulator keeps its own copy of this Paddle fact on purpose: test/contract/paddle-facts.test.ts.
/** @internal The contract test holds its page sizes to Paddle's OpenAPI. */
export const NOTIFICATION_SETTINGS_LIST = { defaultPerPage: 200, maxPerPage: 200, orderFields: [] };

/** Names → Paddle's event type objects, each once, in the order given (names already checked). */
function subscribedEvents(names: unknown): WireRecord[] {
  return [...new Set(names as string[])].map((name) => eventType(name) as WireRecord);
}

/**
 * Paddle's secret key of a setting: `pdl_ntfset_`, the id's 26 characters, `_`, 32 letters and
 * digits (the OpenAPI's endpoint_secret_key pattern `^pdl_ntfset_[a-zA-Z0-9]{26}_[a-zA-Z0-9]{32}$`).
 */
function secretKey(id: string): string {
  return `pdl_${id}_${randomSecret(32)}`;
}

/** A setting as Paddle stores it: Paddle's defaults for every field `fields` leaves out. */
export function newNotificationSetting(id: string, fields: WireRecord): WireRecord {
  return {
    id,
    description: fields.description,
    type: fields.type,
    destination: fields.destination,
    active: true,
    api_version: fields.api_version ?? 1,
    include_sensitive_fields: fields.include_sensitive_fields ?? false,
    subscribed_events: subscribedEvents(fields.subscribed_events),
    endpoint_secret_key: secretKey(id),
    traffic_source: fields.traffic_source ?? 'platform',
  };
}

function create(ctx: RouteContext): Reply {
  checkNotificationSettingBody(ctx.body, 'create');
  const id = ctx.core.ids.next('ntfset', ctx.core.now().getTime());
  const setting = newNotificationSetting(id, ctx.body);
  checkDestination(setting);
  const settings = ctx.account.state.notification_settings;
  checkNotDuplicate(settings, setting);
  settings.insert(setting);
  return { status: 201, data: setting };
}

/** `active=true|false`: anything else is invalid_field, as a boolean query parameter. */
function activeFilter(query: URLSearchParams): boolean | undefined {
  const raw = query.get('active');
  if (raw === null || raw === '') return undefined;
  if (raw === 'true' || raw === 'false') return raw === 'true';
  throw invalidField([{ field: 'active', message: `must be a boolean. Provided: ${raw}` }]);
}

function list(ctx: RouteContext): Reply {
  const active = activeFilter(ctx.query);
  const sources = enumFilter(ctx.query, 'traffic_source', TRAFFIC_SOURCES);
  const records = ctx.account.state.notification_settings
    .all()
    .filter(
      (s) =>
        (active === undefined || s.active === active) && (!sources || sources.includes(s.traffic_source)),
    );
  return listReply(ctx, records, NOTIFICATION_SETTINGS_LIST);
}

function get(ctx: RouteContext): Reply {
  return { data: findOr404(ctx.account.state.notification_settings, ctx.params[0] as string, ENTITY) };
}

function update(ctx: RouteContext): Reply {
  const settings = ctx.account.state.notification_settings;
  const setting = findOr404(settings, ctx.params[0] as string, ENTITY);
  checkNotificationSettingBody(ctx.body, 'update');
  const { subscribed_events: names, ...rest } = ctx.body;
  const next = { ...structuredClone(setting), ...structuredClone(rest) };
  // "send the complete list of event types": the list given replaces the old one
  if (names !== undefined) next.subscribed_events = subscribedEvents(names);
  checkDestination(next);
  checkNotDuplicate(settings, next);
  Object.assign(setting, next);
  return { data: setting };
}

/** 204 and no body; the setting is gone for good (Paddle keeps no deleted settings). */
function remove(ctx: RouteContext): Reply {
  const settings = ctx.account.state.notification_settings;
  findOr404(settings, ctx.params[0] as string, ENTITY);
  settings.delete(ctx.params[0] as string);
  return { status: 204, data: undefined };
}

/**
 * The settings an event of `eventName` is delivered to: active, `url`, subscribed to it, taking
 * platform events (`traffic_source` platform or all), in the order they were made.
 */
export function destinationsFor(state: AccountState, eventName: string): WireRecord[] {
  return state.notification_settings
    .all()
    .filter(
      (s) =>
        s.active === true &&
        s.type === 'url' &&
        s.traffic_source !== 'simulation' &&
        (s.subscribed_events as { name: string }[]).some((e) => e.name === eventName),
    );
}

export const notificationSettingRoutes: Route[] = [
  {
    method: 'POST',
    pattern: pathPattern('/notification-settings'),
    permission: 'notification_setting.write',
    handle: create,
  },
  {
    method: 'GET',
    pattern: pathPattern('/notification-settings'),
    permission: 'notification_setting.read',
    handle: list,
  },
  {
    method: 'GET',
    pattern: pathPattern('/notification-settings/{id}'),
    permission: 'notification_setting.read',
    handle: get,
  },
  {
    method: 'PATCH',
    pattern: pathPattern('/notification-settings/{id}'),
    permission: 'notification_setting.write',
    handle: update,
  },
  {
    method: 'DELETE',
    pattern: pathPattern('/notification-settings/{id}'),
    permission: 'notification_setting.write',
    handle: remove,
  },
];
