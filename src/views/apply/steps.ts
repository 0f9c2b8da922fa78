// What a run did not do, as steps in the Paddle dashboard: the operations that did not succeed
// (src/operations/compile.ts), one line per change, in the order apply runs them. The same
// operations are what execute ran and what the tool-server scripts print, so the three never disagree.
// No subscriber move is a step: a person doing it later could miss its lock or its bills_from day,
// which apply judges by the account's clock when it sends each one; an archive that waits for moves
// says to run apply instead of archiving a price subscribers are still on.
import type { OperationResult } from '../../apply/execute.js';
import type { MoveOperation } from '../../moves/compile.js';
import { isRef, type Operation, type Verb } from '../../operations/compile.js';
import type { KeyResult } from '../../operations/results.js';
import { DEFAULT_TRAFFIC_SOURCE } from '../../paddle-facts/notifications.js';
import { DEFAULT_TAX_MODE } from '../../paddle-facts/prices.js';
import { featureCustomData } from '../../planner/features.js';
import { type Marker, withMarker } from '../../planner/marker.js';
import { markText } from '../../planner/text-marker.js';
import type { Change, DiscountState } from '../../planner/types.js';
import { shown } from '../../text/escape.js';
import { describeDiscount, describeNotification, describePrice } from '../plan/describe.js';
import { formatField } from '../plan/format.js';

/** A value as JSON, shown: what to type in the dashboard, with nothing a terminal would act on. */
const quoted = (value: unknown) => shown(JSON.stringify(value));

/** What a line needs besides its change: ids known after the run, and the operations left. */
interface Known {
  /** product and price keys → their ids after the run */
  ids: ReadonlyMap<string, string | undefined>;
  /** operation id → the id it made (for a create that ran) */
  made: ReadonlyMap<string, string | undefined>;
  /** operation id → its key, to name a create that did not run */
  keyOf: ReadonlyMap<string, string>;
  catalog: string;
}

/** The steps a person would take in the dashboard to finish what the run did not do, in order. */
export function dashboardSteps(
  catalog: string,
  changes: readonly Change[],
  operations: readonly Operation[],
  outcomes: readonly OperationResult[],
  results: readonly KeyResult[],
): string[] {
  const status = new Map(outcomes.map((o) => [o.op, o]));
  const known: Known = {
    ids: new Map(results.filter((r) => r.kind !== 'discount').map((r) => [r.key, r.id])),
    made: new Map(outcomes.map((o) => [o.op, o.id])),
    keyOf: new Map(operations.map((op) => [op.id, op.key])),
    catalog,
  };
  const left = new Map<number, Operation[]>();
  for (const op of operations) {
    if (status.get(op.id)?.status === 'applied') continue;
    left.set(op.change, [...(left.get(op.change) ?? []), op]);
  }
  return [...left.entries()]
    .sort(([a], [b]) => a - b)
    .flatMap(([index, ops]) => {
      const change = changes[index];
      return change ? [step(change, ops, known)] : [];
    })
    .map((text, n) => `  ${n + 1}. ${text}`);
}

const WHERE: Record<Change['kind'], string> = {
  product: 'Catalog → Products',
  price: 'Catalog → Products',
  discount: 'Catalog → Discounts',
  discount_group: 'Catalog → Discounts → Groups',
  notification: 'Developer tools → Notifications',
};

function step(change: Change, ops: Operation[], known: Known): string {
  const verbs = new Set<Verb>(ops.map((op) => op.verb));
  // a price's marker also records the moves started on it (src/planner/marker.ts), typed in by hand too
  const moves = change.kind === 'price' ? change.desired?.moves_started : undefined;
  const marker = { key: change.key, catalog: known.catalog, ...(moves ? { moves } : {}) };
  const where =
    change.kind === 'price'
      ? `${WHERE.price} → ${shown(known.ids.get(change.productKey) ?? `product ${change.productKey} (created above)`)}`
      : WHERE[change.kind];
  const create = ops.find((op) => op.verb === 'create');
  const object = `${where} → ${change.kind === 'price' ? 'price ' : ''}${shown(change.id ?? '')}`;
  if (verbs.has('archive') && waitsForMoves(ops)) return movesFirst(change, { where, object }, create, known);
  if (create && change.desired)
    return `${where} → ${creation(change, create, marker, known)}${thenArchive(change, verbs)}`;
  if (verbs.has('adopt') && change.action === 'adopt') {
    const unarchive = verbs.has('unarchive') ? ' (archived: Unarchive first)' : '';
    const data =
      markedText(change, marker) ?? `custom data ${quoted(withMarker(customDataOf(change.desired), marker))}`;
    // a group's name or a destination's description is set above, with its marker
    const others = { ...change, fields: change.fields.filter((f) => f.path !== TEXT_FIELD[change.kind]) };
    const rest = others.fields.length > 0 ? `; ${fields(others, marker)}` : '';
    return `${object}: edit${unarchive}, set ${data}${rest}`;
  }
  const set = verbs.has('update') && change.fields.length > 0 ? `, set ${fields(change, marker)}` : '';
  if (verbs.has('unarchive')) return `${object} (archived): Unarchive${set}`;
  if (verbs.has('archive')) return `${object}: Archive`;
  if (verbs.has('delete')) return `${object}: Delete (cannot be undone)`;
  return `${object}: edit${set}`;
}

/** Where a kind without custom data keeps its marker: typed by hand with it, or the object is lost. */
const TEXT_FIELD: Partial<Record<Change['kind'], string>> = {
  discount_group: 'name',
  notification: 'description',
};

/** A group's name or a destination's description with the marker at its end: its only place for it. */
function markedText(change: Change, marker: Marker): string | undefined {
  if (change.kind === 'discount_group' && change.desired)
    return `name ${quoted(markText(change.desired.name, marker))}`;
  if (change.kind === 'notification' && change.desired)
    return `description ${quoted(markText(change.desired.description, marker))}`;
  return undefined;
}

/** A product's custom_data with its features in it, as the dashboard shows it (src/planner/features.ts). */
const customDataOf = (desired: NonNullable<Change['desired']>) =>
  'tax_category' in desired
    ? featureCustomData(desired)
    : 'custom_data' in desired
      ? desired.custom_data
      : null;

/**
 * Each changed field; a product's features, and the moves started on a price, are set in the
 * dashboard as its whole custom data.
 */
function fields(change: Change, marker: Marker): string {
  const isFeature = (path: string) => /^(features|feature_adds|moves_started)(\.|$)/.test(path);
  const plain = change.fields
    .filter((f) => !isFeature(f.path))
    .map((f) =>
      f.path === TEXT_FIELD[change.kind]
        ? `${f.path} ${quoted(markText(String(f.after), marker))}`
        : formatField(f, change),
    );
  if (
    change.desired &&
    plain.length < change.fields.length &&
    !plain.some((f) => f.startsWith('custom_data'))
  )
    plain.push(`custom_data ${quoted(withMarker(customDataOf(change.desired), marker))}`);
  return plain.join('; ');
}

/** An archive after subscriber moves (src/moves/compile.ts, withMoves): a price to leave once no one is on it. */
const waitsForMoves = (ops: readonly Operation[]) =>
  ops.some((op) => op.verb === 'archive' && op.after.some((id) => id.startsWith('move subscription ')));

/** The archive of a price subscribers move off: apply's, once they have moved (a create before it is a step). */
function movesFirst(
  change: Change,
  at: { where: string; object: string },
  create: Operation | undefined,
  known: Known,
): string {
  const marker = { key: change.key, catalog: known.catalog };
  const then =
    create && change.desired
      ? `${at.where} → ${creation(change, create, marker, known)}; then the old price ${shown(change.id ?? '')}: `
      : `${at.object}: `;
  return `${then}not archived by hand while subscribers are on it: run apply again, which moves each when it is due (its bills_from day and Paddle's locks, by the account's clock) and archives the price once no one is left`;
}

/** A replace by hand: the new price, then the old one archived; a new destination, then the old one deleted. */
function thenArchive(change: Change, verbs: Set<Verb>): string {
  if (!change.id) return '';
  if (verbs.has('archive')) return `; then archive the old price ${shown(change.id)}`;
  return verbs.has('delete')
    ? `; then delete the old destination ${shown(change.id)} (cannot be undone)`
    : '';
}

function creation(change: Change, op: Operation, marker: Marker, known: Known): string {
  const data = (custom: Record<string, unknown> | null) =>
    `custom data ${quoted(withMarker(custom, marker))}`;
  if (change.kind === 'product' && change.desired) {
    const d = change.desired;
    const parts = [`tax category ${shown(d.tax_category)}`];
    if (d.description) parts.push(`description ${quoted(d.description)}`);
    if (d.image_url) parts.push(`image URL ${shown(d.image_url)}`);
    return `New product: name ${quoted(d.name)}, ${[...parts, data(featureCustomData(d))].join(', ')}`;
  }
  if (change.kind === 'price' && change.desired) {
    const d = change.desired;
    const parts = [`description ${quoted(d.description)}`];
    if (d.name) parts.push(`name ${quoted(d.name)}`);
    parts.push(describePrice(d));
    if (d.tax_mode !== DEFAULT_TAX_MODE) parts.push(`tax mode ${shown(d.tax_mode)}`);
    return `New price: ${[...parts, data(d.custom_data)].join(', ')}`;
  }
  const text = textKindCreation(change, marker);
  if (text !== undefined) return text;
  const d = change.desired as DiscountState;
  const parts = [`description ${quoted(d.description)}`, describeDiscount(d)];
  const restrictTo = op.body.restrict_to;
  if (Array.isArray(restrictTo))
    parts.push(`restricted to ${restrictTo.map((r) => target(r, known)).join(', ')}`);
  return `New discount: ${[...parts, data(d.custom_data)].join(', ')}`;
}

/**
 * A discount group or a notification destination: no custom data, so its marker is typed at the end
 * of its name or description (src/planner/text-marker.ts); a destination's signing secret is Paddle's
 * to make, and the app's configuration takes it from the dashboard (or apply --secrets-out).
 */
function textKindCreation(change: Change, marker: Marker): string | undefined {
  if (change.kind === 'discount_group' && change.desired)
    return `New discount group: ${markedText(change, marker)}`;
  if (change.kind !== 'notification' || !change.desired) return undefined;
  const d = change.desired;
  const extras = [
    ...(d.api_version === null ? [] : [`API version ${d.api_version}`]),
    ...(d.include_sensitive_fields ? ['sensitive fields included'] : []),
    ...(d.traffic_source === DEFAULT_TRAFFIC_SOURCE ? [] : [`traffic source ${shown(d.traffic_source)}`]),
  ];
  return `New notification destination: ${markedText(change, marker)}, ${[describeNotification(d), ...extras].join(', ')}; then copy its secret key into the app's configuration`;
}

/** An entry of restrict_to for a person: an id, or the key to look up when its create did not run. */
function target(entry: unknown, known: Known): string {
  if (!isRef(entry)) return shown(String(entry));
  return shown(known.made.get(entry.$ref) ?? `${known.keyOf.get(entry.$ref) ?? entry.$ref} (created above)`);
}

/**
 * One subscriber move by hand. Paddle documents where a subscription is in its dashboard (Paddle >
 * Customers, its customer, the Subscriptions heading) and that its items are replaced "on one screen
 * in the Paddle dashboard" (developer.paddle.com/build/subscriptions/replace-products-prices-upgrade-downgrade),
 * with the proration chosen there (developer.paddle.com/concepts/subscriptions/proration), but not the
 * steps of that screen: the step says what the items become and sends to the API call.
 */
export function moveStep(op: MoveOperation): string {
  const subscription = shown(op.target);
  const items = op.body.items.map(({ price_id, quantity }) => {
    const price = isRef(price_id) ? `the new price of ${shown(op.key)}` : shown(price_id);
    return `${price} × ${quantity}`;
  });
  return (
    `Paddle > Customers → the customer of ${subscription} → Subscriptions → ${subscription}: ` +
    `its items become ${items.join(', ')} and nothing else (to ${shown(op.key)}), ` +
    `proration ${shown(op.body.proration_billing_mode)}. Paddle's dashboard changes a subscription's items ` +
    'on one screen, but Paddle documents no steps for it; use the API call above.'
  );
}
