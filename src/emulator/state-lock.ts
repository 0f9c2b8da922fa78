// One emulator per --state file: two writing the same file would each overwrite what the other
// wrote. The first takes `<file>.lock` (its pid, then its URL); a second refuses to start, naming
// them. A lock whose process is gone (a kill -9) is stale and taken over.
import { rmSync, writeFileSync } from 'node:fs';
import { UserError } from '../errors.js';
import { readBoundedSync } from '../files/bounded-read.js';

export interface StateLock {
  /** records where this emulator listens, for the message a second one gives */
  setUrl(url: string): void;
  release(): void;
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

/** Takes the lock of `stateFile`, or throws a UserError naming the emulator that holds it. */
export function lockStateFile(stateFile: string): StateLock {
  const lockFile = `${stateFile}.lock`;
  const write = (content: LockContent, flag: 'wx' | 'w') =>
    writeFileSync(lockFile, `${JSON.stringify(content)}\n`, { flag });
  try {
    write({ pid: process.pid }, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
      throw new UserError(`Cannot lock the state file ${stateFile}: ${(error as Error).message}`);
    }
    const holder = holderOf(lockFile);
    if (holder && alive(holder.pid)) {
      throw new UserError(
        `The state file ${stateFile} is in use by another emulator (pid ${holder.pid}${holder.url ? `, ${holder.url}` : ''}); two would overwrite each other's changes.`,
        `Stop that emulator first, or pass another --state file. (${lockFile} names it.)`,
      );
    }
    // stale: its emulator is gone
    rmSync(lockFile, { force: true });
    return lockStateFile(stateFile);
  }
  return {
    setUrl: (url) => write({ pid: process.pid, url }, 'w'),
    release: () => rmSync(lockFile, { force: true }),
  };
}
