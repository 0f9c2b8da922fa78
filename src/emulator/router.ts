// Which route answers a method and path: 404 invalid_url for an unknown path, 405 with Allow
// for a known path and another method (as Paddle does).
import { ApiFailure } from './api-error.js';
import type { Route } from './core.js';
import { addressRoutes } from './routes/addresses.js';
import { currencyRoutes } from './routes/currencies.js';
import { customerRoutes } from './routes/customers.js';
import { discountGroupRoutes } from './routes/discount-groups.js';
import { discountRoutes } from './routes/discounts.js';
import { eventTypeRoutes } from './routes/event-types.js';
import { invoiceRoutes } from './routes/invoice.js';
import { notificationSettingRoutes } from './routes/notification-settings.js';
import { notificationRoutes } from './routes/notifications.js';
import { previewRoutes } from './routes/previews.js';
import { priceRoutes } from './routes/prices.js';
import { productRoutes } from './routes/products.js';
import { subscriptionActionRoutes } from './routes/subscription-actions.js';
import { subscriptionRoutes } from './routes/subscriptions.js';
import { transactionRoutes } from './routes/transactions.js';

const ROUTES: Route[] = [
  ...productRoutes,
  ...priceRoutes,
  ...discountRoutes,
  ...discountGroupRoutes,
  ...notificationSettingRoutes,
  ...notificationRoutes,
  ...eventTypeRoutes,
  ...customerRoutes,
  ...addressRoutes,
  ...transactionRoutes,
  ...subscriptionRoutes,
  ...subscriptionActionRoutes,
  ...previewRoutes,
  ...invoiceRoutes,
  ...currencyRoutes,
];

export interface Match {
  route: Route;
  params: string[];
}

/**
 * A path parameter as sent, %-decoded. One that is not valid %-encoding (`%ZZ`) is 400 bad_request:
 * "You used a path parameter that isn't valid" (https://developer.paddle.com/errors/shared/bad_request).
 */
function pathParameter(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new ApiFailure(400, 'bad_request', 'Invalid request.');
  }
}

export function matchRoute(method: string, path: string): Match {
  const allowed: string[] = [];
  for (const route of ROUTES) {
    const match = route.pattern.exec(path);
    if (!match) continue;
    if (route.method === method) return { route, params: match.slice(1).map(pathParameter) };
    allowed.push(route.method);
  }
  if (allowed.length === 0) throw new ApiFailure(404, 'invalid_url', 'URL called is invalid.');
  const failure = new ApiFailure(
    405,
    'method_not_allowed',
    "HTTP method used isn't allowed for this endpoint.",
  );
  failure.headers.allow = allowed.join(', ');
  throw failure;
}
