// Hostile input, point 1: every string from a catalog, an account or an API answer is escaped
// before it reaches a terminal, a CI log, the step summary or an annotation; --json stays exact.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { withTempDir } from '../support/canary.js';
import { hostileServer, TERMINAL_ATTACK } from '../support/hostile-server.js';
import { runCliInProcess } from '../support/run-cli-in-process.js';
import { expectInert } from './support/inert.js';

/** Clears the screen, sets the window title, rings, returns and moves up; then a C1 CSI. */
const NAME = 'Pro \u001b[2J\u001b]0;pwned\u0007\r\u001b[1A\u009b31m';
const NAME_SHOWN = 'Pro \\x1b[2J\\x1b]0;pwned\\x07\\r\\x1b[1A\\x9b31m';
const GITHUB_NAME = 'Plain\n::error title=Injected::fake failure\n::add-mask::Verified';
const MARKER_KEY = 'gone\u001b[2J\u001b[H\rfake line';

/** A YAML double-quoted scalar: JSON's escapes, plus \u escapes for what JSON leaves raw (C1). */
const yamlString = (text: string) =>
  JSON.stringify(text).replace(
    /[\u007f-\u009f]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

const catalog = (name: string) => `version: 1
products:
  pro:
    name: ${yamlString(name)}
    tax_category: saas
    prices:
      monthly:
        description: ${yamlString(`${name} monthly`)}
        unit_price: { amount: "1000", currency_code: USD }
        billing_cycle: { interval: month, frequency: 1 }
`;

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startEmulator({
    seed: {
      sandbox: {
        products: [
          {
            id: 'pro_01hzzzzzzzzzzzzzzzzzzzzzzz',
            name: 'Left by someone else',
            tax_category: 'standard',
            custom_data: { paddle_catalog: { key: MARKER_KEY } },
          },
        ],
      },
    },
  });
});
afterAll(() => emulator.close());
const env = () => ({ PADDLE_API_URL: emulator.url, PADDLE_API_KEY: emulator.apiKey });

describe('hostile input: nothing outside reaches a terminal or a log raw', () => {
  it('a catalog name with screen-clearing, title-setting and C1 controls: plan, apply, export --json', () =>
    withTempDir('pc-hostile-', async (dir) => {
      emulator.reset();
      const file = join(dir, 'catalog.yaml');
      await writeFile(file, catalog(NAME));
      const plan = await runCliInProcess(['plan', file], { env: env() });
      expect(plan.code, plan.stderr).toBe(0);
      expect(plan.stdout).toContain(`+ create product pro  "${NAME_SHOWN}" (saas)`);
      const apply = await runCliInProcess(['apply', file, '--yes'], { env: env() });
      expect(apply.code, apply.stderr).toBe(0);
      expect(apply.stderr).toContain(`+ create product pro  "${NAME_SHOWN}"`);
      const exported = await runCliInProcess(['--json', 'export'], { env: env() });
      expect(JSON.parse(exported.stdout).catalog.products.pro.name).toBe(NAME);
      for (const [what, r] of Object.entries({ plan, apply, exported })) {
        expectInert(`${what} stdout`, r.stdout);
        expectInert(`${what} stderr`, r.stderr);
      }
    }));

  it("a marker key written into the account by someone else: the orphans note and '- archive' lines", () =>
    withTempDir('pc-hostile-', async (dir) => {
      emulator.reset();
      const file = join(dir, 'catalog.yaml');
      await writeFile(file, catalog('Pro'));
      const note = await runCliInProcess(['plan', file], { env: env() });
      expect(note.stdout).toContain(
        'product gone\\x1b[2J\\x1b[H\\rfake line (pro_01hzzzzzzzzzzzzzzzzzzzzzzz)',
      );
      const prune = await runCliInProcess(['plan', file, '--prune'], { env: env() });
      expect(prune.stdout).toContain('- archive product gone\\x1b[2J\\x1b[H\\rfake line');
      for (const r of [note, prune]) {
        expect(r.code, r.stderr).toBe(0);
        expectInert('stdout', r.stdout);
        expectInert('stderr', r.stderr);
      }
    }));

  it('a newline in a name starts no workflow command in GitHub Actions: log, annotations, step summary', () =>
    withTempDir('pc-hostile-', async (dir) => {
      emulator.reset();
      const file = join(dir, 'catalog.yaml');
      // an unknown field quoting the same text, so that an annotation carries it too
      await writeFile(file, `${catalog(GITHUB_NAME)}    ${yamlString(`x${GITHUB_NAME}`)}: 1\n`);
      const summary = join(dir, 'summary.md');
      const outputs = join(dir, 'outputs.txt');
      const github = { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary, GITHUB_OUTPUT: outputs };
      const invalid = await runCliInProcess(['validate', file], { env: github });
      expect(invalid.stderr).toMatch(/^::error file=/m);
      await writeFile(file, catalog(GITHUB_NAME));
      const plan = await runCliInProcess(['plan', file], { env: { ...env(), ...github } });
      const apply = await runCliInProcess(['apply', file, '--yes'], { env: { ...env(), ...github } });
      expect(apply.code, apply.stderr).toBe(0);
      for (const r of [invalid, plan, apply]) {
        expectInert('stdout', r.stdout);
        expectInert('stderr', r.stderr);
      }
      const markdown = await readFile(summary, 'utf8');
      // the plan's review is a fenced block: the name shows escaped there, on the product's own line
      const fenced = markdown.slice(markdown.indexOf('```diff'), markdown.lastIndexOf('```'));
      expect(fenced).toContain(
        'create product pro  "Plain\\n::error title=Injected::fake failure\\n::add-mask::Verified"',
      );
      expectInert('step summary', markdown, /^$/);
    }));

  it('every field of an API error answer is escaped on stderr and exact in --json', async () => {
    const server = await hostileServer('controls-in-error');
    try {
      await withTempDir('pc-hostile-', async (dir) => {
        const file = join(dir, 'catalog.yaml');
        await writeFile(file, catalog('Pro'));
        const key = { PADDLE_API_URL: server.url, PADDLE_API_KEY: emulator.apiKey };
        const human = await runCliInProcess(['plan', file], { env: key });
        expect(human.code).toBe(1);
        expectInert('stderr', human.stderr);
        for (const field of [
          'Invalid request.',
          'bad_request',
          'name',
          'too long',
          'req',
          'https://developer.paddle.com/',
        ])
          expect(human.stderr).toContain(`${field}\\x1b[2J\\x1b]0;pwned\\x07\\r\\x1b[1A\\x9b31m\\n::error`);
        const json = await runCliInProcess(['--json', 'plan', file], { env: key });
        expectInert('--json stdout', json.stdout);
        const error = JSON.parse(json.stdout).error;
        expect(error.detail).toBe(`Invalid request.${TERMINAL_ATTACK}`);
        expect(error.errors).toEqual([
          { field: `name${TERMINAL_ATTACK}`, message: `too long${TERMINAL_ATTACK}` },
        ]);
        expect(error.request_id).toBe(`req${TERMINAL_ATTACK}`);
      });
    } finally {
      await server.close();
    }
  });
});
