// One emulator per --state file: a second one on the same file refuses to start, naming the first
// (pid and URL from <file>.lock); the lock goes with the emulator, and a dead one's is taken over.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/index.js';
import { runCliInProcess } from '../helpers/run-cli-in-process.js';
import { withTempDir } from '../reliability/support/canary.js';

describe('the emulator locks its state file', () => {
  it('a second emulator on the same file refuses to start, naming the first; after it stops, one may start', () =>
    withTempDir('pc-lock-', async (dir) => {
      const file = join(dir, 'state.json');
      const first = await startEmulator({ statePath: file });
      try {
        await expect(startEmulator({ statePath: file })).rejects.toThrow(
          `The state file ${file} is in use by another emulator (pid ${process.pid}, ${first.url})`,
        );
        const cli = await runCliInProcess(['emulator', '--state', file]);
        expect(cli.code).toBe(1);
        expect(cli.stderr).toContain(`is in use by another emulator (pid ${process.pid}, ${first.url})`);
        expect(cli.stderr).toContain('Stop that emulator first, or pass another --state file.');
      } finally {
        await first.close();
      }
      expect(existsSync(`${file}.lock`)).toBe(false);
      const second = await startEmulator({ statePath: file });
      await second.close();
    }));

  it('a lock left by an emulator that was killed (its pid gone) is taken over', () =>
    withTempDir('pc-lock-', async (dir) => {
      const file = join(dir, 'state.json');
      const gone = spawnSync(process.execPath, ['-e', '']).pid;
      await writeFile(`${file}.lock`, JSON.stringify({ pid: gone, url: 'http://127.0.0.1:1' }));
      const emulator = await startEmulator({ statePath: file });
      try {
        expect(JSON.parse(readFileSync(`${file}.lock`, 'utf8'))).toEqual({
          pid: process.pid,
          url: emulator.url,
        });
      } finally {
        await emulator.close();
      }
    }));
});
