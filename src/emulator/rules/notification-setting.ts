// Notification setting bodies (OpenAPI notification_setting-create / -update) and Paddle's rules for
// them: event names Paddle has, a destination of the setting's kind, no second setting with the same
// destination and configuration. Each refusal as its page under developer.paddle.com/errors/notifications.
import { ApiFailure, badRequest, domainError } from '../api-error.js';
import { EVENT_NAMES } from '../event-types.js';
import type { Collection } from '../state.js';
import type { WireRecord } from '../types.js';
import { type Body, FieldErrors } from '../validate.js';

/** @internal The contract tests hold the event types to Paddle's OpenAPI. */
export const NOTIFICATION_TYPES = ['email', 'url'] as const;
export const TRAFFIC_SOURCES = ['platform', 'simulation', 'all'] as const;
/** The versions of Paddle's API there are: an api_version must be one ("a valid version of the Paddle API"). */
const API_VERSIONS: readonly number[] = [1];

// `active` is read-only on create (the OpenAPI's notification_setting-create): a setting starts active
const CREATE_FIELDS = [
  'description',
  'type',
  'destination',
  'api_version',
  'include_sensitive_fields',
  'subscribed_events',
  'traffic_source',
] as const;
// `type` cannot be changed (it is not in notification_setting-update)
const UPDATE_FIELDS = [
  'description',
  'destination',
  'active',
  'api_version',
  'include_sensitive_fields',
  'subscribed_events',
  'traffic_source',
] as const;

function checkEvents(errors: FieldErrors, value: unknown): void {
  if (value === undefined || !errors.array('subscribed_events', value)) return;
  value.forEach((name, i) => {
    errors.oneOf(`subscribed_events[${i}]`, name, EVENT_NAMES);
  });
}

function checkApiVersion(errors: FieldErrors, value: unknown): void {
  if (value === undefined || !errors.integer('api_version', value)) return;
  if (value < 1) errors.add('api_version', `must be greater than or equal to 1. Provided: ${value}`);
  else if (!API_VERSIONS.includes(value))
    errors.add('api_version', 'must be a valid version of the Paddle API');
}

/** The body's shape: every problem at once, as Paddle's 400 bad_request. */
export function checkNotificationSettingBody(body: Body, mode: 'create' | 'update'): void {
  const errors = new FieldErrors();
  errors.onlyKnown(body, mode === 'create' ? CREATE_FIELDS : UPDATE_FIELDS);
  if (mode === 'create') errors.required(body, ['description', 'type', 'destination', 'subscribed_events']);
  errors.string('description', body.description, 1, 500);
  errors.oneOf('type', body.type, NOTIFICATION_TYPES);
  errors.string('destination', body.destination, 1, 2048);
  errors.boolean('active', body.active);
  errors.boolean('include_sensitive_fields', body.include_sensitive_fields);
  errors.oneOf('traffic_source', body.traffic_source, TRAFFIC_SOURCES);
  checkApiVersion(errors, body.api_version);
  checkEvents(errors, body.subscribed_events);
  if (errors.list.length > 0) throw badRequest(errors.list);
}

// an address with one @, something before it and a dotted domain after it, no spaces
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function isWebUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * A destination of the setting's kind: a web address for `url`
 * (https://developer.paddle.com/errors/notifications/url_notification_setting_incorrect), an e-mail
 * address for `email` (…/email_notification_setting_incorrect). Both are 400s without `errors[]`.
 */
export function checkDestination(setting: WireRecord): void {
  const destination = String(setting.destination);
  if (setting.type === 'url' && !isWebUrl(destination)) {
    throw domainError(
      'url_notification_setting_incorrect',
      'A URL Notification Setting destination must be a URL.',
      'notifications',
    );
  }
  if (setting.type === 'email' && !EMAIL.test(destination)) {
    throw domainError(
      'email_notification_setting_incorrect',
      'An email Notification Setting destination must be an email.',
      'notifications',
    );
  }
}

function configuration(setting: WireRecord): string {
  const events = (setting.subscribed_events as { name: string }[]).map((e) => e.name).sort();
  const { type, destination, api_version, include_sensitive_fields, traffic_source } = setting;
  return JSON.stringify([type, destination, api_version, include_sensitive_fields, traffic_source, events]);
}

/**
 * "Each notification setting must have a unique combination of destination and configuration"
 * (https://developer.paddle.com/errors/notifications/notification_setting_cannot_be_duplicate, a
 * 409). Paddle does not say what the configuration is; the emulator reads it as everything a setting
 * is but its description and whether it is active, so one URL may take two settings for different events.
 */
export function checkNotDuplicate(settings: Collection, setting: WireRecord): void {
  const mine = configuration(setting);
  const twin = settings.all().find((other) => other.id !== setting.id && configuration(other) === mine);
  if (!twin) return;
  throw new ApiFailure(
    409,
    'notification_setting_cannot_be_duplicate',
    'A notification setting with the same destination and configuration already exists.',
    { group: 'notifications' },
  );
}
