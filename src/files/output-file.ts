// The files commands write (export --out, init [file], apply --ids-out/--env-out, plan --emit --out,
// invoice --download):
// checked before the account or the user is asked anything, so a typo costs nothing, and written in
// one way, so every command creates the folder and reports a failure the same.
import { constants } from 'node:fs';
import { access, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { UserError } from '../errors.js';
import { shown } from '../text/escape.js';

/**
 * Whether two names given relative to `cwd` are one file: the same path once resolved, or (when both
 * exist) the same file on disk by a symlink or a hard link.
 */
export async function sameFile(cwd: string, a: string, b: string): Promise<boolean> {
  if (resolve(cwd, a) === resolve(cwd, b)) return true;
  const [first, second] = await Promise.all(
    [a, b].map((file) => stat(resolve(cwd, file)).catch(() => undefined)),
  );
  return first !== undefined && second !== undefined && first.dev === second.dev && first.ino === second.ino;
}

/**
 * Refuses an output that is the very file the command reads (by the same name, a symlink or a hard
 * link: the same file on disk), before anything is read from the account or written: writing it
 * would replace the catalog or plan with its own result.
 */
export async function refuseInputAsOutput(cwd: string, output: string, flag: string, input: string) {
  if (!(await sameFile(cwd, output, input))) return;
  const same = output === input ? '' : ` (the same file as ${shown(input)})`;
  throw new UserError(
    `${flag} ${shown(output)} is the file this command reads${same}; nothing was written`,
    `Give ${flag} another file.`,
  );
}

/**
 * Refuses a folder always, a device, FIFO or socket always (the write renames a file over it, so a
 * pipe a job reads would silently become a file), and an existing file unless `force`; `hint` says
 * what to do instead.
 */
export async function checkOutputFile(
  path: string,
  file: string,
  force: boolean | undefined,
  hint: string,
  example = 'catalog.yaml',
): Promise<void> {
  const found = await stat(path).catch(() => undefined);
  if (found?.isDirectory()) {
    throw new UserError(
      `${file} is a directory; nothing was written`,
      `Give the path of the file to write, e.g. ${join(file, example)}.`,
    );
  }
  if (found && !found.isFile()) {
    throw new UserError(
      `${file} is not a regular file (a device, a FIFO or a socket); nothing was written`,
      'Give the path of a regular file to write.',
    );
  }
  if (found && !force) throw new UserError(`${file} already exists; nothing was written`, hint);
}

/**
 * Writes `text` to `path` (`file` is how the user wrote it), creating its folder. With `overwrite`
 * false, never over a file that appeared since the check; `appeared` says when, for the message.
 * With `overwrite` the text goes to a temporary file beside it that is then renamed over it, so a
 * reader (an app's build, a second run merging into it) never sees half a file.
 */
export async function writeOutputFile(
  path: string,
  file: string,
  text: string,
  /** `mode`: the new file's permissions (a secrets file: 0600), set as it is created */
  options: { overwrite: boolean; appeared?: string; mode?: number },
): Promise<void> {
  try {
    await mkdir(dirname(path), { recursive: true });
    if (options.overwrite) await replaceFile(path, text, options.mode);
    else await writeFile(path, text, { encoding: 'utf8', flag: 'wx', mode: options.mode });
  } catch (error) {
    const { code, syscall } = error as NodeJS.ErrnoException;
    if (code === 'EEXIST' && syscall === 'open') {
      throw new UserError(`${file} appeared ${options.appeared ?? 'meanwhile'}; nothing was written`);
    }
    throw new UserError(`cannot write ${file}: ${whyNot(error as NodeJS.ErrnoException, dirname(file))}`);
  }
}

async function replaceFile(path: string, text: string, mode?: number): Promise<void> {
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  try {
    // created with its mode: the text is never readable by others, not even for a moment
    await writeFile(temporary, text, { encoding: 'utf8', flag: 'wx', mode });
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/** Why a write failed, in words, from the system's error code (the code itself when it is a rare one). */
function whyNot({ code, message }: NodeJS.ErrnoException, folder: string): string {
  if (code === 'ENOENT' || code === 'ENOTDIR') return `the folder ${folder} does not exist`;
  // mkdir's answer when the folder's name is taken by a file
  if (code === 'EEXIST') return `${folder} is a file, not a folder`;
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS')
    return `no permission to write there (${code})`;
  if (code === 'EISDIR') return 'it is a directory';
  return code ?? message;
}

/** A file that could not be written, for a command that reports it in its result instead of stopping. */
export interface UnwrittenFile {
  file: string;
  message: string;
}

/** writeOutputFile, with its failure returned (for a result that must still be shown whole). */
export async function tryWriteOutputFile(
  ...args: Parameters<typeof writeOutputFile>
): Promise<UnwrittenFile | undefined> {
  try {
    await writeOutputFile(...args);
    return undefined;
  } catch (error) {
    if (!(error instanceof UserError)) throw error;
    return { file: args[1], message: error.message };
  }
}

/** For a writer that creates no folders (invoice --download): the file's folder exists and is writable. */
export async function checkFolderWritable(path: string, file: string): Promise<void> {
  try {
    await access(dirname(path), constants.W_OK);
  } catch (error) {
    const why = whyNot(error as NodeJS.ErrnoException, dirname(file));
    throw new UserError(
      `Cannot write ${file}: ${why}; nothing was written`,
      `Give a file in a folder you can write to, e.g. ./${basename(file)}.`,
    );
  }
}
