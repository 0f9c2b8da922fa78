// `paddle-catalog invoice` as a user runs it (the CLI in-process) against the emulator.
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import {
  customerIdOf,
  tempCacheHome,
  transactionsOf,
  type WireTransaction,
} from '../billing/emulator-fixtures.js';
import { defined } from '../helpers/defined.js';
import { runCliInProcess } from '../helpers/run-cli-in-process.js';

let emulator: RunningEmulator;
let work: string;
let demoId: string;
let txns: WireTransaction[];

const find = (predicate: (t: WireTransaction) => boolean) =>
  defined(txns.find(predicate), 'a matching transaction').id;
const completedAutomatic = () =>
  find(
    (t) => t.status === 'completed' && t.collection_mode === 'automatic' && t.details.totals.subtotal !== '0',
  );
const billedManual = () => find((t) => t.status === 'billed' && t.collection_mode === 'manual');

beforeAll(async () => {
  emulator = await startEmulator();
  work = await tempCacheHome();
  demoId = await customerIdOf(emulator, 'demo@example.com');
  txns = await transactionsOf(emulator, demoId);
});
afterAll(async () => {
  await emulator.close();
  await rm(work, { recursive: true, force: true });
});
beforeEach(() => emulator.reset());

function invoice(args: string[], options: { key?: string; env?: NodeJS.ProcessEnv } = {}) {
  return runCliInProcess(['invoice', ...args], {
    cwd: work,
    env: {
      PADDLE_API_URL: emulator.url,
      PADDLE_API_KEY: options.key ?? emulator.apiKey,
      XDG_CACHE_HOME: work,
      BROWSER: '',
      ...options.env,
    },
  });
}

const apiCalls = () => emulator.requests().map((r) => `${r.method} ${r.path}`);

describe('paddle-catalog invoice', () => {
  it('§4.2 invoice rule 3: own transaction → the URL and its expiry; a get and one PDF request', async () => {
    const id = completedAutomatic();
    const { code, stdout, stderr } = await invoice([id, '--customer', demoId]);
    expect(code).toBe(0);
    expect(stdout.trim()).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\S+\.pdf$/);
    expect(stderr).toMatch(/valid for 1 hour, until \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
    expect(apiCalls()).toEqual([`GET /transactions/${id}`, `GET /transactions/${id}/invoice`]);
    expect(emulator.requests()[1]?.query).toEqual({ disposition: 'attachment' });
  });

  it('--json prints exactly {"url"}; --inline asks for disposition inline', async () => {
    const { code, stdout } = await invoice([
      billedManual(),
      '--email',
      'demo@example.com',
      '--inline',
      '--json',
    ]);
    expect(code).toBe(0);
    expect(Object.keys(JSON.parse(stdout))).toEqual(['url']);
    expect(emulator.requests().at(-1)?.query).toEqual({ disposition: 'inline' });
  });

  it("§4.2 invoice rule 2: someone else's transaction → Forbidden, exit 1, no PDF request", async () => {
    const json = await invoice([completedAutomatic(), '--email', 'alice@example.com', '--json']);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toEqual({ error: 'Forbidden' });
    expect(apiCalls().some((call) => call.endsWith('/invoice'))).toBe(false);
    const human = await invoice([completedAutomatic(), '--email', 'alice@example.com']);
    expect(human.code).toBe(1);
    expect(human.stderr).toMatch(/Forbidden: transaction txn_\w+ is not one of alice@example\.com's/);
  });

  it('§4.2 invoice rule 1: an e-mail with no customer → No billing customer', async () => {
    const { code, stdout } = await invoice([completedAutomatic(), '--email', 'nobody@example.com', '--json']);
    expect(code).toBe(1);
    expect(JSON.parse(stdout)).toEqual({ error: 'No billing customer' });
    expect(apiCalls()).toEqual(['GET /customers']);
  });

  it('support mode (no customer) in --json: a single PDF request, no ownership check', async () => {
    const { code, stdout } = await invoice([completedAutomatic(), '--json']);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toHaveProperty('url');
    expect(apiCalls()).toEqual([`GET /transactions/${completedAutomatic()}/invoice`]);
  });

  it.each([
    ['a zero-value trial', (t: WireTransaction) => t.details.totals.subtotal === '0', /zero-value/],
    [
      'a paid automatic one',
      (t: WireTransaction) => t.status === 'paid',
      /status is paid .* collected automatically/,
    ],
    [
      'a past-due manual one',
      (t: WireTransaction) => t.status === 'past_due' && t.collection_mode === 'manual',
      /status is past_due .* manually collected/,
    ],
    ['a canceled invoice', (t: WireTransaction) => t.status === 'canceled', /status is canceled/],
  ])(
    '§4.1 list rule 3: %s has no invoice: said plainly, no PDF request',
    async (_name, predicate, reason) => {
      const id = find(predicate);
      const { code, stderr } = await invoice([id]);
      expect(code).toBe(1);
      expect(stderr).toMatch(new RegExp(`Transaction ${id} has no invoice PDF`));
      expect(stderr).toMatch(reason);
      expect(stderr).toMatch(/No PDF was requested/);
      expect(apiCalls()).toEqual([`GET /transactions/${id}`]);
    },
  );

  it('§4.2 invoice rule 5: an unknown transaction → not_found, exit 1', async () => {
    const unknown = 'txn_01h00000000000000000000000';
    const json = await invoice([unknown, '--json']);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toEqual({ error: 'not_found' });
    const human = await invoice([unknown]);
    expect(human.stderr).toMatch(/not_found, HTTP 404/);
    expect(human.stderr).toMatch(/request id: /);
  });

  it('§4.2 invoice rule 5: a key without transaction.read → forbidden, naming the permission', async () => {
    const key = emulator.addApiKey(['customer.read']);
    const json = await invoice([completedAutomatic(), '--json'], { key });
    expect(JSON.parse(json.stdout)).toEqual({ error: 'forbidden' });
    const human = await invoice([completedAutomatic()], { key });
    expect(human.code).toBe(1);
    expect(human.stderr).toMatch(/transaction\.read/);
  });

  it('--download saves the PDF', async () => {
    const { code, stderr } = await invoice([billedManual(), '--download', 'invoice.pdf']);
    expect(code).toBe(0);
    expect(stderr).toMatch(/saved the PDF to .*invoice\.pdf \(\d+ bytes\)/);
    const pdf = await readFile(join(work, 'invoice.pdf'), 'latin1');
    expect(pdf.startsWith('%PDF-')).toBe(true);
  });

  it('--open launches $BROWSER with the URL; without it, never a browser when not on a terminal', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pc-browser-'));
    const opened = join(dir, 'opened.txt');
    const browser = join(dir, 'browser.sh');
    await writeFile(browser, `#!/bin/sh\nprintf '%s' "$1" > '${opened}'\n`);
    await chmod(browser, 0o755);
    const withBrowser = await invoice([billedManual(), '--open'], { env: { BROWSER: browser } });
    expect(withBrowser.stderr).toMatch(/opened in the browser/);
    let url = '';
    for (let i = 0; i < 50 && !url; i += 1) {
      url = await readFile(opened, 'utf8').catch(() => '');
      if (!url) await new Promise((r) => setTimeout(r, 50));
    }
    expect(url).toBe(withBrowser.stdout.trim());
    const without = await invoice([billedManual(), '--open']);
    expect(without.code).toBe(0);
    expect(without.stderr).toMatch(/not opening a browser: (not a terminal|running in CI)/);
    await rm(dir, { recursive: true, force: true });
  });

  it('refuses something that is not a transaction id, before any call', async () => {
    const { code, stderr } = await invoice(['pro_123']);
    expect(code).toBe(1);
    expect(stderr).toMatch(/Not a transaction id/);
    expect(emulator.requests()).toEqual([]);
  });
});
