// Crash recovery: the CLI is SIGKILLed in the middle of an apply — at every point from
// the first request (the snapshot) to the last price create — and the next `apply --yes`
// converges: exactly one remote object per catalog key (no duplicate, nothing lost), verified,
// and a further `plan` finds nothing to do. Identity lives in Paddle (the marker in custom_data),
// not in a local state file the kill could have left half-written. The killed run is a real
// process; the runs after it need none (the CLI in-process).
import { beforeAll, describe, expect, it } from 'vitest';
import type { Catalog } from '../../src/catalog/schema.js';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { bigCatalog } from '../apply/catalogs.js';
import { tempDir } from '../e2e/catalog-files.js';
import { runCliInProcess } from '../helpers/run-cli-in-process.js';
import { emulatorEnv, runKilledAfter, writeCatalogFile } from './support/cli-runs.js';
import { censusProblems } from './support/remote-census.js';

// 3 products × 3 prices: the snapshot's reads, 12 creates, the verification's reads. Kill points
// 1..14 reach into the last creates; with 3 calls in flight and 25 ms latency, consecutive points
// are distinct. Each point is a node start-up: more products would add points, not new kinds.
const CATALOG: Catalog = bigCatalog(3);
const KILL_POINTS = Array.from({ length: 14 }, (_, i) => i + 1);
const CLI_FLAGS = ['--concurrency', '3'];
const LATENCY_MS = 25;

let file: string;
const arrivals = new Map<number, number>();

beforeAll(() => {
  file = writeCatalogFile(tempDir(), CATALOG);
});

async function withEmulator<T>(body: (emulator: RunningEmulator) => Promise<T>): Promise<T> {
  const emulator = await startEmulator({ faults: { latencyMs: LATENCY_MS } });
  try {
    return await body(emulator);
  } finally {
    await emulator.close();
  }
}

describe.concurrent('crash recovery: SIGKILL during apply, then apply again', () => {
  it.for(KILL_POINTS)(
    'killed after request %i arrived: the next apply converges, and plan shows no changes',
    { timeout: 90_000 },
    async (point, { expect }) => {
      await withEmulator(async (emulator) => {
        const killed = await runKilledAfter(emulator, ['apply', file, '--yes', ...CLI_FLAGS], point);
        expect(killed.killed, 'the run ended before the kill point').toBe(true);
        arrivals.set(point, killed.arrivedAtKill);

        const env = emulatorEnv(emulator);
        const again = await runCliInProcess(['--json', 'apply', file, '--yes', ...CLI_FLAGS], { env });
        expect(again.code, again.stderr).toBe(0);
        expect(JSON.parse(again.stdout)).toMatchObject({ ok: true, verified: true });
        expect(await censusProblems(emulator, CATALOG)).toEqual([]);

        const plan = await runCliInProcess(['plan', file], { env });
        expect(plan.code, plan.stderr).toBe(0);
        expect(plan.stdout).toContain('No changes.');
      });
    },
  );
});

describe('crash recovery: coverage', () => {
  it('the kill points were as many different points of the run', (context) => {
    if (arrivals.size < KILL_POINTS.length) context.skip('only some kill points ran (a filtered run)');
    expect(new Set(arrivals.values()).size).toBe(KILL_POINTS.length);
  });
});
