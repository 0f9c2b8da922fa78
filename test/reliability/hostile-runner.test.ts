// Nothing a CI runner obeys, in any output mode: a `##[` or a line-leading `::` from the account, a
// catalog, a server's error or a file name reaches no line of stdout or stderr, human or --json, in
// GitHub Actions or not; --json still parses back to the exact data. Invisible characters (that
// make two names look the same) are shown as escapes in human output.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { withTempDir } from '../support/canary.js';
import { PRO_CATALOG } from '../support/catalog-files.js';
import { hostileServer } from '../support/hostile-server.js';
import { runCliInProcess } from '../support/run-cli-in-process.js';
import { expectInert } from './support/inert.js';

const INJECTED = 'Pro ##[error]INJECTED';
const INVISIBLE = 'Pro\u200b\u200c\u200d\ufeff\u200e\u200f\u061c\u180e';
const INVISIBLE_SHOWN = 'Pro\\u200b\\u200c\\u200d\\ufeff\\u200e\\u200f\\u061c\\u180e';

const catalog = PRO_CATALOG();

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startEmulator({
    seed: {
      sandbox: {
        products: [
          {
            id: 'pro_01hzzzzzzzzzzzzzzzzzzzzzzz',
            name: INJECTED,
            tax_category: 'saas',
            custom_data: { paddle_catalog: { key: 'pro' } },
          },
          { id: 'pro_01hzzzzzzzzzzzzzzzzzzzzzzy', name: INVISIBLE, tax_category: 'saas' },
        ],
      },
    },
  });
});
afterAll(() => emulator.close());

const github = (dir: string) => ({
  GITHUB_ACTIONS: 'true',
  GITHUB_STEP_SUMMARY: join(dir, 'summary.md'),
  GITHUB_OUTPUT: join(dir, 'outputs.txt'),
  PADDLE_API_URL: emulator.url,
  PADDLE_API_KEY: emulator.apiKey,
});

describe('no workflow command in any output mode', () => {
  it('plan and export, human and --json, with GITHUB_ACTIONS=true: the account’s ##[ is inert, --json exact', () =>
    withTempDir('pc-runner-', async (dir) => {
      const file = join(dir, 'catalog.yaml');
      await writeFile(file, catalog);
      const env = github(dir);
      const runs = {
        plan: await runCliInProcess(['plan', file], { env }),
        planJson: await runCliInProcess(['--json', 'plan', file], { env }),
        planMarkdown: await runCliInProcess(['plan', file, '--format', 'markdown'], { env }),
        exportHuman: await runCliInProcess(['export'], { env }),
        exportJson: await runCliInProcess(['--json', 'export'], { env }),
      };
      for (const [what, run] of Object.entries(runs)) {
        expect(run.code, `${what}: ${run.stderr}`).toBe(0);
        expectInert(`${what} stdout`, run.stdout);
        expectInert(`${what} stderr`, run.stderr);
      }
      expect(runs.planMarkdown.stdout).toContain('Pro ##\\[error]INJECTED');
      expectInert('step summary', await readFile(env.GITHUB_STEP_SUMMARY, 'utf8'), /^$/);
      expect(runs.planJson.stdout).toContain('Pro \\u0023\\u0023[error]INJECTED');
      expect(JSON.stringify(JSON.parse(runs.planJson.stdout))).toContain(`"before":"${INJECTED}"`);
      const exported = JSON.parse(runs.exportJson.stdout).catalog.products;
      expect(Object.values(exported).map((p) => (p as { name: string }).name)).toContain(INJECTED);
    }));

  it('an error answer’s detail and a file name holding ##[: inert in --json, exact when parsed', () =>
    withTempDir('pc-runner-', async (dir) => {
      const server = await hostileServer('controls-in-error');
      try {
        const file = join(dir, '##[error]x.yaml');
        await writeFile(file, catalog);
        const env = { ...github(dir), PADDLE_API_URL: server.url };
        const planJson = await runCliInProcess(['--json', 'plan', file], { env });
        expect(planJson.code).toBe(1);
        expectInert('plan --json', planJson.stdout);
        expect(JSON.parse(planJson.stdout).error.detail).toContain('##[warning]');
        await writeFile(file, catalog.replace('tax_category: saas', 'tax_category: nope'));
        const validate = await runCliInProcess(['--json', 'validate', file], { env });
        expect(validate.code).toBe(1);
        expectInert('validate --json', validate.stdout);
        expect(validate.stdout).toContain('\\u0023\\u0023[error]x.yaml');
        expect(JSON.stringify(JSON.parse(validate.stdout))).toContain('##[error]x.yaml');
      } finally {
        await server.close();
      }
    }));
});

describe('invisible characters are shown, raw controls refused', () => {
  it.each([
    ['NUL', '\u0000', '0000'],
    ['ESC', '\u001b', '001B'],
    ['C1 CSI', '\u009b', '009B'],
  ])(
    'a raw %s in a plain scalar: validate refuses it at its line and column, nothing sent',
    (_what, char, code) =>
      withTempDir('pc-runner-', async (dir) => {
        const file = join(dir, 'catalog.yaml');
        await writeFile(file, PRO_CATALOG(`Pro${char}x`));
        const run = await runCliInProcess(['validate', file]);
        expect(run.code).toBe(1);
        expect(run.stdout).toContain(
          `catalog.yaml:4:14  error a raw control character (U+${code}) is not allowed in YAML`,
        );
        expectInert('validate', run.stdout);
      }),
  );

  it('a product name with zero-width and bidi marks: escaped by export and plan, exact in --json', () =>
    withTempDir('pc-runner-', async (dir) => {
      const env = github(dir);
      const exported = await runCliInProcess(['export'], { env });
      expect(exported.code, exported.stderr).toBe(0);
      expect(exported.stdout).toContain(INVISIBLE_SHOWN);
      expectInert('export', exported.stdout);
      const json = await runCliInProcess(['--json', 'export'], { env });
      expectInert('export --json', json.stdout);
      const names = Object.values(JSON.parse(json.stdout).catalog.products).map(
        (p) => (p as { name: string }).name,
      );
      expect(names).toContain(INVISIBLE);
      const file = join(dir, 'catalog.yaml');
      await writeFile(file, PRO_CATALOG(`"${INVISIBLE_SHOWN}"`));
      const plan = await runCliInProcess(['plan', file], { env });
      expect(plan.stdout).toContain(INVISIBLE_SHOWN);
      expectInert('plan', plan.stdout);
    }));
});
