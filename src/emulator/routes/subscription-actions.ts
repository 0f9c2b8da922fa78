// POST /subscriptions/{id}/cancel, /pause, /resume and /activate, as Paddle's API reference has them
// (developer.paddle.com/api-reference/subscriptions/cancel-subscription, pause-subscription,
// resume-subscription, activate-subscription; permission subscription.write, OpenAPI
// x-permissions). What each does is decided in rules/subscription-action.ts; a step taken now is
// the clock's own (lifecycle.ts: the same record changes, the same transaction, the same webhooks),
// and a change scheduled is subscription.updated. Each answers the subscription as it now is.
import type { Reply, Route, RouteContext } from '../core.js';
import { timestamp } from '../ids.js';
import { cancel, endTrial, pause, resume, schedule, stepContext } from '../lifecycle.js';
import { decideAction, type SubscriptionAction } from '../rules/subscription-action.js';
import { findOr404, pathPattern } from './common.js';

function act(action: SubscriptionAction) {
  return (ctx: RouteContext): Reply => {
    const subscription = findOr404(ctx.account.state.subscriptions, ctx.params[0] as string, 'Subscription');
    const now = ctx.core.now();
    const outcome = decideAction(action, subscription, ctx.body, now.getTime());
    const steps = stepContext(ctx.core, ctx.account);
    const at = timestamp(now);
    if ('schedule' in outcome) schedule(steps, subscription, outcome.schedule, at);
    else if (outcome.now === 'cancel') cancel(steps, subscription, at);
    else if (outcome.now === 'pause') pause(steps, subscription, at, outcome.resumeAt);
    else if (outcome.now === 'resume') resume(steps, subscription, at, outcome.continuePeriod);
    else endTrial(steps, subscription, at);
    return { data: subscription };
  };
}

const route = (action: SubscriptionAction): Route => ({
  method: 'POST',
  pattern: pathPattern(`/subscriptions/{id}/${action}`),
  permission: 'subscription.write',
  // the SDK sends no body to activate, nor to cancel without options; Paddle's bodies are optional
  ...(action === 'activate' ? { noBody: true as const } : { optionalBody: true as const }),
  handle: act(action),
});

export const subscriptionActionRoutes: Route[] = (['cancel', 'pause', 'resume', 'activate'] as const).map(
  route,
);
