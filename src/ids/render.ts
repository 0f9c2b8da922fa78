// The id file as text: JSON, or a TypeScript module typed for the app. The module carries the
// same JSON in a comment block, so a later run reads it back without parsing TypeScript.
import { basename } from 'node:path';
import { dotenvLines } from '../catalog/env-names.js';
import type { EnvironmentName } from '../paddle-facts/environments.js';
import {
  IDS_FORMAT,
  type IdsDocument,
  type IdsSide,
  idsDocumentSchema,
  sideEntries,
  sidesOf,
} from './document.js';
import { featuresTs } from './features-ts.js';

const BEGIN = '/* paddle-catalog ids (read back by the next run; do not edit)';
const END = '*/';

export const IDS_FORMATS = ['json', 'env', 'ts'] as const;
export type IdsFormat = (typeof IDS_FORMATS)[number];

export function renderJson(document: IdsDocument): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

/** `"pro" | "starter"`, or `never` when there is none. */
function keyUnion(keys: ReadonlySet<string>): string {
  return keys.size === 0
    ? 'never'
    : [...keys]
        .sort()
        .map((k) => JSON.stringify(k))
        .join(' | ');
}

type MapField = 'products' | 'prices' | 'discounts' | 'discount_groups' | 'notifications';

/** One `as const` map per kind, by environment, checked against its key type and id prefix. */
function kindMap(
  document: IdsDocument,
  name: string,
  field: MapField,
  keyType: string,
  prefix: string,
): string {
  const byEnvironment = Object.fromEntries(
    sidesOf(document).map((e) => [e, (document.environments[e] as IdsSide)[field] ?? {}]),
  );
  return (
    `export const ${name} = ${JSON.stringify(byEnvironment, null, 2)} as const satisfies {\n` +
    `  readonly [E in PaddleEnvironment]: { readonly [K in ${keyType}]?: \`${prefix}_\${string}\` };\n};\n`
  );
}

/**
 * The kinds a catalog may lack (discount groups, notification destinations): a key type and a map
 * only when a side has that map, so the module of a catalog without them is as it was. A
 * notification's id only: its signing secret is never in an id file (apply --secrets-out).
 */
const OPTIONAL_KINDS = [
  {
    field: 'discount_groups',
    type: 'DiscountGroupKey',
    map: 'discountGroupIds',
    prefix: 'dsg',
    get: 'discountGroups',
  },
  {
    field: 'notifications',
    type: 'NotificationKey',
    map: 'notificationIds',
    prefix: 'ntfset',
    get: 'notifications',
  },
] as const;

const optionalKinds = (document: IdsDocument) =>
  OPTIONAL_KINDS.filter(({ field }) => sidesOf(document).some((e) => document.environments[e]?.[field]));

/** Per environment, the keys the catalog keeps archived (only when a side has any). */
function archivedTs(document: IdsDocument): string[] {
  const sides = sidesOf(document).map(
    (e) => [e, (document.environments[e] as IdsSide).archived ?? []] as const,
  );
  if (sides.every(([, keys]) => keys.length === 0)) return [];
  return [
    '/** Keys the catalog keeps archived: their ids stay for what refers to them, not for new checkouts. */',
    `export const archivedKeys = ${JSON.stringify(Object.fromEntries(sides), null, 2)} as const;`,
    '',
  ];
}

/**
 * The module: environments, key types, per-kind maps and the accounts they were read from. Ids
 * only — nothing a browser bundle must not see. Every string in it is written by JSON.stringify.
 */
export function renderTs(document: IdsDocument): string {
  const sides = sidesOf(document);
  const keysOf = (field: MapField) =>
    new Set(sides.flatMap((e) => Object.keys((document.environments[e] as IdsSide)[field] ?? {})));
  const optional = optionalKinds(document);
  const accounts = Object.fromEntries(
    sides.map((e) => {
      const { baseUrl, readAt } = document.environments[e] as IdsSide;
      return [e, { baseUrl, readAt }];
    }),
  );
  // `*/` can only occur inside a JSON string, where `*\/` means the same
  const block = JSON.stringify(document, null, 2).replaceAll('*/', '*\\/');
  return [
    `// Paddle ids of the catalog ${JSON.stringify(document.catalog)}, written by paddle-catalog ids.`,
    '// Ids only (no key): safe in a browser bundle. Regenerate it instead of editing it.',
    `${BEGIN}\n${block}\n${END}`,
    '',
    `export const environments = ${JSON.stringify(sides)} as const;`,
    'export type PaddleEnvironment = (typeof environments)[number];',
    '',
    `export type ProductKey = ${keyUnion(keysOf('products'))};`,
    `export type PriceKey = ${keyUnion(keysOf('prices'))};`,
    `export type DiscountKey = ${keyUnion(keysOf('discounts'))};`,
    ...optional.map((k) => `export type ${k.type} = ${keyUnion(keysOf(k.field))};`),
    '',
    '/** The account each side was read from, and when. */',
    `export const accounts = ${JSON.stringify(accounts, null, 2)} as const;`,
    '',
    kindMap(document, 'productIds', 'products', 'ProductKey', 'pro'),
    kindMap(document, 'priceIds', 'prices', 'PriceKey', 'pri'),
    kindMap(document, 'discountIds', 'discounts', 'DiscountKey', 'dsc'),
    ...optional.map((k) => kindMap(document, k.map, k.field, k.type, k.prefix)),
    ...archivedTs(document),
    '/** The ids of one environment: `paddleIds(process.env.NODE_ENV === "production" ? "production" : "sandbox")`. */',
    'export function paddleIds<E extends PaddleEnvironment>(environment: E) {',
    '  return {',
    '    environment,',
    '    products: productIds[environment],',
    '    prices: priceIds[environment],',
    '    discounts: discountIds[environment],',
    ...optional.map((k) => `    ${k.get}: ${k.map}[environment],`),
    '  } as const;',
    '}',
    '',
    ...(document.features ? featuresTs(document.features) : []),
  ].join('\n');
}

/** What a file of `format` holds, or why it is not an id file this tool wrote. */
export function parseIdsFile(text: string, format: 'json' | 'ts'): IdsDocument | { notOurs: string } {
  let json = text;
  if (format === 'ts') {
    const start = text.indexOf(BEGIN);
    const end = start === -1 ? -1 : text.indexOf(`\n${END}`, start);
    if (end === -1) return { notOurs: 'it has no id block written by paddle-catalog ids' };
    json = text.slice(start + BEGIN.length, end);
  }
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return { notOurs: 'it has an id block that is not valid JSON' };
  }
  const parsed = idsDocumentSchema.safeParse(value);
  return parsed.success ? parsed.data : { notOurs: 'it is not an id file of paddle-catalog ids' };
}

/** Dotenv lines of one environment's side (a dotenv file holds one environment). */
export function renderEnv(side: IdsSide): string {
  return `${dotenvLines(sideEntries(side)).join('\n')}\n`;
}

/** The format `--format` names, else the one the file's name says (`.json`, `.ts`, `.env…`). */
export function formatOf(file: string | undefined, format: IdsFormat | undefined): IdsFormat | undefined {
  if (format) return format;
  if (file === undefined) return 'json';
  const name = basename(file).toLowerCase();
  if (name.endsWith('.json')) return 'json';
  if (/\.[mc]?ts$/.test(name)) return 'ts';
  if (name.startsWith('.env') || name.endsWith('.env')) return 'env';
  return undefined;
}

/**
 * For a file that is an id file of ids (a module with its block, or the JSON): which environment's
 * side each id in it belongs to. Undefined for any other file.
 */
export function idFileSides(text: string): Map<string, EnvironmentName> | undefined {
  const format = text.includes(BEGIN) ? 'ts' : text.includes(`"${IDS_FORMAT}"`) ? 'json' : undefined;
  const parsed = format && parseIdsFile(text, format);
  if (!parsed || 'notOurs' in parsed) return undefined;
  const sides = new Map<string, EnvironmentName>();
  for (const environment of sidesOf(parsed)) {
    const side = parsed.environments[environment] as IdsSide;
    for (const entry of sideEntries(side)) sides.set(entry.id, environment);
  }
  return sides;
}
