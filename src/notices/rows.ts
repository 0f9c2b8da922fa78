// The customers to tell of a price rise: one row per subscription a move touches, with the unit
// amount it pays now and after (from the catalog), what a run does with it and why, its next renewal
// and the day the new price first bills it (pure: the subscriptions and customers are read by
// notices.ts). A subscription whose scheduled cancel comes before the new price would bill it is
// not told of a price it never pays: it gets no row, and the count of those left out says so.
import type { Catalog, CatalogPrice } from '../catalog/schema.js';
import { cancelsFirst, firstBillOf } from '../moves/first-bill.js';
import { movableMoves, predictTaken, takenTerms } from '../moves/one-date.js';
import type { SubscriberMove, SubscriptionRecord } from '../planner/subscribers.js';
import { WILL_NOT_MOVE } from '../planner/verdicts.js';
import { unitAmountIn } from './amounts.js';

/** The columns of the notices file, in order: its CSV header and its JSON rows' fields. */
export const NOTICE_COLUMNS = [
  'subscription_id',
  'customer_id',
  'email',
  'currency_code',
  'quantity',
  'from',
  'to',
  'verdict',
  'reason',
  'unit_amount_now',
  'unit_amount_now_formatted',
  'unit_amount_after',
  'unit_amount_after_formatted',
  'next_billed_at',
  'new_price_first_bills',
] as const;

/** One row: strings as the catalog and Paddle give them (amounts in minor units), quantity a number; null is unknown. */
export type Notice = Record<Exclude<(typeof NOTICE_COLUMNS)[number], 'quantity'>, string | null> & {
  quantity: number | null;
};

/** A catalog price by its `product/price` key. */
function priceOf(catalog: Catalog, key: string): CatalogPrice | undefined {
  const slash = key.indexOf('/');
  return catalog.products[key.slice(0, slash)]?.prices?.[key.slice(slash + 1)];
}

/** The moves whose subscriptions were listed: those a run can send (a source in the account, not blocked). */
export const noticedMoves = movableMoves;

/** What a row is made from beside its move and subscription: the catalog, the e-mails, the clock, every move. */
interface NoticeContext {
  catalog: Catalog;
  emails: ReadonlyMap<string, string>;
  now: number;
  moves: readonly SubscriberMove[];
}

function noticeOf(move: SubscriberMove, subscription: SubscriptionRecord, context: NoticeContext): Notice {
  // one date per subscription: every move that takes it decides when it moves and first bills
  const { terms } = takenTerms(move, subscription, context.moves);
  const prediction = predictTaken(move, subscription, context.moves, context.now);
  const currency = subscription.currency_code;
  const before = unitAmountIn(priceOf(context.catalog, move.from), currency);
  const after = unitAmountIn(priceOf(context.catalog, move.to), currency);
  const item = subscription.items.find((i) => i.price_id === move.fromId);
  const customer = subscription.customer_id ?? null;
  return {
    subscription_id: subscription.id,
    customer_id: customer,
    email: (customer && context.emails.get(customer)) ?? null,
    currency_code: currency,
    quantity: item?.quantity ?? null,
    from: move.from,
    to: move.to,
    verdict: prediction.verdict,
    reason: prediction.reason ?? null,
    unit_amount_now: before.minor,
    unit_amount_now_formatted: before.formatted,
    unit_amount_after: after.minor,
    unit_amount_after_formatted: after.formatted,
    next_billed_at: subscription.next_billed_at,
    new_price_first_bills:
      prediction.verdict === WILL_NOT_MOVE ? `not with ${terms.proration}` : firstBillOf(terms, subscription),
  };
}

/** The rows, and the subscriptions a move touches that get none: a cancel comes first. */
export interface Notices {
  rows: Notice[];
  /** subscriptions left out: a cancel scheduled before the new price would bill them */
  cancelsFirst: number;
}

/** One row per move and subscription on its source (each once), in the moves' order. */
export function noticesOf(
  moves: readonly SubscriberMove[],
  listed: readonly SubscriptionRecord[],
  context: { catalog: Catalog; emails: ReadonlyMap<string, string>; now: number },
): Notices {
  const unique = [...new Map(listed.map((s) => [s.id, s])).values()];
  const left = new Set<string>();
  const rows = noticedMoves(moves).flatMap((move) =>
    unique
      .filter((s) => s.items.some((item) => item.price_id === move.fromId))
      .flatMap((s) => {
        if (!cancelsFirst(takenTerms(move, s, moves).terms, s))
          return [noticeOf(move, s, { ...context, moves })];
        left.add(s.id);
        return [];
      }),
  );
  return { rows, cancelsFirst: left.size };
}
