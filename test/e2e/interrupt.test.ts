// Every failure exits 1 — a Ctrl-C while the account is being read too, not the shell's 130.
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { BIN, ROOT } from '../support/run-cli.js';

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startEmulator({ faults: { latencyMs: 3_000 } });
});
afterAll(() => emulator.close());

describe('Ctrl-C', { timeout: 60_000 }, () => {
  it('during plan: "Interrupted." and exit 1, not 130', async () => {
    const child = spawn(process.execPath, [BIN, 'plan', 'catalogs/saas-starter.yaml'], {
      cwd: ROOT,
      env: { ...process.env, NO_COLOR: '1', PADDLE_API_URL: emulator.url, PADDLE_API_KEY: emulator.apiKey },
    });
    let stderr = '';
    child.stderr.on('data', (d) => {
      stderr += d;
      // the banner means the command is running and about to read the account
      if (stderr.includes('sandbox')) child.kill('SIGINT');
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('Interrupted.');
  });
});
