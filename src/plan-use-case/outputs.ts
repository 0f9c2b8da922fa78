// The files one plan run writes must be different files: the saved plan (--out) and the customers to
// tell (--notices-out) written to one would leave only the last written, with the run answering as if
// both were kept. Refused before the account is read, so a typo costs nothing.
import { UserError } from '../errors.js';
import { sameFile } from '../files/output-file.js';
import { shown } from '../text/escape.js';

/** Refuses --out and --notices-out naming one file (by name, path, symlink or hard link). */
export async function refuseOneFileForTwoOutputs(
  cwd: string,
  out: string | undefined,
  noticesOut: string | undefined,
): Promise<void> {
  if (out === undefined || noticesOut === undefined || !(await sameFile(cwd, out, noticesOut))) return;
  throw new UserError(
    `--out ${shown(out)} and --notices-out ${shown(noticesOut)} name one file: one would overwrite the other; nothing was read or written`,
    'Give --notices-out another file, e.g. notices.csv.',
  );
}
