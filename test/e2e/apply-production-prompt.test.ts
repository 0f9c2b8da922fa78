// --production asks the person at the terminal to type the environment's
// name; anything else cancels with nothing written. The CLI runs in-process on a fake terminal
// (test/support/init-terminal.ts); a real terminal is in reliability/secrets-terminal.test.ts.
import { copyFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { tempDir } from '../support/catalog-files.js';
import { ENTER, runOnFakeTerminal } from '../support/init-terminal.js';
import { ROOT } from '../support/run-cli.js';

let emulator: RunningEmulator;
let dir: string;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  emulator = await startEmulator();
  const liveKey = emulator.addApiKey(
    ['product.read', 'product.write', 'price.read', 'price.write'],
    'production',
  );
  dir = tempDir();
  await copyFile(join(ROOT, 'catalogs/desktop-app.yaml'), join(dir, 'catalog.yaml'));
  env = { PADDLE_API_URL: emulator.url, PADDLE_API_KEY: liveKey, NO_COLOR: '1' };
});
afterAll(async () => {
  await emulator.close();
  await rm(dir, { recursive: true, force: true });
});

const writes = () => emulator.requests().filter((r) => r.method !== 'GET').length;

describe('apply --production on a terminal', () => {
  it('typing something other than "production" cancels: exit 1, nothing written', async () => {
    const { code, screen: output } = await runOnFakeTerminal(
      ['apply', 'catalog.yaml', '--production'],
      [{ expect: 'Type "production" to go on', keys: `prod${ENTER}` }],
      { env, cwd: dir },
    );
    expect(code, output).toBe(1);
    expect(output).toContain('the answer was not "production"');
    expect(writes()).toBe(0);
  });

  it('typing "production" applies and verifies', async () => {
    const { code, screen: output } = await runOnFakeTerminal(
      ['apply', 'catalog.yaml', '--production'],
      [{ expect: 'Type "production" to go on', keys: `production${ENTER}` }],
      { env, cwd: dir },
    );
    expect(code, output).toBe(0);
    expect(output).toContain('Verified');
    expect(writes()).toBeGreaterThan(0);
  });
});

describe('apply --local on a terminal', () => {
  it('asks about the local emulator, not "the sandbox account" (it is thrown away after the run)', async () => {
    const { code, screen: output } = await runOnFakeTerminal(
      ['apply', 'catalog.yaml', '--local'],
      [{ expect: 'Apply these changes to the throw-away local emulator?', keys: `n${ENTER}` }],
      { cwd: dir },
    );
    expect(code, output).toBe(1);
    expect(output).toContain('Apply these changes to the throw-away local emulator?');
    expect(output).not.toContain('sandbox account?');
  });
});
