// notification-destination-local through the CLI: a webhook URL on this machine is planned and
// applied against the emulator, whose answers name it; against Paddle's own host it is refused
// before any call, and behind a server that does not name itself the emulator (a proxy in front of
// Paddle, as far as the tool can tell) after one read and before any write; each refusal names the
// file, line and column.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { EMULATOR_HEADER } from '../../src/paddle-facts/environments.js';
import { tempDir, writeCatalog } from '../support/catalog-files.js';
import { call } from '../support/emulator.js';
import { type HostileServer, unnamedProxy } from '../support/hostile-server.js';
import { runCliInProcess } from '../support/run-cli-in-process.js';

const CATALOG = `version: 1
products:
  pro:
    name: Pro
    tax_category: saas
notifications:
  app:
    description: App webhooks
    destination:
      sandbox: http://127.0.0.1:3000/paddle/webhooks
      production: https://example.com/paddle/webhooks
    subscribed_events: [subscription.updated]
`;
const AT =
  /c\.yaml:10:16 +error destination\.sandbox is on this machine, which Paddle cannot reach.*\(notification-destination-local\)/;

let emulator: RunningEmulator;
let proxy: HostileServer;
let file: string;
const cli = (url: string, ...args: string[]) =>
  runCliInProcess(args, { env: { PADDLE_API_URL: url, PADDLE_API_KEY: emulator.apiKey } });

beforeAll(async () => {
  emulator = await startEmulator();
  proxy = await unnamedProxy(emulator.url);
  file = writeCatalog(tempDir(), CATALOG, 'c.yaml');
});
afterAll(async () => {
  await proxy.close();
  await emulator.close();
});
beforeEach(() => {
  emulator.reset();
  proxy.requests.length = 0;
});

describe('notification-destination-local', () => {
  it('every answer of the emulator names it, a refusal and an admin answer too', async () => {
    for (const [method, path] of [
      ['GET', '/products'],
      ['GET', '/products/pro_01h00000000000000000000000'],
      ['GET', '/__emulator/clock'],
    ] as const) {
      const answer = await fetch(`${emulator.url}${path}`, {
        method,
        headers: { Authorization: `Bearer ${emulator.apiKey}` },
      });
      expect(answer.headers.get(EMULATOR_HEADER), path).toBe('1');
    }
  });

  it('the emulator takes a destination on this machine: planned and applied', async () => {
    const applied = await cli(emulator.url, 'apply', file, '--yes');
    expect(applied.code, applied.stderr).toBe(0);
    const [setting] = (await call(emulator, 'GET', '/notification-settings')).body.data;
    expect(setting.destination).toBe('http://127.0.0.1:3000/paddle/webhooks');
  });

  it("against Paddle's own host it is refused at its line and column before any call", async () => {
    const planned = await runCliInProcess(['plan', file], { env: { PADDLE_API_KEY: emulator.apiKey } });
    expect(planned.code).toBe(1);
    expect(planned.stderr).toMatch(AT);
    expect(planned.stderr).toContain('notification-destination-local');
  });

  it('behind a server that does not name itself the emulator, plan and apply are refused after one read, with no write', async () => {
    for (const command of [
      ['plan', file],
      ['apply', file, '--yes'],
    ]) {
      const run = await cli(proxy.url, ...command);
      expect(run.code, command[0]).toBe(1);
      expect(run.stderr).toMatch(AT);
    }
    expect(proxy.requests).toEqual([
      { method: 'GET', url: '/event-types' },
      { method: 'GET', url: '/event-types' },
    ]);
  });

  it('a saved plan made on the emulator is refused behind a server that does not name itself, with no write', async () => {
    const saved = `${file}.plan.json`;
    const planned = await cli(emulator.url, 'plan', file, '--out', saved);
    expect(planned.code, planned.stderr).toBe(0);
    const applied = await cli(proxy.url, 'apply', saved, '--yes');
    expect(applied.code).toBe(1);
    expect(applied.stderr).toMatch(
      /plan\.json: notifications\.app\.destination\.sandbox: destination\.sandbox is on this machine.*\(notification-destination-local\)/,
    );
    expect(proxy.requests).toEqual([{ method: 'GET', url: '/event-types' }]);
  });

  it('a catalog without a destination on this machine asks the target nothing', async () => {
    const other = writeCatalog(
      tempDir(),
      CATALOG.replace('http://127.0.0.1:3000', 'https://staging.example.com'),
      'd.yaml',
    );
    const planned = await cli(proxy.url, 'plan', other);
    expect(planned.code, planned.stderr).toBe(0);
    expect(proxy.requests.map((r) => r.url)).not.toContain('/event-types');
  });
});
