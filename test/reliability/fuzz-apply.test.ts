// Fuzzing, end to end: `apply` (and `plan`) of an invalid catalog sends no request at all
// ("a catalog with any error sends nothing"). A handful of fuzzed files through the CLI.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCatalog } from '../../src/catalog/read.js';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { withTempDir } from '../support/canary.js';
import { structuralMutation, textMutation } from '../support/catalog-mutations.js';
import { runCliInProcess } from '../support/run-cli-in-process.js';

const invalid = (text: string) =>
  readCatalog('f.yaml', text, { environment: 'sandbox' }).catalog === undefined;
// a fixed seed: the same files every run, so a failure is reproducible
const CASES = fc.sample(fc.oneof(structuralMutation, textMutation).filter(invalid), { numRuns: 6, seed: 6 });

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startEmulator();
});
afterAll(() => emulator.close());

describe('fuzz: an invalid catalog sends nothing', () => {
  it('apply --yes and plan of fuzzed invalid catalogs: exit 1, issues with positions, zero API requests', {
    timeout: 60_000,
  }, async () => {
    await withTempDir('pc-fuzz-apply-', async (dir) => {
      const env = { PADDLE_API_URL: emulator.url, PADDLE_API_KEY: emulator.apiKey };
      const files = await Promise.all(
        CASES.map(async (text, i) => {
          const file = join(dir, `case-${i}.yaml`);
          await writeFile(file, text);
          return file;
        }),
      );
      const runs = await Promise.all(
        files.flatMap((file) => [
          runCliInProcess(['apply', file, '--yes', '--json'], { env, cwd: dir }),
          runCliInProcess(['plan', file], { env, cwd: dir }),
        ]),
      );
      for (const { code, stdout, stderr } of runs) {
        expect(code, stderr).toBe(1);
        if (stdout) expect(JSON.parse(stdout).issues.every((i: { line: number }) => i.line >= 1)).toBe(true);
        else expect(stderr).toMatch(/case-\d\.yaml:\d+:\d+/);
      }
      expect(emulator.requests()).toEqual([]);
    });
  });
});
