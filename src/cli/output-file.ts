// The file a command is about to write (export --out, init [file]), checked before the account or
// the user is asked anything, so a typo costs nothing.
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { UserError } from '../errors.js';

/** Refuses a folder always, and an existing file unless `force`; `hint` says what to do instead. */
export async function checkOutputFile(
  path: string,
  file: string,
  force: boolean | undefined,
  hint: string,
): Promise<void> {
  const found = await stat(path).catch(() => undefined);
  if (found?.isDirectory()) {
    throw new UserError(
      `${file} is a directory; nothing was written`,
      `Give the path of the file to write, e.g. ${join(file, 'catalog.yaml')}.`,
    );
  }
  if (found && !force) throw new UserError(`${file} already exists; nothing was written`, hint);
}
