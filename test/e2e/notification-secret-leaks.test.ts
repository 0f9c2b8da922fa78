// The webhook signing secret (pdl_ntfset_…) goes only to the file apply --secrets-out names: a saved
// plan, the GitHub step summary and every line the CLI prints (stdout, stderr, --json, Markdown) hold
// none of it, even when a destination is replaced and the plan talks about the old one's secret.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { tempDir, writeCatalog } from '../support/catalog-files.js';
import { call } from '../support/emulator.js';
import { runCliInProcess } from '../support/run-cli-in-process.js';

let emulator: RunningEmulator;
let dir: string;

const CATALOG = `version: 1
products:
  pro:
    name: Pro
    tax_category: saas
notifications:
  app:
    description: App webhooks
    destination: https://example.com/hooks
    subscribed_events: [subscription.created, transaction.completed]
`;
/** The same destination with a type Paddle cannot change in place: a replacement, a new secret. */
const REPLACED = CATALOG.replace(
  'destination: https://example.com/hooks',
  'type: email\n    destination: ops@example.com',
);

beforeAll(async () => {
  emulator = await startEmulator();
  dir = tempDir();
});
afterAll(() => emulator.close());
beforeEach(() => emulator.reset());

const secretsNow = async (): Promise<string[]> =>
  (await call(emulator, 'GET', '/notification-settings')).body.data.map(
    (n: { endpoint_secret_key: string }) => n.endpoint_secret_key,
  );

function expectNoSecret(where: string, text: string, secrets: readonly string[]): void {
  expect(secrets.length).toBeGreaterThan(0);
  for (const secret of secrets) {
    expect(text.includes(secret), `${where} holds a signing secret`).toBe(false);
    // nor its secret part alone
    expect(text.includes(secret.slice('pdl_ntfset_'.length)), `${where} holds a secret's part`).toBe(false);
  }
}

describe('the signing secret never leaks', () => {
  it('not in a saved plan, the step summary, or any line plan and apply print', async () => {
    const summary = join(dir, 'summary.md');
    writeFileSync(summary, '');
    const env = {
      PADDLE_API_URL: emulator.url,
      PADDLE_API_KEY: emulator.apiKey,
      GITHUB_ACTIONS: 'true',
      GITHUB_WORKSPACE: dir,
      GITHUB_STEP_SUMMARY: summary,
    };
    const cli = (...args: string[]) => runCliInProcess(args, { env });
    const file = writeCatalog(dir, CATALOG, 'leak1.yaml');
    const outputs: { where: string; text: string }[] = [];
    const keep = (where: string, run: { stdout: string; stderr: string }) =>
      outputs.push(
        { where: `${where} stdout`, text: run.stdout },
        { where: `${where} stderr`, text: run.stderr },
      );

    const created = await cli('apply', file, '--yes', '--secrets-out', join(dir, 'first.env'));
    expect(created.code, created.stderr).toBe(0);
    keep('apply', created);
    const first = await secretsNow();

    const next = writeCatalog(dir, REPLACED, 'leak1b.yaml');
    const saved = join(dir, 'replace.plan.json');
    const planned = await cli('plan', next, '--out', saved);
    expect(planned.code, planned.stderr).toBe(0);
    expect(planned.stdout).toContain('replace notification app');
    keep('plan', planned);
    keep('plan --json', await cli('--json', 'plan', next));
    keep('plan --format markdown', await cli('plan', next, '--format', 'markdown'));
    outputs.push({ where: 'the saved plan', text: readFileSync(saved, 'utf8') });

    const replaced = await cli('apply', saved, '--yes', '--secrets-out', join(dir, 'second.env'));
    expect(replaced.code, replaced.stderr).toBe(0);
    keep('apply <plan-file>', replaced);
    keep('apply --json', await cli('--json', 'apply', next, '--yes'));
    const second = await secretsNow();
    expect(second).not.toEqual(first);

    outputs.push({ where: 'the step summary', text: readFileSync(summary, 'utf8') });
    expect(readFileSync(summary, 'utf8')).toContain('notification');
    for (const { where, text } of outputs) expectNoSecret(where, text, [...first, ...second]);
  });
});
