// The real CLI (bin/ → dist/) against an emulator that lives in the test process: a catalog
// file to give it, its environment, and a run that is SIGKILLed once the emulator has seen a
// given number of requests arrive.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Catalog } from '../../src/catalog/schema.js';
import type { RecordedRequest, RunningEmulator } from '../../src/emulator/index.js';
import { BIN, ROOT } from './run-cli.js';

/** JSON is YAML: the catalog as the file a user would have written. */
export function writeCatalogFile(dir: string, catalog: Catalog): string {
  const file = join(dir, 'catalog.yaml');
  writeFileSync(file, `${JSON.stringify(catalog, null, 2)}\n`);
  return file;
}

export const emulatorEnv = (emulator: RunningEmulator) => ({
  PADDLE_API_URL: emulator.url,
  PADDLE_API_KEY: emulator.apiKey,
});

export interface KilledRun {
  /** requests that had arrived at the emulator when the kill was sent */
  arrivedAtKill: number;
  /** false when the run ended by itself before reaching the kill point */
  killed: boolean;
}

/**
 * Runs the CLI and sends SIGKILL the moment the `killAfter`-th request of this run arrives at the
 * emulator (its arrival hook, not polling: the kill point is exact even on a busy machine). That
 * request is still in the emulator's latency wait: it commits after its client is gone. `counted`
 * narrows which requests count (say, only the PATCHes of a move); the others pass.
 */
export function runKilledAfter(
  emulator: RunningEmulator,
  args: string[],
  killAfter: number,
  counted: (request: RecordedRequest) => boolean = () => true,
): Promise<KilledRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: ROOT,
      env: { ...process.env, NO_COLOR: '1', ...emulatorEnv(emulator) },
      stdio: 'ignore',
    });
    let arrived = 0;
    let arrivedAtKill = -1;
    const stopListening = emulator.onRequest((request) => {
      if (!counted(request)) return;
      arrived += 1;
      if (arrived !== killAfter) return;
      arrivedAtKill = arrived;
      child.kill('SIGKILL');
    });
    child.on('error', reject);
    child.on('exit', (_code, signal) => {
      stopListening();
      resolve({ arrivedAtKill, killed: signal === 'SIGKILL' });
    });
  });
}
