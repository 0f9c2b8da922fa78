// Notification destinations and discount groups: the rules that relate their fields to each other and
// to the rest of the catalog, as Paddle applies them on create and update (docs/rules.md has one
// section per id). Paddle refuses an event name it does not have (its `event_type_name` enum) and
// a second discount group with a name already taken, archived groups included
// (https://developer.paddle.com/errors/discounts/discount_group_name_conflict).
import { EVENT_NAMES, type NOTIFICATION_TYPES } from '../../paddle-facts/notifications.js';
import { isLoopbackText } from '../../text/loopback.js';
import type { CatalogDiscountGroup, CatalogNotification } from '../notification-schema.js';
import { didYouMean } from './did-you-mean.js';
import { error, type Finding, type RuleContext } from './finding.js';
import type { RuleId } from './ids.js';

export const NOTIFICATION_RULE = {
  description: 'notification-description',
  destination: 'notification-destination',
  local: 'notification-destination-local',
  events: 'notification-events',
  groupName: 'discount-group-name',
  groupUnknown: 'discount-group-unknown',
} as const satisfies Record<string, RuleId>;

export type NotificationFields = Partial<CatalogNotification>;
export type DiscountGroupFields = Partial<CatalogDiscountGroup>;

const KNOWN_EVENTS: ReadonlySet<string> = new Set(EVENT_NAMES);

/** Each event name is one Paddle has, once. */
export function notificationEvents(notification: NotificationFields): Finding[] {
  const seen = new Set<string>();
  const findings: Finding[] = [];
  (notification.subscribed_events ?? []).forEach((name, index) => {
    const at = ['subscribed_events', index];
    if (seen.has(name)) {
      findings.push(error(NOTIFICATION_RULE.events, at, `subscribed_events names "${name}" twice`));
    } else if (!KNOWN_EVENTS.has(name)) {
      const hint = didYouMean(name, EVENT_NAMES);
      findings.push(
        error(
          NOTIFICATION_RULE.events,
          at,
          `subscribed_events: "${name}" is not an event Paddle sends${hint}; names are entity.event, e.g. subscription.created`,
        ),
      );
    }
    seen.add(name);
  });
  return findings;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Why `destination` is not of the type's kind, or undefined when it is. */
function wrongKind(type: (typeof NOTIFICATION_TYPES)[number], destination: string): string | undefined {
  if (type === 'email') {
    return EMAIL.test(destination) ? undefined : 'is not an email address (type email)';
  }
  const url = URL.canParse(destination) ? new URL(destination) : undefined;
  if (url && (url.protocol === 'https:' || url.protocol === 'http:')) return undefined;
  return EMAIL.test(destination)
    ? 'is an email address: add type: email, or give a webhook URL'
    : 'is not an absolute http(s) URL (type url, the default)';
}

/** A URL for type url, an email address for type email; a per-environment map names at least one. */
export function notificationDestination(notification: NotificationFields): Finding[] {
  const { destination } = notification;
  if (destination === undefined) return [];
  const type = notification.type ?? 'url';
  if (typeof destination === 'string') {
    const why = wrongKind(type, destination);
    return why ? [error(NOTIFICATION_RULE.destination, ['destination'], `destination ${why}`)] : [];
  }
  const entries = Object.entries(destination).filter(([, value]) => value !== undefined);
  if (entries.length === 0) {
    return [
      error(
        NOTIFICATION_RULE.destination,
        ['destination'],
        'destination names no environment: give sandbox:, production: or both (or one URL for both)',
      ),
    ];
  }
  return entries.flatMap(([environment, value]) => {
    const why = wrongKind(type, value as string);
    return why
      ? [
          error(
            NOTIFICATION_RULE.destination,
            ['destination', environment],
            `destination.${environment} ${why}`,
          ),
        ]
      : [];
  });
}

/**
 * A webhook URL on this machine (localhost, 127.0.0.1, [::1]) is the emulator's to deliver to:
 * Paddle sends webhooks from its own servers over the internet, so a local server needs a public
 * URL in front of it (https://developer.paddle.com/webhooks/about: "expose localhost to a public
 * URL so Paddle can reach your development server"). Refused against Paddle, before anything is sent.
 */
export function notificationDestinationLocal(notification: NotificationFields, ctx: RuleContext): Finding[] {
  const { destination } = notification;
  if (ctx.target !== 'paddle' || (notification.type ?? 'url') !== 'url' || destination === undefined)
    return [];
  const mine = typeof destination === 'string' ? destination : destination[ctx.environment];
  if (mine === undefined || !isLoopbackText(mine)) return [];
  const at = typeof destination === 'string' ? ['destination'] : ['destination', ctx.environment];
  return [
    error(
      NOTIFICATION_RULE.local,
      at,
      `${at.join('.')} is on this machine, which Paddle cannot reach: only the emulator (--local, paddle-catalog emulator) delivers there; give Paddle a public https URL (a tunnel in front of your server)`,
    ),
  ];
}

/** Spaces alone describe nothing, and Paddle shows the description in its dashboard. */
export function notificationDescriptionBlank(notification: NotificationFields): Finding[] {
  if (notification.description === undefined || notification.description.trim() !== '') return [];
  return [
    error(
      NOTIFICATION_RULE.description,
      ['description'],
      'description is blank: say what the destination is for',
    ),
  ];
}

/** Paddle keeps a group's name unique in the account, archived groups included. */
export function discountGroupNames(
  groups: ReadonlyArray<{ key: string; group: DiscountGroupFields }>,
): Finding[] {
  const owners = new Map<string, string>();
  const findings: Finding[] = [];
  for (const { key, group } of groups) {
    const name = group.name;
    if (name === undefined) continue;
    if (name.trim() === '') {
      findings.push(error(NOTIFICATION_RULE.groupName, ['discount_groups', key, 'name'], 'name is blank'));
      continue;
    }
    const first = owners.get(name);
    if (first === undefined) owners.set(name, key);
    else
      findings.push(
        error(
          NOTIFICATION_RULE.groupName,
          ['discount_groups', key, 'name'],
          `discount groups ${first} and ${key} are both named "${name}"; Paddle keeps one group per name`,
        ),
      );
  }
  return findings;
}

/** A discount's `discount_group` names a key under `discount_groups`. */
export function discountGroupKnown(
  discounts: ReadonlyArray<{ key: string; group: string | undefined }>,
  groupKeys: readonly string[],
): Finding[] {
  const known = new Set(groupKeys);
  return discounts.flatMap(({ key, group }) => {
    if (group === undefined || known.has(group)) return [];
    const hint = didYouMean(group, groupKeys);
    return [
      error(
        NOTIFICATION_RULE.groupUnknown,
        ['discounts', key, 'discount_group'],
        `discount_group: "${group}" is not a key under discount_groups${hint}`,
      ),
    ];
  });
}
