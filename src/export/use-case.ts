// The export use-case: snapshot → catalog → the file's text, checked as validate checks a file (remote
// data can break a local rule; then the user fixes it). Writing the file is the caller's.
import type { CatalogIssue } from '../catalog/issue.js';
import { readCatalog } from '../catalog/read.js';
import { tooDeepMessage } from '../catalog/rules/custom-data.js';
import type { Catalog } from '../catalog/schema.js';
import { catalogToYaml } from '../catalog/write.js';
import { UserError } from '../errors.js';
import { type CallerSettings, createPacedCalls, DEFAULT_CALLER_SETTINGS } from '../paddle/calls.js';
import type { CatalogGateway } from '../paddle/catalog-gateway.js';
import { CUSTOM_DATA_MAX_DEPTH, nestingDepth } from '../paddle-facts/limits.js';
import { type ExportedObject, type ExportOptions, type ExportResult, exportCatalog } from './export.js';
import { secretFieldWarnings } from './secret-fields.js';

export interface ExportRequest extends ExportOptions {
  gateway: CatalogGateway;
  /** the file as the user named it (--out); absent: stdout */
  out?: string;
  /** the `$schema` reference the file starts with */
  schemaPath: string;
  /** whether a text holds the API key: the file keeps the account's data as it is, and warns */
  holdsSecret?: (text: string) => boolean;
  /** how the account read is paced and retried (absent: Paddle's limit, real time) */
  settings?: CallerSettings;
}

export interface ExportHooks {
  /** runs the account read (e.g. under a spinner) */
  reading?: <T>(work: () => Promise<T>) => Promise<T>;
}

/** What export made: the catalog, the file's text, and what validate says of that text. */
export interface ExportFileResult extends ExportResult {
  environment: ExportOptions['environment'];
  out?: string;
  text: string;
  issues: CatalogIssue[];
}

export async function exportAccount(
  request: ExportRequest,
  hooks: ExportHooks = {},
): Promise<ExportFileResult> {
  const { environment, gateway, out, schemaPath } = request;
  const calls = createPacedCalls(request.settings ?? DEFAULT_CALLER_SETTINGS);
  const read = () =>
    calls.runPaced((pace) =>
      gateway.snapshot({
        discounts: 'if-permitted',
        discountGroups: 'if-permitted',
        notifications: 'if-permitted',
        pace,
      }),
    );
  const snapshot = await (hooks.reading ? hooks.reading(read) : read());
  const exported = exportCatalog(snapshot, request);
  refuseTooDeep(exported.catalog);
  const text = catalogToYaml(exported.catalog, {
    schemaPath,
    header: [
      `Exported from the ${environment} account by paddle-catalog export.`,
      'Amounts are strings in the lowest currency unit: "1000" is $10.00.',
      ...(exported.unmanaged > 0
        ? [`Take these objects over with: paddle-catalog apply ${out ?? 'catalog.yaml'} --adopt`]
        : []),
      ...archivedNote(exported.archived),
    ],
  });
  const issues = readCatalog(out ?? '<export>', text, { environment }).issues;
  const secrets = request.holdsSecret ? secretFieldWarnings(exported.catalog, request.holdsSecret) : [];
  const warnings = [...exported.warnings, ...secrets];
  return { ...exported, warnings, environment, ...(out ? { out } : {}), text, issues };
}

/**
 * Custom data nested deeper than a catalog holds (Paddle accepts it) would exhaust the stack of the
 * YAML writer: refused before writing, naming the first object that has it.
 */
function refuseTooDeep(catalog: Catalog): void {
  const holders = [
    ...Object.entries(catalog.products).flatMap(([key, product]) => [
      [`products.${key}`, product.custom_data] as const,
      ...Object.entries(product.prices ?? {}).map(
        ([priceKey, price]) => [`products.${key}.prices.${priceKey}`, price.custom_data] as const,
      ),
    ]),
    ...Object.entries(catalog.discounts ?? {}).map(
      ([key, d]) => [`discounts.${key}`, d.custom_data] as const,
    ),
  ];
  for (const [path, customData] of holders) {
    const depth = nestingDepth(customData);
    if (depth > CUSTOM_DATA_MAX_DEPTH) {
      throw new UserError(
        `cannot export ${path}.custom_data: ${tooDeepMessage(depth)} (custom-data-too-deep)`,
        'Flatten it in the account, or export another catalog (--catalog) that does not hold the object.',
      );
    }
  }
}

/** Said in the file's header and on stderr: applying the file unarchives what it includes. */
export function archivedNote(archived: readonly ExportedObject[]): string[] {
  if (archived.length === 0) return [];
  const what = archived.map((o) => `${o.kind} ${o.key}`).join(', ');
  return [`Archived in Paddle, included by --include-archived: applying this file unarchives ${what}.`];
}
