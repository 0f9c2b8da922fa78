// GET /event-types: every event type Paddle sends, not paginated
// (https://developer.paddle.com/api-reference/event-types/list-event-types). Any valid key may list
// them: the OpenAPI gives the operation no permission (`x-permissions: []`).
import type { Reply, Route } from '../core.js';
import { eventTypes } from '../event-types.js';
import { pathPattern } from './common.js';

function list(): Reply {
  return { data: eventTypes() };
}

export const eventTypeRoutes: Route[] = [
  { method: 'GET', pattern: pathPattern('/event-types'), permission: '', handle: list },
];
