// GET /currencies: public, no key. Not a real Paddle endpoint: the read side can use it when a
// proxy or this emulator offers it, and falls back to a fixed table otherwise.
import type { Reply, Route, RouteContext } from '../core.js';
import { pathPattern } from './common.js';

function list(ctx: RouteContext): Reply {
  return {
    data: [...ctx.account.settings.currencies].map(([code, decimal_places]) => ({ code, decimal_places })),
  };
}

export const currencyRoutes: Route[] = [
  { method: 'GET', pattern: pathPattern('/currencies'), permission: null, handle: list },
];
