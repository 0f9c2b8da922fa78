// --dedupe and the subscribers of a twin: two applies at once can both create a price and both move
// subscriptions onto it, so the extra twin that --dedupe archives may bill some. Archiving it would
// leave them on a price the catalog no longer manages (Paddle keeps an archived price on the
// subscriptions that bill it), so each price twin becomes one more move source whose target is the
// twin kept, reviewed and guarded like any move, and archived only once its subscribers moved.
//
// The twins are one catalog price made twice: the same amount and billing cycle, so the swap bills
// nothing (`do_not_bill`: "not to bill at all", https://developer.paddle.com/concepts/subscriptions/
// proration). Where the twin bills differently, or the kept twin is not an active price that stays,
// the move is blocked and apply refuses to archive a twin that still has subscribers.
import type { ProrationBillingMode } from '../paddle-facts/subscriptions.js';
import { fieldChanges } from './field-diff.js';
import { priceState } from './normalize.js';
import type { RemotePrice } from './remote.js';
import type { SubscriberMove } from './subscribers.js';
import type { Duplicate, PriceChange, PriceState } from './types.js';

/** A twin swap keeps the amount and the cycle: nothing to prorate, nothing to bill now. */
const TWIN_PRORATION: ProrationBillingMode = 'do_not_bill';

/** What a subscription is billed by: a twin that differs in any of these is no twin to swap for. */
const BILLED_FIELDS = [
  'unit_price',
  'unit_price_overrides',
  'billing_cycle',
  'trial_period',
  'tax_mode',
  'quantity',
] as const satisfies readonly (keyof PriceState)[];

const billed = (price: RemotePrice) => {
  const state = priceState(price);
  return Object.fromEntries(BILLED_FIELDS.map((field) => [field, state[field]]));
};

/** Why the kept twin cannot take the subscribers first: it is archived now, or this plan archives it. */
function keptProblem(kept: string, change: PriceChange | undefined): string | undefined {
  if (change?.action === 'unarchive') {
    return `the kept twin ${kept} is archived: apply without --dedupe sets it active, then run apply --dedupe`;
  }
  if (change?.action === 'replace') {
    return `the kept twin ${kept} is replaced by a new price in this plan: apply without --dedupe first, then run apply --dedupe`;
  }
  if (change?.action === 'archive') {
    return `--prune archives the kept twin ${kept} too: keep the price in the catalog, or move them in Paddle`;
  }
  return undefined;
}

/** One move per extra price twin, off it onto the kept twin; blocked where that swap would not be one. */
export function twinMoves(
  duplicates: readonly Duplicate[],
  pricesById: ReadonlyMap<string, RemotePrice>,
  changes: ReadonlyMap<string, PriceChange>,
): SubscriberMove[] {
  return duplicates
    .filter((duplicate) => duplicate.kind === 'price')
    .flatMap((duplicate) =>
      duplicate.others.map((twin): SubscriberMove => {
        const move: SubscriberMove = {
          kind: 'subscribers',
          from: duplicate.key,
          to: duplicate.key,
          fromId: twin,
          toId: duplicate.kept,
          proration: TWIN_PRORATION,
          duplicateOf: duplicate.kept,
        };
        const blocked =
          keptProblem(duplicate.kept, changes.get(duplicate.key)) ??
          billedDifferently(pricesById.get(twin), pricesById.get(duplicate.kept));
        return blocked === undefined ? move : { ...move, blocked };
      }),
    );
}

function billedDifferently(twin: RemotePrice | undefined, kept: RemotePrice | undefined): string | undefined {
  if (twin === undefined || kept === undefined) return 'the twin or the kept price was not read';
  const differ = fieldChanges(billed(kept), billed(twin)).map((field) => field.path);
  if (differ.length === 0) return undefined;
  return `it bills differently from the kept twin ${kept.id} (${differ.join(', ')}): make them alike, or move its subscribers in Paddle`;
}
