// When a move's target may first be billed: `bills_from` beside `subscribers_from` and `proration`
// (docs/rules.md, bills-from-*). A subscription moves once its next renewal is on or after the date,
// so the move may bill nothing before it: only do_not_bill does not. The *_immediately modes bill when
// apply runs; the *_next_billing_period modes add to that renewal a charge at the new price for days
// before it (https://developer.paddle.com/concepts/subscriptions/proration).
import type { ProrationBillingMode } from '../../paddle-facts/subscriptions.js';
import type { CatalogPrice } from '../schema.js';
import { error, type Finding } from './finding.js';

/** The modes a move with `bills_from` may use: those that bill nothing for the days before it. */
export const MODES_WITH_BILLS_FROM: readonly ProrationBillingMode[] = ['do_not_bill'];

/** A price's `bills_from` against its `subscribers_from` and `proration`. */
export function billsFromTerms(price: CatalogPrice): Finding[] {
  if (price.bills_from === undefined) return [];
  if (price.subscribers_from === undefined) {
    const message =
      'bills_from says when moved subscribers are first billed this price, but it names no subscribers_from; add subscribers_from or remove bills_from';
    return [error('bills-from-without-subscribers-from', ['bills_from'], message)];
  }
  const mode = price.proration ?? 'do_not_bill';
  if (MODES_WITH_BILLS_FROM.includes(mode)) return [];
  const message = `proration ${mode} bills this price before bills_from ${price.bills_from} (${mode.endsWith('_immediately') ? 'when apply runs' : 'for the days before the renewal it moves at'}); use ${MODES_WITH_BILLS_FROM.join(' or ')}, or remove bills_from`;
  return [error('bills-from-proration', ['proration'], message)];
}
