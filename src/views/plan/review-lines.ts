// The review's lines under a price change (human plan, and the Markdown review, which prints the
// same lines in a fenced block): what a customer in each review country pays, as a compact table,
// and the subscriptions that bill the price, with what Paddle documents happens to them.
import { formatMinorUnits } from '../../money/minor-units.js';
import { currencyDecimalPlaces } from '../../paddle-facts/currencies.js';
import { totalOf } from '../../planner/counts.js';
import type { CustomerPrice } from '../../planner/customer-prices.js';
import { MOVED_STATUSES, type SubscriberCounts } from '../../planner/subscribers.js';
import type { Change, Plan } from '../../planner/types.js';
import type { Review } from '../../review/types.js';
import type { SavedMove, SavedReview } from '../../saved-plan/document.js';
import type { Style } from '../../terminal/style.js';
import { shown } from '../../text/escape.js';
import { statusCounts, tallyWords } from './counts.js';

// What Paddle documents for a price that subscriptions bill. An archived entity "can't be used" for
// new purchases but "remains related to existing entities" (developer.paddle.com/api-reference/
// about/delete-entities); a subscription item holds a snapshot of the price as it was added
// (changelog 2024-02-07, subscription-item-complete-price-object). Paddle does not document whether
// an existing subscription's renewal bills a price's new amount: the warning says so, no more.
const ARCHIVE_NOTE = [
  'archiving it does not change them: Paddle keeps an archived price on the subscriptions that bill it',
  '(developer.paddle.com/api-reference/about/delete-entities); to move them, name it in subscribers_from',
  'of the price that replaces it.',
];
const AMOUNT_NOTE = [
  'Paddle documents that a subscription item keeps a snapshot of the price as it was added, and does not',
  'document whether their renewals bill the new amount; to be sure what they pay, move them with',
  'subscribers_from (developer.paddle.com/changelog/2024/subscription-item-complete-price-object).',
];

/** `! <head>` and the note's lines under it, indented. */
const warning = (head: string, note: readonly string[], indent: string, style: Style) => [
  style.yellow(`${indent}! ${head}`),
  ...note.map((line) => style.yellow(`${indent}  ${line}`)),
];

function subscriberWarning(change: Change, counts: SubscriberCounts, style: Style): string[] {
  const total = totalOf(counts);
  const exactly = (n: number) => !('uncounted' in total) && !total.moreThan && total.n === n;
  if (exactly(0)) return [];
  const many = 'uncounted' in total ? 'an uncounted number of' : tallyWords(total);
  const who = exactly(1) ? '1 subscription bills this price' : `${many} subscriptions bill this price`;
  // a price retired by a move: its subscribers move first and the archive waits for the last one
  if (change.action === 'archive' && change.retired?.replacedBy !== undefined) return [];
  if (change.action === 'archive' || change.action === 'replace')
    return warning(`${who}:`, ARCHIVE_NOTE, '    ', style);
  if (change.fields.some((field) => field.path.startsWith('unit_price')))
    return warning(`${who}:`, AMOUNT_NOTE, '    ', style);
  return [];
}

/** `€5.51`, or the raw amount and code where the currency is not one we know. */
export function money(amount: string, currency: string): string {
  try {
    return shown(formatMinorUnits(amount, currency, currencyDecimalPlaces(currency), 'en-US'));
  } catch {
    return shown(`${amount} ${currency}`);
  }
}

/**
 * Per country: country, currency (`USD → EUR` where it changes), now, after and tax, every value
 * from Paddle escaped; `now` is empty for a price that does not exist yet.
 */
export function customerCells(customers: readonly CustomerPrice[]): string[][] {
  return customers.map((c) => {
    const tax = c.after.tax === '0' ? 'none' : money(c.after.tax, c.currency_code);
    const moved = c.before && c.before.currency_code !== c.currency_code;
    const currency = moved ? `${c.before?.currency_code} → ${c.currency_code}` : c.currency_code;
    const now = c.before ? shown(c.before.formatted_total) : '';
    return [shown(c.country), shown(currency), now, shown(c.after.formatted_total), tax];
  });
}

/** `DE  EUR  €28.56 → €34.51  (tax €5.51)` under `heading`: aligned columns. */
export function customerRows(customers: readonly CustomerPrice[], heading: string, style: Style): string[] {
  const cells = customerCells(customers).map(([country = '', currency = '', now, after = '', tax]) => [
    country,
    currency,
    now ? `${now} → ${after}` : after,
    tax === 'none' ? 'no tax' : `tax ${tax}`,
  ]);
  const width = (column: number) => Math.max(...cells.map((row) => (row[column] ?? '').length));
  const [w0, w1, w2] = [width(0), width(1), width(2)];
  return [
    style.dim(`    ${heading}:`),
    ...cells.map(
      ([country = '', currency = '', paid = '', tax = '']) =>
        `      ${country.padEnd(w0)}  ${currency.padEnd(w1)}  ${paid.padEnd(w2)}  ${style.dim(`(${tax})`)}`,
    ),
  ];
}

const PRICE_CUSTOMERS_HEADING = 'customers pay (one unit, as Paddle previews it, with tax)';

/** What customers in each review country pay for a price change, as its preview rows. */
export function previewLines(change: Change, review: Review | undefined, style: Style): string[] {
  const customers = change.kind === 'price' ? review?.prices[change.key]?.customers : undefined;
  return customers?.length ? customerRows(customers, PRICE_CUSTOMERS_HEADING, style) : [];
}

/** The subscriptions that bill a price change, and a warning where they are touched; none: nothing. */
export function subscriberLines(change: Change, review: Review | undefined, style: Style): string[] {
  const reviewed = change.kind === 'price' ? review?.prices[change.key] : undefined;
  const counts = reviewed?.subscribers;
  if (!counts || MOVED_STATUSES.every((status) => counts[status] === 0)) return [];
  const words = statusCounts(counts, reviewed?.subscribers_scheduled);
  return [`    subscribers: ${words}`, ...subscriberWarning(change, counts, style)];
}

/** Orphans that subscriptions bill (plain plan names them; --prune would archive them). */
function orphanSubscriberLines(plan: Plan, review: Review | undefined, style: Style): string[] {
  return plan.orphans.flatMap((orphan) => {
    const counts = orphan.kind === 'price' ? review?.prices[orphan.key]?.subscribers : undefined;
    if (!counts || MOVED_STATUSES.every((status) => counts[status] === 0)) return [];
    const head = `price ${shown(orphan.key)} (${shown(orphan.id)}), no longer in the catalog, has subscribers: ${statusCounts(counts)}; --prune would archive it, and`;
    return warning(head, ARCHIVE_NOTE, '', style);
  });
}

/** One line for each part of the review Paddle would not show, and why. */
export function unavailableLines(review: Review | undefined, style: Style): string[] {
  return (review?.unavailable ?? []).map((line) => style.dim(`  ${line}`));
}

/** What `apply <plan-file>` says of the review it applies: the subscriber counts it was reviewed with. */
export function reviewedCountLines(review: SavedReview | undefined, style: Style): string[] {
  const any = (counts: SubscriberCounts | undefined) =>
    counts !== undefined && MOVED_STATUSES.some((status) => counts[status] !== 0);
  const counted = Object.entries(review?.prices ?? {}).filter(([, price]) => any(price.subscribers));
  const moves = review?.moves ?? [];
  if (counted.length === 0 && moves.length === 0) return [];
  return [
    style.dim(
      'The plan was reviewed with these subscribers (counted when it was made; they may have moved since):',
    ),
    ...counted.map(
      ([key, price]) =>
        `  price ${shown(key)}: ${statusCounts(price.subscribers as SubscriberCounts, price.subscribers_scheduled)}`,
    ),
    ...moves.map((move) => `  move ${shown(move.from)} → ${shown(move.to)}: ${reviewedMove(move)}`),
  ];
}

function reviewedMove(move: SavedMove): string {
  if (move.subscribers) return statusCounts(move.subscribers);
  return move.id === undefined ? 'none (the price was new)' : 'not counted';
}

/** The objects the catalog no longer has, what --prune does to them, and who still pays them. */
export function orphanLines(plan: Plan, review: Review | undefined, style: Style): string[] {
  const list = plan.orphans.map((o) => `${o.kind} ${shown(o.key)} (${shown(o.id)})`).join(', ');
  const note = style.dim(`  not in the catalog any more: ${list}; ${pruneWords(plan.orphans)}`);
  return [note, ...orphanSubscriberLines(plan, review, style)];
}

/** What --prune does to the orphans: Paddle archives catalog objects but deletes a notification destination. */
function pruneWords(orphans: readonly { kind: string }[]): string {
  const deleted = orphans.filter((o) => o.kind === 'notification').length;
  if (deleted === 0) return 'apply --prune archives them';
  if (deleted === orphans.length) return 'apply --prune deletes them, which cannot be undone';
  return 'apply --prune archives them and deletes the notification destinations, which cannot be undone';
}
