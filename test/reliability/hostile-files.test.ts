// A path a pull request may commit in place of a catalog or an id file: a symlink to /dev/zero, a
// FIFO, a huge file. Each is refused before it is read, quickly and in one line; nothing is sent.
import { execFileSync } from 'node:child_process';
import { symlink, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { MAX_CATALOG_BYTES } from '../../src/files/bounded-read.js';
import { withTempDir } from '../support/canary.js';
import { PRO_CATALOG } from '../support/catalog-files.js';
import { runCliInProcess } from '../support/run-cli-in-process.js';

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

describe('an id file must be a regular file: ids, apply --ids-out and refs --ids-file refuse it at once', () => {
  let emulator: RunningEmulator;
  beforeAll(async () => {
    emulator = await startEmulator();
  });
  afterAll(() => emulator.close());

  const commands: [string, (catalog: string, ids: string) => string[]][] = [
    ['ids --out', (catalog, ids) => ['ids', catalog, '--out', ids]],
    ['apply --ids-out', (catalog, ids) => ['apply', catalog, '--yes', '--ids-out', ids]],
    ['refs --ids-file', (_catalog, ids) => ['refs', '--ids-file', ids]],
  ];
  const files: [string, (path: string) => Promise<unknown>][] = [
    ['a FIFO', async (path) => execFileSync('mkfifo', [path])],
    ['a symlink to /dev/zero', (path) => symlink('/dev/zero', path)],
  ];

  it.each(files)('%s as paddle-ids.ts: one line, exit 1, nothing sent', (_what, make) =>
    withTempDir('pc-idfile-', async (dir) => {
      const catalog = join(dir, 'catalog.yaml');
      await writeFile(catalog, PRO_CATALOG());
      await make(join(dir, 'paddle-ids.ts'));
      const env = { PADDLE_API_URL: emulator.url, PADDLE_API_KEY: emulator.apiKey };
      const before = emulator.requests().length;
      for (const [name, args] of commands) {
        const result = await runCliInProcess(args(catalog, 'paddle-ids.ts'), {
          env,
          cwd: dir,
          timeoutMs: 10_000,
        });
        expect([name, result.code]).toEqual([name, 1]);
        // the writers refuse it as a file to write, refs as one to read
        expect(result.stderr).toMatch(
          /paddle-ids\.ts is not a regular file \(a device, a FIFO or a socket\); (nothing was written|it was not read)\n/,
        );
      }
      expect(emulator.requests().length - before).toBe(0);
    }),
  );
});
