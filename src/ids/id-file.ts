// Reading an id file back before a side is added to it: the thin I/O around render.ts's parser.
import { readFile } from 'node:fs/promises';
import { UserError } from '../errors.js';
import type { IdsDocument } from './document.js';
import { parseIdsFile } from './render.js';

/** The file at `path` (`file` as the user wrote it), or undefined when there is none yet. */
export async function readIdFile(
  path: string,
  file: string,
  format: 'json' | 'ts',
): Promise<IdsDocument | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new UserError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? 'unknown error'}`);
  }
  const parsed = parseIdsFile(text, format);
  if ('notOurs' in parsed) {
    throw new UserError(
      `${file} exists and ${parsed.notOurs}; nothing was written`,
      'Give another --out file, or remove this one: ids adds its environment to a file it wrote itself.',
    );
  }
  return parsed;
}
