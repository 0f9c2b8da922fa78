// Secret hygiene, "the key is never printed": every command in every output mode, run with a
// distinctive PADDLE_API_KEY; the key is in no stdout, no stderr and no file the tool writes
// (id maps, dotenv, currencies cache, downloaded PDF, GitHub step summary and outputs). The CLI runs
// in-process; one test runs real processes, so whatever a library might write to the console of the
// process is looked at too.
import { copyFile, mkdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { customerIdOf, transactionsOf } from '../support/billing-fixtures.js';
import { CANARY, canaryEmulator, expectNoKey, expectNoKeyInFiles, withTempDir } from '../support/canary.js';
import { defined } from '../support/defined.js';
import { ROOT, runCli } from '../support/run-cli.js';
import { runCliInProcess } from '../support/run-cli-in-process.js';

let emulator: RunningEmulator;
let invoiceable: string;

beforeAll(async () => {
  emulator = await canaryEmulator();
  const txns = await transactionsOf(emulator, await customerIdOf(emulator, 'demo@example.com'));
  const completed = txns.find((t) => t.status === 'completed' && t.details.totals.subtotal !== '0');
  invoiceable = defined(completed, 'an invoiceable transaction').id;
});
afterAll(() => emulator.close());
beforeEach(() => emulator.reset());

const MODES: Record<string, { args: string[]; env: NodeJS.ProcessEnv }> = {
  human: { args: [], env: { NO_COLOR: '' } },
  '--json': { args: ['--json'], env: { NO_COLOR: '' } },
  'NO_COLOR and --no-color': { args: ['--no-color'], env: { NO_COLOR: '1' } },
  'colour forced (terminal-like)': {
    args: [],
    env: { NO_COLOR: '', FORCE_COLOR: '3', TERM: 'xterm-256color', COLORTERM: 'truecolor' },
  },
  'GitHub Actions': { args: [], env: { NO_COLOR: '', GITHUB_ACTIONS: 'true', CI: 'true' } },
};

/** Every command with arguments that make it do real work (and write its files) under dir. */
function commands(dir: string): Record<string, string[]> {
  const catalog = join(dir, 'catalog.yaml');
  const out = (name: string) => join(dir, 'out', name);
  return {
    validate: ['validate', catalog],
    'validate (invalid catalog)': ['validate', join(dir, 'invalid.yaml')],
    schema: ['schema'],
    plan: ['plan', catalog],
    apply: ['apply', catalog, '--yes', '--ids-out', out('ids.json'), '--env-out', out('prices.env')],
    export: ['export', '--out', out('export.yaml')],
    history: ['history', '--email', 'demo@example.com'],
    invoice: ['invoice', invoiceable, '--email', 'demo@example.com', '--download', out('invoice.pdf')],
    init: ['init', out('init.yaml')],
  };
}

async function prepare(dir: string): Promise<NodeJS.ProcessEnv> {
  await mkdir(join(dir, 'out'));
  await copyFile(join(ROOT, 'catalogs/saas-starter.yaml'), join(dir, 'catalog.yaml'));
  await writeFile(
    join(dir, 'invalid.yaml'),
    'version: 1\nproducts:\n  pro:\n    name: Pro\n    taxCategory: saas\n',
  );
  await writeFile(join(dir, 'summary.md'), '');
  await writeFile(join(dir, 'github-output'), '');
  return {
    PADDLE_API_URL: emulator.url,
    PADDLE_API_KEY: CANARY,
    HOME: dir,
    XDG_CACHE_HOME: join(dir, 'cache'),
    XDG_CONFIG_HOME: join(dir, 'config'),
    GITHUB_STEP_SUMMARY: join(dir, 'summary.md'),
    GITHUB_OUTPUT: join(dir, 'github-output'),
    GITHUB_WORKSPACE: dir,
    BROWSER: '',
  };
}

// These commands must succeed in every mode, so the check is not vacuous (init refuses without a
// terminal; its output is still checked).
const MUST_SUCCEED = ['validate', 'schema', 'plan', 'apply', 'export', 'history', 'invoice'];

describe('secret hygiene: every command, every output mode', () => {
  for (const [mode, { args: modeArgs, env: modeEnv }] of Object.entries(MODES)) {
    it(`${mode}: the key is in no output and no written file`, async () => {
      await withTempDir('pc-secrets-', async (dir) => {
        const env = { ...(await prepare(dir)), ...modeEnv };
        const runs = Object.entries(commands(dir));
        const results = await Promise.all(
          runs.map(([, args]) => runCliInProcess([...args, ...modeArgs], { env, cwd: dir })),
        );
        runs.forEach(([name], i) => {
          const { code, stdout, stderr } = defined(results[i], `the ${name} run`);
          expectNoKey(`${name} stdout`, stdout);
          expectNoKey(`${name} stderr`, stderr);
          if (MUST_SUCCEED.includes(name)) expect(code, `${name}: ${stderr}`).toBe(0);
        });
        // the files were really written (and so really scanned)
        for (const file of ['out/ids.json', 'out/prices.env', 'out/invoice.pdf', 'out/export.yaml', 'cache'])
          expect((await stat(join(dir, file))).isFile() || file === 'cache').toBe(true);
        expect(await expectNoKeyInFiles(dir)).toBeGreaterThanOrEqual(5);
      });
    });
  }
});

// Real processes: their whole stdout and stderr, whatever wrote to them, for the two commands that
// do the most (apply's writes and files, invoice's download); two node start-ups, so a longer
// bound for a loaded machine.
describe('secret hygiene in real processes', () => {
  it('apply and invoice: the key is in no output of the process', { timeout: 60_000 }, async () => {
    await withTempDir('pc-secrets-process-', async (dir) => {
      const env = { ...(await prepare(dir)), NO_COLOR: '' };
      const { apply, invoice } = commands(dir);
      const runs = await Promise.all(
        [apply, invoice].map((args) => runCli(defined(args, 'a command'), { env, cwd: dir })),
      );
      for (const { code, stdout, stderr } of runs) {
        expectNoKey('stdout', stdout);
        expectNoKey('stderr', stderr);
        expect(code, stderr).toBe(0);
      }
      expect(await expectNoKeyInFiles(dir)).toBeGreaterThanOrEqual(3);
    });
  });
});

describe('secret hygiene: ids and refs, every output mode', () => {
  for (const [mode, { args: modeArgs, env: modeEnv }] of Object.entries(MODES)) {
    it(`${mode}: the key is in no output and no written file`, async () => {
      await withTempDir('pc-secrets-ids-', async (dir) => {
        const env = { ...(await prepare(dir)), ...modeEnv };
        await writeFile(join(dir, 'app.ts'), `export const PRICE = 'pri_01${'a'.repeat(24)}';\n`);
        const ids = await runCliInProcess(
          [
            'ids',
            join(dir, 'catalog.yaml'),
            '--out',
            join(dir, 'out', 'paddle-ids.ts'),
            '--allow-missing',
            ...modeArgs,
          ],
          { env, cwd: dir },
        );
        const refs = await runCliInProcess(['refs', dir, ...modeArgs], { env, cwd: dir });
        expect(ids.code, ids.stderr).toBe(0);
        expect(refs.code, refs.stderr).toBe(1); // the made-up price id: looked up, and unknown
        for (const [name, text] of Object.entries({
          ids: ids.stdout + ids.stderr,
          refs: refs.stdout + refs.stderr,
        }))
          expectNoKey(name, text);
        expect((await stat(join(dir, 'out', 'paddle-ids.ts'))).isFile()).toBe(true);
        expect(await expectNoKeyInFiles(dir)).toBeGreaterThanOrEqual(1);
      });
    });
  }
});
