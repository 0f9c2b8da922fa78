// Stops that must end a run as documented: SIGTERM while apply verifies exits 1, never "Verified".
// In-process, the signal sent as the verification's first read arrives (a real SIGTERM to a real
// process is in hostile-signals.test.ts).
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { ROOT } from '../support/run-cli.js';
import { FakeProcess, runCliInProcess } from '../support/run-cli-in-process.js';

const CATALOG = join(ROOT, 'catalogs/saas-starter.yaml');

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startEmulator({ demo: false, faults: { latencyMs: 50 } });
});
afterAll(() => emulator.close());

describe('an interrupt during verification exits 1', () => {
  it.each([[[]], [['--json']]])(
    'SIGTERM at the first read after the writes (%j): interrupted, not verified, exit 1',
    async (mode) => {
      emulator.reset();
      const signals = new FakeProcess();
      let wrote = false;
      const stopListening = emulator.onRequest((request) => {
        if (request.method !== 'GET') wrote = true;
        else if (wrote) {
          stopListening();
          signals.send('SIGTERM');
        }
      });
      const run = await runCliInProcess([...mode, 'apply', CATALOG, '--yes'], {
        env: { PADDLE_API_URL: emulator.url, PADDLE_API_KEY: emulator.apiKey },
        process: signals,
      });
      stopListening();
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('Terminated: no new calls start');
      expect(run.stderr).not.toContain('Verified');
      if (mode.length > 0)
        expect(JSON.parse(run.stdout)).toMatchObject({ ok: false, interrupted: true, verified: false });
    },
  );
});
