// One emulator per --state file: a second one on the same file refuses to start, naming the first
// (pid and URL from <file>.lock); the lock goes with the emulator, and a dead one's is taken over.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/index.js';
import { lockStateFile, type TakeoverStep } from '../../src/emulator/state-lock.js';
import { withTempDir } from '../support/canary.js';
import { runCliInProcess } from '../support/run-cli-in-process.js';

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

describe('two emulators starting together over a stale lock', () => {
  const staleLock = async (file: string) => {
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    await writeFile(`${file}.lock`, JSON.stringify({ pid: gone }));
  };

  /** Starts `count` takers; one reaching `step` starts the rest there, before it goes on. */
  const takeOverInterleaved = (file: string, count: number, step: TakeoverStep) => {
    const outcomes: string[] = [];
    let started = 0;
    const startOthers = (at: TakeoverStep) => {
      while (at === step && started < count) take();
    };
    const take = () => {
      started++;
      try {
        lockStateFile(file, { onTakeoverStep: startOthers });
        outcomes.push('took it');
      } catch (error) {
        outcomes.push((error as Error).message);
      }
    };
    take();
    return outcomes;
  };

  it.each<TakeoverStep>(['judged-stale', 'holding-breaker'])(
    'exactly one of many takes it over when all are interleaved at %s',
    (step) =>
      withTempDir('pc-lock-', async (dir) => {
        const file = join(dir, 'state.json');
        await staleLock(file);
        const outcomes = takeOverInterleaved(file, 12, step);
        expect(outcomes.filter((outcome) => outcome === 'took it')).toHaveLength(1);
        expect(outcomes).toHaveLength(12);
        for (const refused of outcomes.filter((outcome) => outcome !== 'took it')) {
          expect(refused).toMatch(/is in use by another emulator|is taking over the stale lock/);
        }
        expect(JSON.parse(readFileSync(`${file}.lock`, 'utf8'))).toEqual({ pid: process.pid });
        expect(readdirSync(dir).sort()).toEqual(['state.json.lock']);
      }),
  );
});
