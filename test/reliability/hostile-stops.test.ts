// Stops that must end a run as documented: SIGTERM while apply verifies exits 1, never "Verified".
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { ROOT, runCli } from '../helpers/run-cli.js';

const CATALOG = join(ROOT, 'catalogs/saas-starter.yaml');

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startEmulator({ demo: false, faults: { latencyMs: 300 } });
});
afterAll(() => emulator.close());

describe('an interrupt during verification exits 1', () => {
  it.each([[[]], [['--json']]])(
    'SIGTERM at the first read after the writes (%j): interrupted, not verified, exit 1',
    async (mode) => {
      emulator.reset();
      const run = await runCli([...mode, 'apply', CATALOG, '--yes'], {
        env: { PADDLE_API_URL: emulator.url, PADDLE_API_KEY: emulator.apiKey },
        onSpawn: (child) => {
          let wrote = false;
          let sent = false;
          return emulator.onRequest((request) => {
            if (request.method !== 'GET') wrote = true;
            else if (wrote && !sent) {
              sent = true;
              child.kill('SIGTERM');
            }
          });
        },
      });
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('Terminated: no new calls start');
      expect(run.stderr).not.toContain('Verified');
      if (mode.length > 0)
        expect(JSON.parse(run.stdout)).toMatchObject({ ok: false, interrupted: true, verified: false });
    },
  );
});
