// A change of what a product includes, shown as a change of its own kind: `~ features pro: seats
// 10 → 20, sso added`, with the subscribers of the product's prices, and in the Markdown review a
// table of features × products. Feature names and values may come from the account: shown escaped.
import {
  changesFeatures,
  type FeatureFields,
  featuresBefore,
  isFeaturePath,
} from '../../planner/features.js';
import type { Change, Plan, ProductChange, ProductPlan } from '../../planner/types.js';
import type { Review } from '../../review/types.js';
import type { Style } from '../../terminal/style.js';
import { shown } from '../../text/escape.js';
import { statusCounts } from './counts.js';

type Values = Record<string, unknown>;
const isMap = (value: unknown): value is Values =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A feature's value in a map, its own only: "constructor" not named is not included, not Object's. */
const featureIn = (map: Values, name: string) => (Object.hasOwn(map, name) ? map[name] : undefined);

const off = (value: unknown) => value === undefined || value === false || value === 0;

/** `10`, `unlimited`; not included is 0 for a limit. */
const valueWords = (value: unknown) =>
  value === undefined || value === false
    ? '0'
    : shown(typeof value === 'string' ? value : JSON.stringify(value));

/** `seats 10 → 20`, `sso added`, `audit_log removed`, for one of the two maps. */
function mapWords(before: unknown, after: unknown, prefix: string): string[] {
  if (!isMap(before) && before !== null) return [`${prefix}replaced (it was not a map)`];
  const [was, now] = [before ?? {}, isMap(after) ? after : {}];
  const names = [...new Set([...Object.keys(was), ...Object.keys(now)])].sort();
  return names.flatMap((name) => {
    const [a, b] = [featureIn(was, name), featureIn(now, name)];
    // false, 0 and not named all say "not included"
    if (JSON.stringify(a) === JSON.stringify(b) || (off(a) && off(b))) return [];
    const label = `${prefix}${shown(name)}`;
    if (b === true && off(a)) return [`${label} added`];
    if (a === true && off(b)) return [`${label} removed`];
    return [`${label} ${valueWords(a)} → ${valueWords(b)}`];
  });
}

const FIELDS: [keyof FeatureFields, string][] = [
  ['features', ''],
  ['feature_adds', 'adds per unit: '],
];

/**
 * What changes in what a product includes, in words.
 * @internal A table test of the words for a feature change.
 */
export function featureWords(change: ProductChange): string {
  const words = FIELDS.flatMap(([field, prefix]) =>
    mapWords(featuresBefore(change, field), change.desired?.[field] ?? null, prefix),
  );
  return words.length > 0
    ? words.join(', ')
    : 'written as the catalog names them; what it includes is the same';
}

// Paddle keeps on each subscription item a snapshot of the product as it was added
// (https://developer.paddle.com/changelog/2024/subscription-items-product): its custom_data stays old.
const SNAPSHOT_NOTE = [
  'existing subscriptions keep a snapshot of the product on their items, with its old custom_data',
  '(developer.paddle.com/changelog/2024/subscription-items-product): read features by price id,',
  'with featuresOf in the module of paddle-catalog ids.',
];

/** The prices of the product's group that exist: whose subscribers see the change. */
const groupOf = (plan: Plan, change: Change): ProductPlan | undefined =>
  plan.groups.find((group) => group.product === change);

/** `~ features product pro (pro_…): seats 10 → 20`: a change's line of what it includes, if it changes that. */
export function featureHead(change: Change, style: Style): string | undefined {
  if (!changesFeatures(change)) return undefined;
  return `${style.yellow('~ features')} product ${shown(change.key)}${style.dim(` (${shown(change.id)})`)}: ${featureWords(change)}`;
}

/** `~ features product pro (pro_…): seats 10 → 20`, the subscribers of each of its prices, the note. */
export function featureLines(plan: Plan, change: Change, review: Review | undefined, style: Style): string[] {
  const head = featureHead(change, style);
  if (head === undefined) return [];
  const counted = (groupOf(plan, change)?.prices ?? []).flatMap((price) => {
    const counts = review?.prices[price.key]?.subscribers;
    return counts ? [`    subscribers of ${shown(price.key)}: ${statusCounts(counts)}`] : [];
  });
  return [head, ...counted, ...SNAPSHOT_NOTE.map((line) => style.yellow(`    ${line}`))];
}

/** The field lines a product change shows besides its features (those have their own line). */
export const withoutFeatureFields = (change: Change) =>
  change.kind === 'product' ? change.fields.filter((f) => !isFeaturePath(f.path)) : change.fields;

const CHECK = '✓';
const NONE = '—';

/** One cell: what the product includes after the change, `before → after` where it changes. */
function cell(before: unknown, after: unknown, adds: boolean): string {
  const word = (value: unknown) =>
    value === undefined || value === false || value === 0 ? NONE : value === true ? CHECK : valueWords(value);
  const show = (value: unknown) => (adds && word(value) !== NONE ? `+${word(value)} per unit` : word(value));
  const [a, b] = [show(before), show(after)];
  return a === b ? b : `${a} → ${b}`;
}

/**
 * A key as a table cell: inline code, shown; a backtick (which would end the span) and a pipe (which
 * would end the cell) are replaced, as no catalog key has them.
 */
const code = (text: string) => `\`${shown(text).replaceAll('`', "'").replaceAll('|', '/')}\``;

/**
 * The Markdown table of features × products (the products that include or add any, in plan order),
 * when any product's features change or a product with features is created; none otherwise.
 */
export function featuresTable(plan: Plan): string[] {
  const products = plan.groups
    .map((group) => group.product)
    .filter((p) => p.desired?.features != null || p.desired?.feature_adds != null);
  const changed = products.some((p) => changesFeatures(p) || p.action === 'create');
  if (!changed) return [];
  const maps = products.map((p) => {
    const adds = p.desired?.feature_adds != null;
    const field = adds ? 'feature_adds' : 'features';
    const after = (p.desired?.[field] ?? {}) as Values;
    // a product this plan creates has no before: its column is new
    const before = p.action === 'create' ? after : featuresBefore(p, field);
    return { adds, before: isMap(before) ? before : {}, after };
  });
  const header = (p: ProductChange) => `${code(p.key)}${p.action === 'create' ? ' (new)' : ''}`;
  const names = [...new Set(maps.flatMap((m) => [...Object.keys(m.before), ...Object.keys(m.after)]))].sort();
  const row = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [
    `**Features** — what each product includes after this plan (${CHECK} included, ${NONE} not; \`before → after\` where it changes):`,
    '',
    row(['feature', ...products.map(header)]),
    row(['---', ...products.map(() => '---')]),
    ...names.map((name) =>
      row([
        code(name),
        ...maps.map((m) => cell(featureIn(m.before, name), featureIn(m.after, name), m.adds)),
      ]),
    ),
    '',
  ];
}
