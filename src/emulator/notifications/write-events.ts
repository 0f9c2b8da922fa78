// The events an API write makes, route by route, as Paddle names them: creating an entity is its
// `<entity>.created`, updating one its `<entity>.updated`, with the entity as answered for `data`
// (each event's page under https://developer.paddle.com/webhooks: "Occurs when a product is
// created", "… is updated"; discount groups since https://developer.paddle.com/changelog/2025/discount-groups).
// A subscription updated through the API (its items, custom_data, a scheduled change removed) is
// subscription.updated, "item or price changes, scheduled changes being created or removed"
// (https://developer.paddle.com/webhooks/subscriptions/subscription-updated). A cancel, pause,
// resume or activation (POST /subscriptions/{id}/cancel, …) is no row here: what it sends depends
// on what it did (a change scheduled is subscription.updated, one taken now the clock's events for
// that step, subscription.canceled, .paused, .resumed or .activated among them), so it goes out as
// the step it takes (routes/subscription-actions.ts, step-notifications.ts). The emulator has no
// route that makes or changes a transaction (docs/emulator.md: not modelled). Previews,
// notification settings and replays change no entity Paddle has an event for, and make none;
// neither does a refused write.

import { pathPattern } from '../routes/common.js';
import type { WireRecord } from '../types.js';

/**
 * Each write route that makes an event: method, path and the event's type.
 * @internal The webhook-payloads test covers every event type the writes send.
 */
// biome-ignore format: one route a line reads as the table it is
export const WRITE_EVENTS: readonly [method: string, path: string, type: string][] = [
  ['POST', '/products', 'product.created'],
  ['PATCH', '/products/{id}', 'product.updated'],
  ['POST', '/prices', 'price.created'],
  ['PATCH', '/prices/{id}', 'price.updated'],
  ['POST', '/discounts', 'discount.created'],
  ['PATCH', '/discounts/{id}', 'discount.updated'],
  ['POST', '/discount-groups', 'discount_group.created'],
  ['PATCH', '/discount-groups/{id}', 'discount_group.updated'],
  ['POST', '/customers', 'customer.created'],
  ['PATCH', '/customers/{id}', 'customer.updated'],
  ['PATCH', '/subscriptions/{id}', 'subscription.updated'],
];

const ROUTES = WRITE_EVENTS.map(([method, path, type]) => ({ method, pattern: pathPattern(path), type }));

export interface WriteEvent {
  type: string;
  data: WireRecord;
}

/** The event of a write that succeeded with `data`, if its route makes one. */
export function eventOfWrite(
  method: string,
  path: string,
  status: number,
  data: unknown,
): WriteEvent | undefined {
  if (status >= 300 || typeof data !== 'object' || data === null) return;
  const route = ROUTES.find((r) => r.method === method && r.pattern.test(path));
  return route && { type: route.type, data: data as WireRecord };
}
