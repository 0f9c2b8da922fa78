// Crash recovery: the CLI is SIGKILLed in the middle of an apply, from the first request (the
// snapshot) to the last price create, at a point for each state a kill can leave, and the next
// `apply --yes` converges: exactly one remote object per catalog key (no duplicate, nothing lost),
// verified, and a further `plan` finds nothing to do. Identity lives in Paddle (the marker in
// custom_data), not in a local state file the kill could have left half-written. The killed run is
// a real process; the runs after it need none (the CLI in-process).
import { beforeAll, describe, expect, it } from 'vitest';
import type { Catalog } from '../../src/catalog/schema.js';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { tempDir } from '../support/catalog-files.js';
import { bigCatalog } from '../support/catalogs.js';
import { emulatorEnv, runKilledAfter, writeCatalogFile } from '../support/cli-runs.js';
import { runCliInProcess } from '../support/run-cli-in-process.js';
import { censusProblems } from './support/remote-census.js';

// 3 products × 3 prices: the snapshot's 2 reads (requests 1-2), the 3 product creates (3-5), the 9
// price creates (6-14), each once its product is made, then the verification's reads. A request that
// arrived before the kill still commits (it waits out the latency in the emulator), so a kill at
// request k leaves the writes of requests 1..k. The next apply finds each product missing, made with
// none of its prices, with some, or complete; the points leave each of these: nothing written (1);
// one product made, two missing (3); all made, no price (5); 2 prices, a product with some of its
// prices (7); 4 and 7 prices, products complete beside one begun (9, 12); every write made, only
// the verification left (14). Each point is a node start-up, most of this file's time; the points
// between leave the same states again (2 as 1; 4 as 3 and 5; 6 and 8 as 7; 10 and 11 as 9 and 12;
// 13 as 12 and 14), and more products would add points, not new states.
const CATALOG: Catalog = bigCatalog(3);
const KILL_POINTS = [1, 3, 5, 7, 9, 12, 14];
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
