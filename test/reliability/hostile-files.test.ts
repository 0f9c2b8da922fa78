// A catalog path a pull request may commit: a symlink to /dev/zero, a FIFO, a huge file. Each is
// refused before it is read, quickly and in one line; nothing is sent.
import { execFileSync } from 'node:child_process';
import { symlink, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_CATALOG_BYTES } from '../../src/catalog/bounded-read.js';
import { runCliInProcess } from '../helpers/run-cli-in-process.js';
import { withTempDir } from './support/canary.js';

describe('a catalog path must be a regular file under 16 MiB', () => {
  it.each([
    ['a symlink to /dev/zero', async (path: string) => symlink('/dev/zero', path), 'is not a regular file'],
    [
      'a FIFO no one writes to',
      async (path: string) => execFileSync('mkfifo', [path]),
      'is not a regular file',
    ],
    [
      'a file over 16 MiB',
      async (path: string) => {
        await writeFile(path, 'version: 1\n');
        await truncate(path, MAX_CATALOG_BYTES + 1);
      },
      'is larger than 16 MiB, more than any catalog; it was not read',
    ],
  ])('%s: validate and plan refuse it at once, exit 1', (_what, make, message) =>
    withTempDir('pc-files-', async (dir) => {
      const path = join(dir, 'catalog.yaml');
      await make(path);
      // a run that waited on the file would not end before its bound (code null, not 1)
      const [validate, plan] = await Promise.all([
        runCliInProcess(['validate', path], { timeoutMs: 10_000 }),
        runCliInProcess(['--json', 'plan', path], {
          timeoutMs: 10_000,
          env: { PADDLE_API_URL: 'http://127.0.0.1:9' },
        }),
      ]);
      expect([validate.code, plan.code]).toEqual([1, 1]);
      expect(validate.stderr).toContain(`${path} ${message}`);
      expect(validate.stderr).not.toMatch(/\n\s+at /);
      expect(JSON.parse(plan.stdout).error.message).toContain(message);
    }),
  );
});
