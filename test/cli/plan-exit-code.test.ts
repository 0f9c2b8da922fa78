// plan's exit code is one rule, printed or emitted: with --detailed-exitcode, 2 when there is work
// to do — a change pending, or a key with duplicates to archive — and 0 when there is none. The
// duplicates are made as a second writer would: a twin product with the same marker.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { PRO_CATALOG, tempDir, writeCatalog } from '../support/catalog-files.js';
import { accountApi } from '../support/emulator.js';
import { runCliInProcess } from '../support/run-cli-in-process.js';

let emulator: RunningEmulator;
let dir: string;
const cli = (...args: string[]) =>
  runCliInProcess(args, { env: { PADDLE_API_URL: emulator.url, PADDLE_API_KEY: emulator.apiKey } });

beforeAll(async () => {
  emulator = await startEmulator({ demo: false });
  dir = tempDir();
});
afterAll(async () => {
  await emulator.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('plan --detailed-exitcode: one rule for the printed plan and for --emit tool-server', () => {
  it('an account in step exits 0 both ways; a key with duplicates exits 2 both ways', async () => {
    const file = writeCatalog(dir, PRO_CATALOG());
    const applied = await cli('apply', file, '--yes');
    expect(applied.code, applied.stderr).toBe(0);
    const emitted = (...more: string[]) =>
      cli(
        'plan',
        file,
        '--detailed-exitcode',
        '--emit',
        'tool-server',
        '--out',
        join(dir, 'scripts'),
        ...more,
      );

    expect((await cli('plan', file, '--detailed-exitcode')).code).toBe(0);
    expect((await emitted()).code).toBe(0);

    await accountApi(emulator)('POST', '/products', {
      name: 'Pro',
      tax_category: 'saas',
      custom_data: { paddle_catalog: { key: 'pro' } },
    });
    const printed = await cli('plan', file, '--detailed-exitcode');
    expect(printed.code, printed.stdout + printed.stderr).toBe(2);
    const scripts = await emitted();
    expect(scripts.code, scripts.stdout + scripts.stderr).toBe(2);
    // nothing to write: the twins are archived by apply --dedupe, not by a script
    expect(scripts.stderr).toContain('No changes: no scripts to emit.');
    expect((await emitted('--json')).code).toBe(2);
  });
});
