// The repository's composite GitHub Action (action.yml): its script run as a runner would, in a
// project folder, on the command this repository builds. That the packed package installs and npx
// finds its command there is test/e2e/packed-library.test.ts; the workflow of docs/ci.md around the
// action is test/github/ci-page-workflow.test.ts.
import { copyFile, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { npxStandIn, readAction, runAction } from '../support/action-script.js';
import { tempDir } from '../support/catalog-files.js';
import { BIN, ROOT } from '../support/run-cli.js';

let app: string;
let npx: string;
let emulator: RunningEmulator;

beforeAll(async () => {
  app = tempDir();
  // the action's `npx --no -- paddle-catalog` runs the built command
  npx = npxStandIn([process.execPath, BIN]);
  emulator = await startEmulator();
});
afterAll(() => emulator?.close());

// Real processes (the action's bash and the command): bounded by them, with room for a second test
// run on the same cores.
describe('the GitHub Action (action.yml) on the command', { timeout: 60_000 }, () => {
  const inApp = () => ({
    cwd: app,
    env: {
      ...process.env,
      PATH: `${npx}:${process.env.PATH}`,
      PADDLE_API_URL: emulator.url,
      PADDLE_API_KEY: emulator.apiKey,
    },
  });

  it('is a composite action whose outputs are the step outputs the command writes', async () => {
    const action = await readAction();
    expect(action.runs.using).toBe('composite');
    expect(Object.keys(action.inputs).sort()).toEqual(
      ['args', 'catalog', 'command', 'plan-file', 'production', 'working-directory'].sort(),
    );
    for (const [name, output] of Object.entries(action.outputs)) {
      expect(output.value).toBe(`\${{ steps.run.outputs.${name} }}`);
    }
    expect(Object.keys(action.outputs).sort()).toEqual(['applied', 'has_changes', 'ids_file', 'verified']);
  });

  it('validate, then plan (has_changes=true and the review in the summary), then apply, then plan again', async () => {
    await copyFile(join(ROOT, 'catalogs/saas-starter.yaml'), join(app, 'catalog.yaml'));
    emulator.reset();
    const validate = await runAction({ command: 'validate' }, inApp());
    expect(validate.code).toBe(0);
    const plan = await runAction({ command: 'plan' }, inApp());
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.outputs).toEqual({ has_changes: 'true' });
    expect(plan.summary).toMatch(/starter/);
    const apply = await runAction({ command: 'apply', args: '--ids-out ids.sandbox.json' }, inApp());
    expect(apply.code, apply.stderr).toBe(0);
    expect(apply.outputs).toEqual({
      has_changes: 'true',
      applied: 'true',
      verified: 'true',
      ids_file: 'ids.sandbox.json',
    });
    const again = await runAction({ command: 'plan' }, inApp());
    expect(again.outputs).toEqual({ has_changes: 'false' });
  });

  it('plan-file: plan saves the plan, apply applies exactly that file', async () => {
    await copyFile(join(ROOT, 'catalogs/launch-discounts.yaml'), join(app, 'discounts.yaml'));
    emulator.reset();
    const plan = await runAction(
      { command: 'plan', catalog: 'discounts.yaml', 'plan-file': 'plan.json' },
      inApp(),
    );
    expect(plan.code, plan.stderr).toBe(0);
    expect(JSON.parse(await readFile(join(app, 'plan.json'), 'utf8'))).toHaveProperty('operations');
    const apply = await runAction({ command: 'apply', 'plan-file': 'plan.json' }, inApp());
    expect(apply.code, apply.stderr).toBe(0);
    expect(apply.outputs).toMatchObject({ applied: 'true', verified: 'true' });
  });

  it('refuses an unknown command or production value, and plan-file with validate, before running anything', async () => {
    emulator.reset();
    const cases: [Record<string, string>, RegExp][] = [
      [{ command: 'destroy' }, /command must be validate, plan or apply/],
      [{ command: 'plan', production: 'yes' }, /production must be true or false/],
      [{ command: 'validate', 'plan-file': 'plan.json' }, /plan-file is for the plan and apply commands/],
    ];
    for (const [inputs, message] of cases) {
      const result = await runAction(inputs, inApp());
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(message);
      expect(result.outputs).toEqual({});
    }
    expect(emulator.requests()).toEqual([]);
  });

  it('passes production through: a sandbox key with production=true is refused before any call', async () => {
    emulator.reset();
    const result = await runAction({ command: 'plan', production: 'true' }, inApp());
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/sandbox key/);
    expect(emulator.requests()).toEqual([]);
  });
});
