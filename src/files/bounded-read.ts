// Every file the tool reads comes from a pull request as much as from its author: a symlink to
// /dev/zero or a FIFO committed in its place would be read without end or block the run (past
// --timeout and signals: a blocked open holds a thread no one can interrupt). So a path must lead
// to a regular file no larger than its limit: the path is looked at before it is opened (a FIFO or
// a device is never opened), and the opened file again before a byte is read (it may have been
// swapped in between; opening does not wait for a FIFO's writer). This file imports only errors.ts:
// every layer, the emulator included, reads through it.
import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  openSync,
  readSync,
  type Stats,
  statSync,
} from 'node:fs';
import { lstat, open, stat } from 'node:fs/promises';
import { UserError } from '../errors.js';

const MIB = 1024 * 1024;

/**
 * 16 MiB: a catalog of 3,000 products with 3 prices each is under 2 MiB.
 * @internal The hostile-files test builds a file one byte past the limit.
 */
export const MAX_CATALOG_BYTES = 16 * MIB;

/** What a file is to the user and how large it may be. */
export interface FileLimits {
  /** named in a refusal: "more than any catalog" */
  kind: string;
  maxBytes: number;
  /** refuse a symlink too, rather than read what it points to */
  noFollow?: boolean;
}

const CATALOG_FILE: FileLimits = { kind: 'catalog', maxBytes: MAX_CATALOG_BYTES };

/** Why a file was not read; anything else (not found, no permission) is the system's error, thrown. */
export type Refusal = 'not a regular file' | 'too large';

const OPEN_FLAGS = constants.O_RDONLY | constants.O_NONBLOCK;

function refusalOf(found: Stats, limits: FileLimits): Refusal | undefined {
  // as opening a directory fails where the system refuses it (the caller names it)
  if (found.isDirectory()) throw Object.assign(new Error('EISDIR: is a directory'), { code: 'EISDIR' });
  if (!found.isFile()) return 'not a regular file';
  return found.size > limits.maxBytes ? 'too large' : undefined;
}

const flagsOf = (limits: FileLimits) => OPEN_FLAGS | (limits.noFollow ? constants.O_NOFOLLOW : 0);

/**
 * The bytes read so far, up to the limit: all of them in one read, normally; more reads only if
 * the file grew since it was measured.
 */
class Collected {
  private readonly chunks: Buffer[] = [];
  private length = 0;
  constructor(private readonly limits: FileLimits) {}
  /** the next buffer to read into, at `position` */
  next(opened: Stats): { chunk: Buffer; position: number } {
    return { chunk: Buffer.alloc(this.length === 0 ? opened.size + 1 : 64 * 1024), position: this.length };
  }
  /** after a read: the whole file, the limit passed, or undefined to read on */
  add(chunk: Buffer, bytesRead: number): Buffer | { refused: Refusal } | undefined {
    if (bytesRead === 0) return Buffer.concat(this.chunks, this.length);
    this.chunks.push(chunk.subarray(0, bytesRead));
    this.length += bytesRead;
    return this.length > this.limits.maxBytes ? { refused: 'too large' } : undefined;
  }
}

/** The bytes of the regular file at `path`, or why it was refused before any byte was read. */
export async function readBounded(path: string, limits: FileLimits): Promise<Buffer | { refused: Refusal }> {
  const before = refusalOf(await (limits.noFollow ? lstat(path) : stat(path)), limits);
  if (before) return { refused: before };
  const handle = await open(path, flagsOf(limits));
  try {
    const opened = await handle.stat();
    const refused = refusalOf(opened, limits);
    if (refused) return { refused };
    const collected = new Collected(limits);
    for (;;) {
      const { chunk, position } = collected.next(opened);
      const done = collected.add(chunk, (await handle.read(chunk, 0, chunk.length, position)).bytesRead);
      if (done) return done;
    }
  } finally {
    await handle.close();
  }
}

/** readBounded for the few readers that are synchronous (the emulator's state and lock at start-up). */
export function readBoundedSync(path: string, limits: FileLimits): Buffer | { refused: Refusal } {
  const before = refusalOf(limits.noFollow ? lstatSync(path) : statSync(path), limits);
  if (before) return { refused: before };
  const fd = openSync(path, flagsOf(limits));
  try {
    const opened = fstatSync(fd);
    const refused = refusalOf(opened, limits);
    if (refused) return { refused };
    const collected = new Collected(limits);
    for (;;) {
      const { chunk, position } = collected.next(opened);
      const done = collected.add(chunk, readSync(fd, chunk, 0, chunk.length, position));
      if (done) return done;
    }
  } finally {
    closeSync(fd);
  }
}

const sizeOf = (bytes: number) => (bytes % MIB === 0 ? `${bytes / MIB} MiB` : `${bytes} bytes`);

/** The one-line error for a refused file (`file` as the user wrote it). */
function refusalError(file: string, refused: Refusal, limits: FileLimits): UserError {
  return refused === 'too large'
    ? new UserError(
        `${file} is larger than ${sizeOf(limits.maxBytes)}, more than any ${limits.kind}; it was not read`,
      )
    : new UserError(`${file} is not a regular file (a device, a FIFO or a socket); it was not read`);
}

/** The bytes of the regular file at `path` (shown as `file`), or a UserError saying why not. */
export async function readRegularFile(path: string, file: string, limits = CATALOG_FILE): Promise<Buffer> {
  const read = await readBounded(path, limits);
  if ('refused' in read) throw refusalError(file, read.refused, limits);
  return read;
}

/** readRegularFile for the readers that are synchronous. */
export function readRegularFileSync(path: string, file: string, limits: FileLimits): Buffer {
  const read = readBoundedSync(path, limits);
  if ('refused' in read) throw refusalError(file, read.refused, limits);
  return read;
}
