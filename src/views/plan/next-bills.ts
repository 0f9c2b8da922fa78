// Under a subscriber move: what one subscription per currency is billed after it, as Paddle previews
// the change (PATCH /subscriptions/{id}/preview), beside its next bill as it stands. Every value from
// Paddle is escaped; the amounts are grand totals ("after credits but before any payments").
import type { BillTotals } from '../../paddle/subscription-previews-gateway.js';
import type { SubscriberMove } from '../../planner/subscribers.js';
import { WAITS } from '../../planner/verdicts.js';
import type { NextBill, NextBills } from '../../review/types.js';
import type { Style } from '../../terminal/style.js';
import { shown } from '../../text/escape.js';
import { money } from './review-lines.js';

const grand = (totals: BillTotals) => money(totals.grand_total, totals.currency_code);

/** `€30.94 (tax €4.94)`: with tax, as the countries' figures are */
const taxed = (totals: BillTotals) =>
  `${grand(totals)} (${totals.tax === '0' ? 'no tax' : `tax ${money(totals.tax, totals.currency_code)}`})`;

/** `1 × pro/monthly-2027, 2 × pri_… (not in the catalog)`: what a sample holds after the move. */
function holds(bill: NextBill): string {
  const name = (item: NonNullable<NextBill['items']>[number]) =>
    item.key !== null ? shown(item.key) : `${shown(item.price_id ?? '')} (not in the catalog)`;
  return (bill.items ?? []).map((item) => `${item.quantity} × ${name(item)}`).join(', ');
}

/** A sample whose bill is not one unit of the target: its total is not comparable to the countries'. */
const wholeBill = (move: SubscriberMove, bill: NextBill) =>
  bill.items !== undefined &&
  !(bill.items.length === 1 && bill.items[0]?.quantity === 1 && bill.items[0]?.key === move.to);

/** `on 2027-01-31`, or the words where no day can be said (`at the first renewal after it is paid and moved`) */
const firstBillWords = (firstBill: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(firstBill)
    ? `on ${firstBill}`
    : firstBill.startsWith('when ')
      ? firstBill
      : `at ${shown(firstBill)}`;

/** `; moves now`, `; waits: bills_from 2027-01-01 not reached`: what a run does with the sample now */
function timing(bill: NextBill): string {
  if (bill.verdict === undefined) return '';
  return `; ${bill.verdict}${bill.reason ? `: ${shown(bill.reason)}` : ''}`;
}

/**
 * `$29.00 (no tax) on 2027-01-01 (was $24.00); billed now: $2.50`; for a sample that waits, the
 * previewed amount on the day it first bills the new price, not Paddle's preview day (a renewal
 * before then still bills the old price): `$29.00 (no tax) on 2027-01-31, the first at the new
 * price (bills before then: $24.00)`.
 */
function billed(bill: NextBill): string {
  if (bill.refused)
    return `not previewed: Paddle answered ${shown(bill.refused.code)} (${shown(bill.refused.detail)})`;
  const was = bill.was ? `was ${grand(bill.was)}` : 'no next bill now';
  const now = bill.immediate ? `; billed now: ${grand(bill.immediate)}` : '';
  if (!bill.next) {
    // Paddle: next_transaction is "null if the subscription is scheduled to cancel or pause"
    return `Paddle previews no next bill (${was})${now}`;
  }
  if (bill.verdict === WAITS && typeof bill.first_bill === 'string') {
    const before = bill.was ? `bills before then: ${grand(bill.was)}` : 'no bill before then';
    return `${taxed(bill.next.totals)} ${firstBillWords(bill.first_bill)}, the first at the new price (${before})`;
  }
  const at = bill.next.at ? ` on ${shown(bill.next.at.slice(0, 10))}` : '';
  return `${taxed(bill.next.totals)}${at} (${was})${now}`;
}

function notes(move: SubscriberMove, bills: NextBills, style: Style): string[] {
  const lines: string[] = [];
  if (bills.samples.some((bill) => bill.target === 'non_catalog')) {
    const why = move.toId === null ? 'it does not exist yet' : 'this apply changes what it bills';
    lines.push(`      ${shown(move.to)} previewed as a non-catalog price of the catalog's amounts (${why})`);
  }
  if (bills.samples.some((bill) => wholeBill(move, bill))) {
    lines.push('      a sample is one subscription: its bill covers every item and quantity it holds');
  }
  if (bills.sampledFrom !== undefined) {
    lines.push(
      `      one subscription per currency among the first ${bills.sampledFrom.toLocaleString('en-US')} on ${shown(move.from)}`,
    );
  }
  return lines.map((line) => style.dim(line));
}

/** The lines under a move; none when it was not previewed (no subscribers, or none counted). */
export function nextBillLines(move: SubscriberMove, bills: NextBills | undefined, style: Style): string[] {
  if (!bills) return [];
  if (bills.notPreviewed === 'new_product') {
    return [
      `    next bill: shown once the price exists (its product is new too; the tool previews a new price only under an existing product)`,
    ];
  }
  return [
    ...bills.samples.map(
      (bill) =>
        `    next bill (${shown(bill.currency_code)}, ${shown(bill.subscription)}${bill.items ? ` holding ${holds(bill)}` : ''}${timing(bill)}): ${billed(bill)}`,
    ),
    ...notes(move, bills, style),
  ];
}
