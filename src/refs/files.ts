// Which files refs reads, and reading them: the working tree as git sees it (tracked and untracked,
// .gitignore honoured: `git ls-files -co --exclude-standard`), or a plain walk outside a repository
// (without .git and node_modules). Only regular files up to MAX_FILE_BYTES that are not binary are
// scanned; symlinks, FIFOs and devices are never opened (a link to /dev/zero would never end), and
// the tool's own saved plans and reviews are skipped.
import { execFile } from 'node:child_process';
import { lstat, readdir } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { UserError } from '../errors.js';
import { type FileLimits, readBounded } from '../files/bounded-read.js';
import { isOwnOutput } from './own-files.js';
import { findIds, looksBinary, type Occurrence } from './scan.js';

/** Larger files are skipped (and counted): a bundle is rarely this big, a data dump often is. */
export const MAX_FILE_BYTES = 4 * 1024 * 1024;
const READ_CONCURRENCY = 32;
/** a link is never followed: it may lead out of the tree, or to /dev/zero */
const SCANNED: FileLimits = { kind: 'scanned file', maxBytes: MAX_FILE_BYTES, noFollow: true };
/** Never walked outside a repository: their contents are not the app's own code. */
const WALK_SKIPS = new Set(['.git', 'node_modules']);

export interface ScanTotals {
  scanned: number;
  /** skipped: a NUL byte in the first 8 KB */
  binary: number;
  /** skipped: over MAX_FILE_BYTES */
  large: number;
  /** skipped: not a regular file (a symlink, FIFO or device), or gone before it was read */
  other: number;
  /** skipped: a saved plan or a review of paddle-catalog */
  plans: number;
}

const run = promisify(execFile);

/** The files under `dir` as git lists them, or undefined when it is not in a git work tree. */
async function gitFiles(dir: string): Promise<string[] | undefined> {
  try {
    const { stdout } = await run('git', ['-C', dir, 'ls-files', '-co', '--exclude-standard', '-z'], {
      maxBuffer: 256 * 1024 * 1024,
    });
    return stdout
      .split('\0')
      .filter(Boolean)
      .map((path) => join(dir, path));
  } catch {
    return undefined;
  }
}

async function walk(dir: string, into: string[]): Promise<void> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!WALK_SKIPS.has(entry.name)) await walk(join(dir, entry.name), into);
    } else {
      into.push(join(dir, entry.name));
    }
  }
}

/** Every file to look at under `paths` (default: the working directory), absolute, each once. */
export async function listFiles(paths: readonly string[], cwd: string): Promise<string[]> {
  const files = new Set<string>();
  for (const path of paths.length > 0 ? paths : ['.']) {
    const absolute = resolve(cwd, path);
    const found = await lstat(absolute).catch(() => undefined);
    if (!found) throw new UserError(`${path} does not exist`);
    if (!found.isDirectory()) {
      files.add(absolute);
      continue;
    }
    let listed = await gitFiles(absolute);
    if (listed === undefined) {
      listed = [];
      await walk(absolute, listed);
    }
    for (const file of listed) files.add(file);
  }
  return [...files].sort();
}

/** How a file is named in a finding: relative to the working directory when it is inside it. */
function displayPath(file: string, cwd: string): string {
  const path = relative(cwd, file);
  return path === '' || path.startsWith('..') || isAbsolute(path) ? file : path.split(sep).join('/');
}

/** Reads every file (a few at a time) and finds the ids in it. */
export async function scanFiles(
  files: readonly string[],
  cwd: string,
): Promise<{ occurrences: Occurrence[]; totals: ScanTotals }> {
  const totals: ScanTotals = { scanned: 0, binary: 0, large: 0, other: 0, plans: 0 };
  const perFile: Occurrence[][] = new Array(files.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < files.length; i = next++) {
      perFile[i] = await scanOne(files[i] as string, cwd, totals);
    }
  };
  await Promise.all(Array.from({ length: Math.min(READ_CONCURRENCY, files.length) }, worker));
  return { occurrences: perFile.flat(), totals };
}

async function scanOne(file: string, cwd: string, totals: ScanTotals): Promise<Occurrence[]> {
  const bytes = await readBounded(file, SCANNED).catch(() => ({ refused: 'not a regular file' as const }));
  if ('refused' in bytes) {
    totals[bytes.refused === 'too large' ? 'large' : 'other'] += 1;
    return [];
  }
  if (looksBinary(bytes)) {
    totals.binary += 1;
    return [];
  }
  const text = bytes.toString('utf8');
  if (isOwnOutput(text)) {
    totals.plans += 1;
    return [];
  }
  totals.scanned += 1;
  return findIds(displayPath(file, cwd), text);
}
