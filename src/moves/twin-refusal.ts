// What apply --dedupe refuses before it writes anything: archiving a twin price that subscriptions
// still bill when they cannot all move to the kept twin first (a blocked twin move, or a
// subscription the move leaves), since Paddle keeps an archived price on the subscriptions that bill
// it (https://developer.paddle.com/api-reference/about/delete-entities) and no later plan would see them.
import { UserError } from '../errors.js';
import { type Tally, totalOf } from '../planner/counts.js';
import type { SubscriberMove } from '../planner/subscribers.js';
import type { Plan } from '../planner/types.js';
import { shown } from '../text/escape.js';
import { plural } from '../text/plural.js';
import type { LeftSubscription } from './compile.js';

/** Subscriptions on the twin as this run listed them; uncounted counts as some. */
const onTwin = (move: SubscriberMove): Tally =>
  move.subscribers === undefined ? { uncounted: true } : totalOf(move.subscribers);

const twinName = (move: SubscriberMove) => `price ${shown(move.from)} twin ${shown(move.fromId ?? '')}`;

/** Throws the refusal (exit 1, nothing written), or returns when no twin it archives keeps a subscriber. */
export function refuseStrandedTwins(plan: Plan, left: readonly LeftSubscription[]): void {
  const blocked = (plan.moves ?? []).flatMap((move) => {
    const n = onTwin(move);
    if (move.duplicateOf === undefined || move.blocked === undefined) return [];
    if (!('uncounted' in n) && n.n === 0) return [];
    const who = 'uncounted' in n ? 'subscriptions not counted' : plural(n.n, 'subscription');
    return [{ move, why: move.blocked, line: `${twinName(move)} (${who}): ${shown(move.blocked)}` }];
  });
  const stranded = left
    .filter(({ move }) => move.duplicateOf !== undefined)
    .map(({ move, subscription, reason }) => ({
      move,
      why: reason,
      subscription: subscription.id,
      line: `${twinName(move)}: subscription ${shown(subscription.id)}: ${shown(reason)}`,
    }));
  const found = [...blocked, ...stranded];
  if (found.length === 0) return;
  const twins = new Set(found.map((f) => f.move.fromId)).size;
  throw new UserError(
    `Not applying: --dedupe would archive ${plural(twins, 'twin price')} whose subscribers cannot all move to the kept twin first: ${found.map((f) => f.line).join('; ')}.`,
    'Nothing was written. Apply without --dedupe still applies the catalog; a twin stays active until its subscribers can move.',
    {
      strandedTwins: found.map(({ move, why, ...rest }) => ({
        key: move.from,
        twin: move.fromId,
        kept: move.duplicateOf,
        ...(move.subscribers ? { subscribers: move.subscribers } : {}),
        ...('subscription' in rest ? { subscription: rest.subscription } : {}),
        reason: why,
      })),
    },
  );
}
