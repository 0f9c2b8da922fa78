// Fault injection through the CLI (main in-process: its own retry and pacing settings, the backoff
// on a clock that jumps instead of waiting): 500s and dropped writes, `apply --yes` re-run at most
// 3 times, then one remote object per catalog key and a `plan` with nothing to do. (The 60 s
// lockouts are in faults.test.ts, where the emulator shares the clock.)
import { afterEach, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { tempDir } from '../support/catalog-files.js';
import { bigCatalog } from '../support/catalogs.js';
import { emulatorEnv, writeCatalogFile } from '../support/cli-runs.js';
import type { CliResult } from '../support/run-cli.js';
import { runCliInProcess } from '../support/run-cli-in-process.js';
import { censusProblems } from './support/remote-census.js';

const MAX_RUNS = 3;

let emulator: RunningEmulator | undefined;
afterEach(async () => {
  await emulator?.close();
  emulator = undefined;
});

describe('faults through the CLI', () => {
  it.each([11, 12])(
    'seed %i: a fifth of requests answered 500 and a tenth of writes dropped; apply --yes re-run converges',
    async (seed) => {
      const catalog = bigCatalog(6);
      const file = writeCatalogFile(tempDir(), catalog);
      emulator = await startEmulator({ faults: { failRate: 0.2, dropRate: 0.1, randomSeed: seed } });
      const env = emulatorEnv(emulator);
      const runs: CliResult[] = [];
      while (runs.length < MAX_RUNS && runs.at(-1)?.code !== 0) {
        runs.push(await runCliInProcess(['apply', file, '--yes'], { env }));
      }
      expect(runs.at(-1)?.code, runs.map((r) => r.stderr).join('\n---\n')).toBe(0);
      expect(emulator.requests().some((r) => r.status === 500)).toBe(true);

      emulator.setFaults({});
      expect(await censusProblems(emulator, catalog)).toEqual([]);
      const plan = await runCliInProcess(['plan', file], { env });
      expect(plan.stdout).toContain('No changes.');
    },
  );
});
