// Every temp folder of a run lives in one folder made for that run and removed at its end
// (TMPDIR, which os.tmpdir() and the CLI processes the tests start both read): a test that forgets
// its folder, or a process killed before it could clean up, leaves nothing in the system's temp
// folder, and two runs side by side never meet in it.
import { accessSync, constants, mkdtempSync, readFileSync, rmSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const MEMORY = '/dev/shm';
/** Room for two runs side by side with the packed app installed in each (about 40 MB a run). */
const MEMORY_ROOM = 2 ** 30;

/**
 * Where the run's folder goes: a TMPDIR that is set; otherwise Linux's memory-backed /dev/shm when
 * it has room and lets files be written and run (the action tests run scripts from temp folders);
 * otherwise the system's temp folder. A run writes and removes thousands of files (the packed
 * app's install alone is 4,500): on this machine's disk that costs 4 s of system time more.
 */
function tempBase(): string {
  if (process.env.TMPDIR || process.platform !== 'linux') return tmpdir();
  try {
    const { bavail, bsize } = statfsSync(MEMORY);
    accessSync(MEMORY, constants.W_OK);
    const mount = readFileSync('/proc/mounts', 'utf8')
      .split('\n')
      .map((line) => line.split(' '))
      .findLast((fields) => fields[1] === MEMORY);
    const options = mount?.[3]?.split(',') ?? ['noexec'];
    if (bavail * bsize >= MEMORY_ROOM && !options.includes('noexec')) return MEMORY;
  } catch {
    // no /dev/shm, or not ours to write: the system's temp folder does
  }
  return tmpdir();
}

export default function tempRoot(): () => void {
  const root = mkdtempSync(join(tempBase(), 'paddle-catalog-tests-'));
  process.env.TMPDIR = root;
  return () => rmSync(root, { recursive: true, force: true });
}
