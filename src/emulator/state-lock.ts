// One emulator per --state file: two writing the same file would each overwrite what the other
// wrote. The first takes `<file>.lock` (its pid, then its URL); a second refuses to start, naming
// them. A lock whose process is gone (a kill -9) is stale and taken over.
//
// Taking over is a removal then a creation, and two emulators starting together over one stale
// lock must not both do it: the second would remove the lock the first just made, and both would
// write. So a taker first links the lock to `<file>.lock.breaking`, which only one can create;
// that link also pins the file it judges: while it exists, no one else can remove the lock.
import { randomUUID } from 'node:crypto';
import { linkSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { UserError } from '../errors.js';
import { readBoundedSync } from '../files/bounded-read.js';

export interface StateLock {
  /** records where this emulator listens, for the message a second one gives */
  setUrl(url: string): void;
  release(): void;
}

/**
 * Where a takeover may be interleaved with another emulator's start (tests run one there).
 * @internal The lock test stops a takeover at each step by name.
 */
export type TakeoverStep = 'judged-stale' | 'holding-breaker';

export interface LockOptions {
  /** called at each step of a takeover; a test starts another emulator there */
  onTakeoverStep?: (step: TakeoverStep) => void;
}

interface LockContent {
  pid: number;
  url?: string;
}

/** Whether process `pid` runs (a process of another user counts: it may be an emulator too). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function holderOf(lockFile: string): LockContent | undefined {
  try {
    // a pid and a URL; anything larger, or not a regular file, holds no emulator
    const read = readBoundedSync(lockFile, { kind: 'lock file', maxBytes: 4096 });
    if ('refused' in read) return undefined;
    const content = JSON.parse(read.toString('utf8')) as Partial<LockContent>;
    return Number.isInteger(content.pid) ? (content as LockContent) : undefined;
  } catch {
    return undefined;
  }
}

function code(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException).code;
}

function cannotLock(stateFile: string, error: unknown): UserError {
  return new UserError(`Cannot lock the state file ${stateFile}: ${(error as Error).message}`);
}

function inUse(stateFile: string, lockFile: string, holder: LockContent): UserError {
  return new UserError(
    `The state file ${stateFile} is in use by another emulator (pid ${holder.pid}${holder.url ? `, ${holder.url}` : ''}); two would overwrite each other's changes.`,
    `Stop that emulator first, or pass another --state file. (${lockFile} names it.)`,
  );
}

/**
 * Creates the lock, whole: written aside then linked into place, so no one ever reads an empty
 * lock (and judges it stale) while its emulator is still writing it. False when one exists.
 */
function create(lockFile: string, content: LockContent, stateFile: string): boolean {
  const aside = `${lockFile}.${process.pid}.${randomUUID()}`;
  try {
    writeFileSync(aside, `${JSON.stringify(content)}\n`, { flag: 'wx' });
    linkSync(aside, lockFile);
    return true;
  } catch (error) {
    if (code(error) === 'EEXIST') return false;
    throw cannotLock(stateFile, error);
  } finally {
    rmSync(aside, { force: true });
  }
}

/**
 * Removes the stale lock, holding the breaker link so no other emulator removes a lock in the
 * meantime. Throws when another emulator holds the lock or is taking it over.
 */
function breakStaleLock(stateFile: string, lockFile: string, options: LockOptions): void {
  const breaker = `${lockFile}.breaking`;
  try {
    linkSync(lockFile, breaker);
  } catch (error) {
    if (code(error) === 'ENOENT') return; // gone already: try to create it
    if (code(error) !== 'EEXIST') throw cannotLock(stateFile, error);
    throw new UserError(
      `Another emulator is taking over the stale lock of the state file ${stateFile} right now.`,
      `Start again once it runs (it will be named), or, if none is starting, remove ${breaker}.`,
    );
  }
  try {
    options.onTakeoverStep?.('holding-breaker');
    // judged again on the pinned file: another may have taken it over since we looked
    const holder = holderOf(breaker);
    if (holder && alive(holder.pid)) throw inUse(stateFile, lockFile, holder);
    rmSync(lockFile, { force: true });
  } finally {
    rmSync(breaker, { force: true });
  }
}

/** Takes the lock of `stateFile`, or throws a UserError naming the emulator that holds it. */
export function lockStateFile(stateFile: string, options: LockOptions = {}): StateLock {
  const lockFile = `${stateFile}.lock`;
  const mine = { pid: process.pid };
  // twice at most: once over the stale lock, once after breaking it (a lock made in between is live)
  for (let attempt = 0; !create(lockFile, mine, stateFile); attempt++) {
    const holder = holderOf(lockFile);
    if (holder && alive(holder.pid)) throw inUse(stateFile, lockFile, holder);
    if (attempt > 0) throw cannotLock(stateFile, new Error(`${lockFile} could not be taken over`));
    options.onTakeoverStep?.('judged-stale');
    breakStaleLock(stateFile, lockFile, options);
  }
  return {
    setUrl: (url) => {
      // replaced whole, for the same reason it is created whole
      const aside = `${lockFile}.${process.pid}.${randomUUID()}`;
      writeFileSync(aside, `${JSON.stringify({ ...mine, url })}\n`, { flag: 'wx' });
      renameSync(aside, lockFile);
    },
    release: () => rmSync(lockFile, { force: true }),
  };
}
