// Notification settings (webhook and email destinations) and discount groups of the catalog file:
// their fields and single-field limits. A notification's description and a group's name are the only
// free text Paddle keeps on them (neither has custom_data), so the tool's marker is a suffix there
// (src/planner/text-marker.ts), and each leaves room for it. Relations between fields (the destination's
// kind by type, the event names, a discount's group) are rules in rules/notifications.ts.
import { z } from 'zod';
import {
  DISCOUNT_GROUP_NAME_MAX,
  NOTIFICATION_DESCRIPTION_MAX,
  NOTIFICATION_DESTINATION_MAX,
  NOTIFICATION_TYPES,
  TRAFFIC_SOURCES,
} from '../paddle-facts/notifications.js';
import { TEXT_MARKER_MAX, text } from './schema-fields.js';

/**
 * What a description or a group's name may hold in the catalog: Paddle's limit less the marker's room.
 * @internal The text-marker test writes a text of exactly this length with the longest marker.
 */
export const NOTIFICATION_DESCRIPTION_CATALOG_MAX = NOTIFICATION_DESCRIPTION_MAX - TEXT_MARKER_MAX;
/** @internal The text-marker test writes a text of exactly this length with the longest marker. */
export const DISCOUNT_GROUP_NAME_CATALOG_MAX = DISCOUNT_GROUP_NAME_MAX - TEXT_MARKER_MAX;

const destinationText = text('destination', 1, NOTIFICATION_DESTINATION_MAX);

const destinationSchema = z
  .union([
    destinationText,
    z.strictObject({
      sandbox: destinationText.optional().describe('Where the sandbox account delivers.'),
      production: destinationText.optional().describe('Where the live account delivers.'),
    }),
  ])
  .meta({
    id: 'Destination',
    description:
      'A URL (type url) or an email address (type email): one for both environments, or one per environment (an environment without one has no such destination).',
  });

export const notificationSchema = z
  .strictObject({
    description: text('notification description', 1, NOTIFICATION_DESCRIPTION_CATALOG_MAX).describe(
      `Shown in the Paddle dashboard, followed by the tool's marker. 1–${NOTIFICATION_DESCRIPTION_CATALOG_MAX} characters.`,
    ),
    type: z
      .enum(NOTIFICATION_TYPES)
      .optional()
      .describe(
        'url: a webhook endpoint; email: an email address. Default url. Changing it replaces the destination (a new signing secret).',
      ),
    destination: destinationSchema,
    subscribed_events: z
      .array(z.string())
      .min(1, { error: 'subscribed_events needs at least one event name' })
      .describe('The event names Paddle delivers here, e.g. subscription.created.'),
    api_version: z
      .int({ error: 'api_version must be a whole number' })
      .min(1, { error: 'api_version must be at least 1' })
      .optional()
      .describe("The API version of the events' objects. Absent: the account's default."),
    include_sensitive_fields: z
      .boolean()
      .optional()
      .describe('Send fields Paddle marks sensitive (customer details). Default false.'),
    traffic_source: z
      .enum(TRAFFIC_SOURCES)
      .optional()
      .describe('platform: real events; simulation: simulated ones; all: both. Default platform.'),
    active: z.boolean().optional().describe('Paddle delivers to it. Default true.'),
  })
  .meta({
    id: 'Notification',
    description: 'A notification destination (webhook or email). The map key is its stable identity.',
  });

export const discountGroupSchema = z
  .strictObject({
    name: text('discount group name', 1, DISCOUNT_GROUP_NAME_CATALOG_MAX).describe(
      `Internal; customers never see it. Unique in the account. 1–${DISCOUNT_GROUP_NAME_CATALOG_MAX} characters.`,
    ),
  })
  .meta({ id: 'DiscountGroup', description: 'A group of discounts. The map key is its stable identity.' });

export type CatalogNotification = z.infer<typeof notificationSchema>;
export type CatalogDiscountGroup = z.infer<typeof discountGroupSchema>;
