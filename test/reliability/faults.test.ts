// Fault injection: apply against an emulator that answers 20 % of requests with a 500,
// commits 10 % of writes and then drops the connection, and locks the client out for 60 s when it
// goes over a small rate limit. However the faults fall, re-running apply as a user would (at
// most 3 times) ends with exactly one remote object per catalog key — counted through the
// emulator's API. Fixed seeds make the fault sequence repeatable; the apply and the emulator share
// a jumping clock, so backoff and the 60 s lockouts cost no wall time.
import { afterEach, describe, expect, it } from 'vitest';
import type { Catalog } from '../../src/catalog/schema.js';
import { type EmulatorFaults, type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { applyToEmulator, jumpingClock } from '../support/apply-harness.js';
import { bigCatalog } from '../support/catalogs.js';
import { defined } from '../support/defined.js';
import { censusProblems } from './support/remote-census.js';

const MAX_RUNS = 3;
const SEEDS = [1, 2, 3, 4];

let emulator: RunningEmulator | undefined;
afterEach(async () => {
  await emulator?.close();
  emulator = undefined;
});

interface Runs {
  runs: number;
  verified: boolean;
  retries: number;
  rateLimited: number;
  errors: string[];
}

/** apply, and again while it did not verify — what a user does after a failed run. */
async function applyLikeAUser(catalog: Catalog, faults: EmulatorFaults): Promise<Runs> {
  const clock = jumpingClock();
  emulator = await startEmulator({ now: clock.date, faults });
  const result: Runs = { runs: 0, verified: false, retries: 0, rateLimited: 0, errors: [] };
  while (!result.verified && result.runs < MAX_RUNS) {
    result.runs += 1;
    try {
      const { outcome, stats } = await applyToEmulator(emulator, catalog, { settings: { clock } });
      result.verified = outcome.verified;
      result.retries += stats.retries;
      result.rateLimited += stats.rateLimited;
      if (outcome.execution.error) result.errors.push(outcome.execution.error.message);
    } catch (error) {
      // the snapshot itself gave up: the run stops before writing, as the CLI would
      result.errors.push((error as Error).message);
    }
  }
  emulator.setFaults({});
  return result;
}

describe('faults: 500s and dropped writes', () => {
  it.each(SEEDS)(
    'seed %i: a fifth of requests answered 500 and a tenth of writes dropped: one object per key',
    async (seed) => {
      const catalog = bigCatalog(8);
      const result = await applyLikeAUser(catalog, { failRate: 0.2, dropRate: 0.1, randomSeed: seed });
      expect(result, result.errors.join('\n')).toMatchObject({ verified: true });
      expect(result.retries).toBeGreaterThan(0);
      // a dropped write is logged without a status: committed, never answered
      const used = defined(emulator, 'the emulator of the run');
      expect(used.requests().some((r) => r.method === 'POST' && r.status === 0)).toBe(true);
      expect(await censusProblems(used, catalog)).toEqual([]);
    },
  );
});

describe('faults: 429 lockouts on top', () => {
  it.each(SEEDS)(
    'seed %i: with 60 s lockouts over a 10/minute limit as well: one object per key within 3 runs',
    async (seed) => {
      const catalog = bigCatalog(8);
      const result = await applyLikeAUser(catalog, {
        failRate: 0.2,
        dropRate: 0.1,
        rateLimit: 10,
        randomSeed: seed,
      });
      expect(result, result.errors.join('\n')).toMatchObject({ verified: true });
      expect(result.rateLimited).toBeGreaterThan(0);
      expect(await censusProblems(defined(emulator, 'the emulator of the run'), catalog)).toEqual([]);
    },
  );
});
