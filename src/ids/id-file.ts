// Reading an id file back before a side is added to it: the thin I/O around render.ts's parser.
import { UserError } from '../errors.js';
import { type FileLimits, readRegularFile } from '../files/bounded-read.js';
import type { EnvironmentName } from '../paddle-facts/environments.js';
import { type IdsDocument, type IdsSide, withSide } from './document.js';
import type { IdsFeatures } from './features.js';
import { formatOf, parseIdsFile, renderJson, renderTs } from './render.js';

/** An id file holds a few thousand keys and ids: far under this. */
const ID_FILE: FileLimits = { kind: 'id file', maxBytes: 16 * 1024 * 1024 };

/** The file's text, or undefined when there is none; a FIFO or a device is refused unopened. */
async function readText(path: string, file: string): Promise<string | undefined> {
  try {
    return (await readRegularFile(path, file, ID_FILE)).toString('utf8');
  } catch (error) {
    if (error instanceof UserError) throw error;
    // none there yet (a file named as its folder fails when it is written, and is reported then)
    if (['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '')) return undefined;
    throw new UserError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? 'unknown error'}`);
  }
}

/** The file at `path` (`file` as the user wrote it) to add a side to, or undefined when there is none yet. */
export async function readIdFile(
  path: string,
  file: string,
  format: 'json' | 'ts',
): Promise<IdsDocument | undefined> {
  const text = await readText(path, file);
  if (text === undefined) return undefined;
  const parsed = parseIdsFile(text, format);
  if ('notOurs' in parsed) {
    throw new UserError(
      `${file} exists and ${parsed.notOurs}; nothing was written`,
      'Give another --out file, or remove this one: ids adds its environment to a file it wrote itself.',
    );
  }
  return parsed;
}

/** An id file to read the ids of `environment` from (refs --ids-file): it must exist, be ours and hold them. */
export async function loadIdFile(
  path: string,
  file: string,
  environment: EnvironmentName,
): Promise<IdsDocument> {
  const format = formatOf(file, undefined);
  const text = await readText(path, file);
  const parsed =
    text === undefined
      ? { notOurs: 'does not exist' }
      : format === 'json' || format === 'ts'
        ? parseIdsFile(text, format)
        : { notOurs: 'is not a .json or .ts id file' };
  if ('notOurs' in parsed)
    throw new UserError(`${file} ${parsed.notOurs.replace(/^it /, '')}; nothing was checked`);
  if (!parsed.environments[environment]) {
    throw new UserError(
      `${file} has no ${environment} ids`,
      `Write them with: paddle-catalog ids <catalog>${environment === 'production' ? ' --production' : ''} --out ${file}`,
    );
  }
  return parsed;
}

/** Refuses to put one catalog's ids into the file of another: they would sit beside keys they do not belong to. */
export function checkSameCatalog(existing: IdsDocument | undefined, file: string, catalog: string): void {
  if (existing && existing.catalog !== catalog) {
    throw new UserError(
      `${file} holds the ids of catalog "${existing.catalog}", not "${catalog}"; nothing was written`,
      'Give each catalog its own id file.',
    );
  }
}

/** Whose ids a file holds, and the catalog's features (features.ts). */
export interface IdFileAccount {
  catalog: string;
  environment: EnvironmentName;
  features?: IdsFeatures | undefined;
}

/**
 * `apply --ids-out`: the id file `ids` writes (the module for a .ts name, else the JSON), with this
 * environment's side, the file's other side kept. One format, so `refs --ids-file` and `ids --out`
 * read what apply wrote.
 */
export async function idFileText(
  path: string,
  file: string,
  account: IdFileAccount,
  side: IdsSide,
): Promise<string> {
  const format = idFileFormat(file);
  const existing = await readIdFile(path, file, format);
  checkSameCatalog(existing, file, account.catalog);
  const document = withSide(existing, account.catalog, account.environment, side, account.features);
  return format === 'ts' ? renderTs(document) : renderJson(document);
}

/** An --ids-out named .ts is the typed module; any other name the JSON. */
export function idFileFormat(file: string): 'json' | 'ts' {
  return formatOf(file, undefined) === 'ts' ? 'ts' : 'json';
}
