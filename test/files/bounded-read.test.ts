// The one reader of every file the tool reads: a FIFO, a device or a link to one is refused from
// its path, before it is opened (a FIFO opened for reading waits for a writer, on a thread neither
// --timeout nor a signal can free); a file over its limit is refused before a byte is read.
import { execFileSync } from 'node:child_process';
import { rm, symlink, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadSeedFile } from '../../src/emulator/seed-file.js';
import { readStateFile } from '../../src/emulator/state-file.js';
import { UserError } from '../../src/errors.js';
import {
  type FileLimits,
  readBounded,
  readBoundedSync,
  readRegularFile,
} from '../../src/files/bounded-read.js';
import { loadIdFile, readIdFile } from '../../src/ids/id-file.js';
import { tempDir } from '../support/catalog-files.js';

const LIMITS: FileLimits = { kind: 'id file', maxBytes: 1024 };
let dir: string;

beforeEach(async () => {
  dir = tempDir();
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const kinds: [string, (path: string) => Promise<unknown>, string][] = [
  ['a FIFO no one writes to', async (path) => execFileSync('mkfifo', [path]), 'not a regular file'],
  ['a symlink to /dev/zero', (path) => symlink('/dev/zero', path), 'not a regular file'],
  ['a character device itself', async () => undefined, 'not a regular file'],
  ['a file over the limit', (path) => writeFile(path, 'x'.repeat(1025)), 'too large'],
  [
    'a sparse file far over the limit',
    (path) => writeFile(path, '').then(() => truncate(path, 1e9)),
    'too large',
  ],
];

describe('a file that is not a regular file, or too large, is refused before it is read', () => {
  it.each(kinds)('%s: refused, async and sync', async (what, make, refused) => {
    const path = what === 'a character device itself' ? '/dev/zero' : join(dir, 'paddle-ids.ts');
    await make(path);
    expect(await readBounded(path, LIMITS)).toEqual({ refused });
    expect(readBoundedSync(path, LIMITS)).toEqual({ refused });
  });

  it('the refusal is one line naming the file and what it is', async () => {
    const path = join(dir, 'paddle-ids.ts');
    execFileSync('mkfifo', [path]);
    await expect(readRegularFile(path, 'src/paddle-ids.ts', LIMITS)).rejects.toThrow(
      new UserError(
        'src/paddle-ids.ts is not a regular file (a device, a FIFO or a socket); it was not read',
      ),
    );
    await writeFile(path.replace('.ts', '.json'), 'x'.repeat(2048));
    await expect(readRegularFile(path.replace('.ts', '.json'), 'ids.json', LIMITS)).rejects.toThrow(
      'ids.json is larger than 1024 bytes, more than any id file; it was not read',
    );
  });

  it('a regular file is read whole, through a link unless links are refused', async () => {
    const path = join(dir, 'ids.json');
    await writeFile(path, 'x'.repeat(1024));
    await symlink(path, join(dir, 'link.json'));
    expect((await readBounded(join(dir, 'link.json'), LIMITS)) as Buffer).toHaveLength(1024);
    expect((readBoundedSync(path, LIMITS) as Buffer).toString()).toBe('x'.repeat(1024));
    expect(await readBounded(join(dir, 'link.json'), { ...LIMITS, noFollow: true })).toEqual({
      refused: 'not a regular file',
    });
  });

  it('a missing file or a folder is the system error, for the caller to name', async () => {
    await expect(readBounded(join(dir, 'none'), LIMITS)).rejects.toMatchObject({ code: 'ENOENT' });
    expect(() => readBoundedSync(dir, LIMITS)).toThrow(expect.objectContaining({ code: 'EISDIR' }));
  });
});

describe("the tool's readers go through it", () => {
  const readers: [string, (path: string) => Promise<unknown>][] = [
    ['an id file to add a side to', (path) => readIdFile(path, path, 'ts')],
    ['refs --ids-file', (path) => loadIdFile(path, path, 'production')],
    ["the emulator's --seed file", (path) => loadSeedFile(path)],
    ["the emulator's --state file", async (path) => readStateFile(path)],
  ];
  it.each(readers)('%s: a FIFO is refused unopened', async (_what, read) => {
    const path = join(dir, 'file.ts');
    execFileSync('mkfifo', [path]);
    await expect(read(path)).rejects.toThrow(`${path} is not a regular file`);
  });
});
