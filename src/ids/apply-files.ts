// apply's --ids-out and --env-out: checked before anything is written to the account, and written
// after the run from what it did. An --ids-out is the id file of `ids` (the typed module for a .ts
// name, else its JSON), keeping the other environment's side.
import { resolve } from 'node:path';
import { UserError } from '../errors.js';
import {
  checkOutputFile,
  refuseInputAsOutput,
  tryWriteOutputFile,
  type UnwrittenFile,
} from '../files/output-file.js';
import { dotenvLines, type KeyResult, liveIdEntries } from '../operations/results.js';
import { idsSide } from './document.js';
import { type IdFileAccount, idFileFormat, idFileText, readIdFile } from './id-file.js';

/** The files an apply writes its ids to, as given (relative to the working folder). */
export interface ApplyFiles {
  idsOut?: string;
  envOut?: string;
  /** the signing secrets' file (src/apply/secrets.ts): checked here with the others, written apart */
  secretsOut?: string;
}

/** Before anything is written to the account: a folder given for an output file, a hand-written module. */
export async function checkOutputs(cwd: string, input: string, flags: ApplyFiles): Promise<void> {
  const outputs = [
    [flags.idsOut, '--ids-out', 'ids.json'],
    [flags.envOut, '--env-out', '.env.paddle'],
    [flags.secretsOut, '--secrets-out', '.env.paddle-secrets'],
  ] as const;
  for (const [out, flag, example] of outputs) {
    if (!out) continue;
    await refuseInputAsOutput(cwd, out, flag, input);
    await checkOutputFile(resolve(cwd, out), out, true, '', example);
  }
  if (flags.idsOut) await readIdFile(resolve(cwd, flags.idsOut), flags.idsOut, idFileFormat(flags.idsOut));
}

/**
 * The files, rewritten on every run (they describe the account as it is now). A file that cannot
 * be written is returned, not thrown: the ids the run made must still be reported.
 */
export async function writeIdFiles(
  cwd: string,
  flags: ApplyFiles,
  account: IdFileAccount & { baseUrl: string },
  results: KeyResult[],
): Promise<UnwrittenFile[]> {
  const side = idsSide(liveIdEntries(results), account.baseUrl, new Date());
  const idsText = (file: string) => idFileText(resolve(cwd, file), file, account, side);
  const files: [string | undefined, (file: string) => Promise<string> | string][] = [
    [flags.idsOut, idsText],
    [flags.envOut, () => `${dotenvLines(results).join('\n')}\n`],
  ];
  const unwritten: UnwrittenFile[] = [];
  for (const [file, text] of files) {
    if (!file) continue;
    const failure = await tryWriteFile(resolve(cwd, file), file, text);
    if (failure) unwritten.push(failure);
  }
  return unwritten;
}

/** The text, then the file: a text that cannot be made (a foreign .ts file) is unwritten too. */
async function tryWriteFile(
  path: string,
  file: string,
  text: (file: string) => Promise<string> | string,
): Promise<UnwrittenFile | undefined> {
  try {
    return await tryWriteOutputFile(path, file, await text(file), { overwrite: true });
  } catch (error) {
    if (!(error instanceof UserError)) throw error;
    return { file, message: error.message };
  }
}
