// `ids`: the same account read as plan, turned into the key → id maps of the catalog's objects, and
// written as JSON, dotenv lines or a TypeScript module; a json or ts file that holds the other
// environment's ids keeps them. Nothing is written to the account.

import { resolve } from 'node:path';
import type { IdEntry } from '../catalog/env-names.js';
import { type Catalog, catalogName } from '../catalog/schema.js';
import { UserError } from '../errors.js';
import { checkOutputFile, tryWriteOutputFile, type UnwrittenFile } from '../files/output-file.js';
import type { EnvironmentName } from '../paddle-facts/environments.js';
import { type PlanHooks, type PlanRequest, planAccount } from '../plan-use-case/account.js';
import {
  type IdsDocument,
  type IdsSide,
  idsFromPlan,
  idsSide,
  type MissingKey,
  withSide,
} from './document.js';
import { idsFeatures } from './features.js';
import { checkSameCatalog, readIdFile } from './id-file.js';
import { formatOf, type IdsFormat, renderEnv, renderJson, renderTs } from './render.js';

export interface IdsRequest extends Omit<PlanRequest, 'options'> {
  /** the API the account was read from, for the file (never the key) */
  baseUrl: string;
  now: () => Date;
}

export interface IdsResult {
  environment: EnvironmentName;
  catalog: string;
  entries: IdEntry[];
  side: IdsSide;
  missing: MissingKey[];
}

export async function readIds(request: IdsRequest, hooks: PlanHooks = {}): Promise<IdsResult> {
  const { environment, catalog, gateway, baseUrl, now, settings } = request;
  const { plan } = await planAccount({ environment, catalog, gateway, options: {}, settings }, hooks);
  const { entries, missing } = idsFromPlan(plan);
  return {
    environment,
    catalog: catalogName(catalog),
    entries,
    side: idsSide(entries, baseUrl, now()),
    missing,
  };
}

/** The format to write: --format, else the --out file's name tells it. */
export function idsFormat(out: string | undefined, format: IdsFormat | undefined): IdsFormat {
  const chosen = formatOf(out, format);
  if (chosen) return chosen;
  throw new UserError(
    `cannot tell the format of ${out} from its name`,
    'Name it .json, .ts or .env, or give --format json|env|ts.',
  );
}

/** Where the ids go: `out` as given (resolved against `cwd`), or stdout when absent. */
export interface IdsOutput {
  cwd: string;
  out?: string;
  format: IdsFormat;
  /** exit 0 and write even when keys of the catalog are missing in the account */
  allowMissing?: boolean;
}

/** The file to add this side to (json and ts only), read before the account is. */
export async function existingIdsFile({ cwd, out, format }: IdsOutput): Promise<IdsDocument | undefined> {
  if (out === undefined) return undefined;
  const path = resolve(cwd, out);
  await checkOutputFile(path, out, true, '', format === 'env' ? '.env.paddle' : `paddle-ids.${format}`);
  return format === 'env' ? undefined : readIdFile(path, out, format);
}

/** What ids shows: what it read, the text of the format, and whether the text was written. */
export interface IdsReport extends IdsResult {
  format: IdsFormat;
  document: IdsDocument;
  text: string;
  out?: string;
  /** keys were missing without --allow-missing: nothing was written */
  refused: boolean;
  unwritten?: UnwrittenFile;
}

/** This side's document beside the file's other sides; written to `out` unless keys are missing. */
export async function writeIds(
  read: IdsResult,
  catalog: Catalog,
  output: IdsOutput,
  existing: IdsDocument | undefined,
): Promise<IdsReport> {
  const { cwd, out, format } = output;
  if (out) checkSameCatalog(existing, out, read.catalog);
  const document = withSide(existing, read.catalog, read.environment, read.side, idsFeatures(catalog));
  const text =
    format === 'env' ? renderEnv(read.side) : format === 'ts' ? renderTs(document) : renderJson(document);
  const refused = read.missing.length > 0 && !output.allowMissing;
  const unwritten =
    out && !refused ? await tryWriteOutputFile(resolve(cwd, out), out, text, { overwrite: true }) : undefined;
  return { ...read, format, document, text, out, refused, unwritten };
}
