// Writes a Catalog as the YAML a person would write by hand: the schema modeline first,
// wire field names in a fixed order, amounts always quoted, small leaf objects on one line. Shared by
// `init` and `export`, and checked by reading its own output back (test/init/write.test.ts).
import { existsSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Document, isMap, isPair, isScalar, isSeq, type Pair, Scalar, visit } from 'yaml';
import { PADDLE_ID } from '../paddle-facts/ids.js';
import { shown } from '../text/escape.js';
import type {
  Catalog,
  CatalogDiscount,
  CatalogPrice,
  CatalogProduct,
  EnvironmentSettings,
  Money,
  TrialPeriod,
  UnitPriceOverride,
} from './schema.js';

const SCHEMA_FILE_NAME = 'catalog.schema.json';

export interface WriteOptions {
  /** what the modeline points at, relative to the written file (see schemaReference) */
  schemaPath?: string;
  /** comment lines after the modeline, without the leading `#` */
  header?: readonly string[];
}

type Plain = Record<string, unknown>;

/** The object with its fields in `order`, absent (undefined) fields left out. */
function ordered(value: object, order: readonly string[]): Plain {
  const out: Plain = {};
  for (const field of order) {
    const v = (value as Plain)[field];
    if (v !== undefined) out[field] = v;
  }
  return out;
}

const money = (m: Money) => ordered(m, ['amount', 'currency_code']);
const overrides = (list: readonly UnitPriceOverride[] | undefined) =>
  list?.map((o) => ({ country_codes: [...o.country_codes], unit_price: money(o.unit_price) }));

function trial(t: TrialPeriod): Plain {
  return ordered(
    {
      ...t,
      unit_price: t.unit_price && money(t.unit_price),
      unit_price_overrides: overrides(t.unit_price_overrides),
    },
    ['interval', 'frequency', 'unit_price', 'unit_price_overrides', 'requires_payment_method'],
  );
}

function price(p: CatalogPrice): Plain {
  return ordered(
    {
      ...p,
      unit_price: money(p.unit_price),
      billing_cycle: p.billing_cycle && ordered(p.billing_cycle, ['interval', 'frequency']),
      trial_period: p.trial_period && trial(p.trial_period),
      unit_price_overrides: overrides(p.unit_price_overrides),
      quantity: p.quantity && ordered(p.quantity, ['minimum', 'maximum']),
    },
    [
      'description',
      'name',
      'unit_price',
      'billing_cycle',
      'trial_period',
      'unit_price_overrides',
      'quantity',
      'tax_mode',
      'custom_data',
      'subscribers_from',
      'proration',
    ],
  );
}

function product(p: CatalogProduct): Plain {
  const prices = p.prices && Object.fromEntries(Object.entries(p.prices).map(([k, v]) => [k, price(v)]));
  return ordered({ ...p, prices }, [
    'name',
    'tax_category',
    'description',
    'image_url',
    'custom_data',
    'features',
    'adds',
    'prices',
  ]);
}

const discount = (d: CatalogDiscount) =>
  ordered(d, [
    'description',
    'type',
    'amount',
    'currency_code',
    'code',
    'enabled_for_checkout',
    'recur',
    'maximum_recurring_intervals',
    'usage_limit',
    'restrict_to',
    'expires_at',
    'discount_group',
    'custom_data',
  ]);

const NOTIFICATION_FIELDS = [
  'description',
  'type',
  'destination',
  'subscribed_events',
  'api_version',
  'include_sensitive_fields',
  'traffic_source',
  'active',
];

const settings = (s: EnvironmentSettings) => ordered(s, ['approved_tax_categories', 'cardless_trials']);

/** The catalog as plain data in the written key order. */
function toPlain(catalog: Catalog): Plain {
  const env = catalog.environments;
  return ordered(
    {
      version: catalog.version,
      catalog: catalog.catalog,
      environments: env && {
        ...(env.sandbox && { sandbox: settings(env.sandbox) }),
        ...(env.production && { production: settings(env.production) }),
      },
      features:
        catalog.features &&
        Object.fromEntries(
          Object.entries(catalog.features).map(([k, v]) => [k, ordered(v, ['type', 'description'])]),
        ),
      products: Object.fromEntries(Object.entries(catalog.products).map(([k, v]) => [k, product(v)])),
      discounts:
        catalog.discounts &&
        Object.fromEntries(Object.entries(catalog.discounts).map(([k, v]) => [k, discount(v)])),
      discount_groups:
        catalog.discount_groups &&
        Object.fromEntries(
          Object.entries(catalog.discount_groups).map(([k, v]) => [k, ordered(v, ['name'])]),
        ),
      notifications:
        catalog.notifications &&
        Object.fromEntries(
          Object.entries(catalog.notifications).map(([k, v]) => [k, ordered(v, NOTIFICATION_FIELDS)]),
        ),
    },
    [
      'version',
      'catalog',
      'environments',
      'features',
      'products',
      'discount_groups',
      'discounts',
      'notifications',
    ],
  );
}

// Objects short enough to read on one line, as in the examples: `unit_price: { amount: "1000", … }`.
const ONE_LINE_MAPS = new Set([
  'unit_price',
  'billing_cycle',
  'quantity',
  'trial_period',
  'features',
  'adds',
]);
const ONE_LINE_LISTS = new Set(['country_codes', 'approved_tax_categories']);

const LIST_LINE = /^(\s*(?:- )?(?:country_codes|approved_tax_categories): )\[ (.*) \]$/gm;

/**
 * Said beside a restrict_to entry that stayed a Paddle id (no exported product or price has it).
 * @internal The discounts test writes a catalog line with this comment.
 */
export const KEPT_ID_COMMENT = ' a Paddle id: no product or price of this file has it';

const keyOf = (pair: Pair) => (isScalar(pair.key) ? String(pair.key.value) : '');

/** Layout: flow style for leaf objects and code lists, quoted amounts, a blank line between products. */
function layOut(doc: Document): void {
  visit(doc, {
    // Text the one escaping rule would change (a control, a line starting a workflow command) is
    // double-quoted, where its escapes are YAML's own; line breaks alone may stay a block.
    Scalar(_, node) {
      const text = node.value;
      if (typeof text === 'string' && shown(text, { multiline: true }) !== text)
        node.type = Scalar.QUOTE_DOUBLE;
    },
    Pair(_, pair, path) {
      const key = keyOf(pair);
      // custom_data is the user's free-form JSON: written as it is, never restyled.
      const inCustomData = path.some((node) => isPair(node) && keyOf(node) === 'custom_data');
      if (inCustomData || key === 'custom_data') return;
      if (isMap(pair.value) && ONE_LINE_MAPS.has(key)) {
        // A trial with nested overrides is easier to read as a block.
        pair.value.flow = pair.value.items.every((item) => isScalar(item.value));
      }
      if (isSeq(pair.value) && ONE_LINE_LISTS.has(key)) pair.value.flow = true;
      if (key === 'amount' && isScalar(pair.value)) pair.value.type = Scalar.QUOTE_DOUBLE;
      if (key === 'restrict_to' && isSeq(pair.value)) {
        for (const item of pair.value.items) {
          if (isScalar(item) && PADDLE_ID.test(String(item.value))) item.comment = KEPT_ID_COMMENT;
        }
      }
      if ((key === 'products' || key === 'discounts') && isMap(pair.value)) {
        pair.value.items.forEach((item, index) => {
          if (index > 0 && isScalar(item.key)) item.key.spaceBefore = true;
        });
      }
    },
  });
}

/** The catalog file's text: modeline, optional header comment, then the catalog. */
export function catalogToYaml(catalog: Catalog, options: WriteOptions = {}): string {
  const doc = new Document(toPlain(catalog));
  layOut(doc);
  const modeline = `# yaml-language-server: $schema=${options.schemaPath ?? `./${SCHEMA_FILE_NAME}`}`;
  const header = (options.header ?? []).map((line) => (line ? `# ${line}` : '#'));
  const body = doc
    // double-quoted text on one line (JSON's form), so no line of it can start a workflow command
    .toString({ lineWidth: 0, flowCollectionPadding: true, doubleQuotedAsJSON: true })
    // Code lists unpadded, as in the examples: `country_codes: [DE, FR]` (codes never hold brackets).
    .replace(LIST_LINE, '$1[$2]');
  return terminalSafe([modeline, ...header, body].join('\n'));
}

/**
 * The same YAML with nothing a terminal or a CI runner would act on, so that the file and what is
 * shown on stdout are byte for byte the same: such text is inside double quotes (see layOut), where
 * `shown`'s escapes (`\x9b`, `\u202e`) read back as the same characters and `##[` is written `#\x23[`.
 */
function terminalSafe(yaml: string): string {
  return shown(yaml.replaceAll('##[', '#\\x23['), { multiline: true });
}

/** The JSON Schema this installation ships: catalogs/ beside dist/ (a checkout or node_modules). */
export function packagedSchemaFile(): string {
  return fileURLToPath(new URL(`../../catalogs/${SCHEMA_FILE_NAME}`, import.meta.url));
}

export interface SchemaReference {
  /** the modeline's path, relative to the written file, with forward slashes */
  path: string;
  /** set when that path does not exist yet: the command that creates it, and the file it writes */
  create?: string;
  file?: string;
}

/**
 * Where the modeline of a catalog written to `outputFile` points (editors resolve it relative to
 * the file):
 * 1. a catalog.schema.json beside the file (as in catalogs/) → `./catalog.schema.json`;
 * 2. else this installation's schema when it lies inside the project (`catalogs/…` in a checkout,
 *    `node_modules/paddle-catalog/catalogs/…` for a local install), relative to the file;
 * 3. else (a global or npx install, whose path is machine-specific and may vanish) →
 *    `./catalog.schema.json`, with the file to write there (init and export --out write it) and
 *    the `paddle-catalog schema` command that does the same.
 */
export function schemaReference(
  outputFile: string,
  projectDir: string,
  packagedSchema: string = packagedSchemaFile(),
): SchemaReference {
  const dir = dirname(outputFile);
  const beside = `./${SCHEMA_FILE_NAME}`;
  if (existsSync(join(dir, SCHEMA_FILE_NAME))) return { path: beside };
  const fromProject = relative(projectDir, packagedSchema);
  const insideProject = !fromProject.startsWith('..') && !isAbsolute(fromProject);
  if (insideProject && existsSync(packagedSchema)) {
    const path = relative(dir, packagedSchema).split(sep).join('/');
    return { path: path.startsWith('.') ? path : `./${path}` };
  }
  const target = join(dir, SCHEMA_FILE_NAME);
  const shownTarget = relative(projectDir, target) || target;
  return { path: beside, create: `paddle-catalog schema > ${shownTarget}`, file: target };
}
