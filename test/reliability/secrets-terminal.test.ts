// Secret hygiene where the output is not plain lines: on a real terminal (spinners,
// prompts, colour) and from the `emulator` command, which prints a key of its own on purpose.
import { type ChildProcess, spawn } from 'node:child_process';
import { copyFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { CANARY, canaryEmulator, expectNoKey, expectNoKeyInFiles, withTempDir } from '../support/canary.js';
import { HAS_SCRIPT, runOnTerminal } from '../support/real-terminal.js';
import { BIN, ROOT } from '../support/run-cli.js';

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await canaryEmulator();
});
afterAll(() => emulator.close());
beforeEach(() => emulator.reset());

// Real processes, four in a row: bounded by them, with room for a second test run on the same cores.
describe.skipIf(!HAS_SCRIPT)('secret hygiene on a terminal', { timeout: 90_000 }, () => {
  it('apply with its prompt answered, apply --yes, plan and history paging: no key on the screen or in files', async () => {
    await withTempDir('pc-secrets-tty-', async (dir) => {
      await copyFile(join(ROOT, 'catalogs/saas-starter.yaml'), join(dir, 'catalog.yaml'));
      const env = { PADDLE_API_URL: emulator.url, PADDLE_API_KEY: CANARY, HOME: dir, XDG_CACHE_HOME: dir };
      const runs = [
        { args: ['apply', 'catalog.yaml', '--ids-out', 'ids.json'], input: 'y\r' },
        { args: ['apply', 'catalog.yaml', '--yes', '--prune'] },
        { args: ['plan', 'catalog.yaml'] },
        { args: ['history', '--email', 'demo@example.com'], input: 'n\r' },
      ];
      for (const { args, input } of runs) {
        const { code, output } = await runOnTerminal(args, { env, cwd: dir, input });
        expectNoKey(`terminal: ${args.join(' ')}`, output);
        expect(code, output).toBe(0);
      }
      await expectNoKeyInFiles(dir);
    });
  });
});

describe('secret hygiene of the emulator command', { timeout: 60_000 }, () => {
  let child: ChildProcess | undefined;
  afterAll(() => {
    if (child?.exitCode === null) child.kill('SIGKILL');
  });

  /** Starts `emulator`, waits for its first line, stops it with SIGTERM; returns all it printed. */
  function runEmulator(args: string[], cwd: string): Promise<{ code: number | null; output: string }> {
    child = spawn(process.execPath, [BIN, 'emulator', '--port', '0', ...args], {
      cwd,
      env: { ...process.env, PADDLE_API_KEY: CANARY, NO_COLOR: '' },
    });
    let output = '';
    return new Promise((resolve) => {
      child?.stdout?.on('data', (d) => {
        output += d;
        if (/pdl_sdbx_apikey_\w+/.test(output)) child?.kill('SIGTERM');
      });
      child?.stderr?.on('data', (d) => {
        output += d;
      });
      child?.on('close', (code) => resolve({ code, output }));
    });
  }

  it('human and --json, with a seed whose keys include PADDLE_API_KEY, and with a broken seed', async () => {
    await withTempDir('pc-secrets-emu-', async (dir) => {
      await writeFile(
        join(dir, 'seed.yaml'),
        `api_keys:\n  - key: ${CANARY}\n    permissions: [product.read]\n`,
      );
      await writeFile(join(dir, 'bad.yaml'), `api_keys:\n  - key: ${CANARY}\n    permissions: oops\n`);
      for (const args of [[], ['--json'], ['--seed', 'seed.yaml'], ['--seed', 'bad.yaml']]) {
        const { code, output } = await runEmulator(args, dir);
        expectNoKey(`emulator ${args.join(' ')}`, output);
        if (args.includes('bad.yaml')) expect(code, output).toBe(1);
        else expect(output).toMatch(/pdl_sdbx_apikey_\w+/); // its own key, printed on purpose
      }
    });
  });
});
